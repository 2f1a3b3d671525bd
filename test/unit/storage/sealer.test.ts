import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decrypt, encrypt } from '../../../main/secrets/crypto';
import { createSealer } from '../../../main/storage/sealer';

describe('sealer', () => {
  const key = randomBytes(32);

  it('writes the blob format the vault reads, bound to its purpose', () => {
    const sealer = createSealer(key);
    const blob = sealer.seal('the ONVIF password', 'outbox:1');
    expect(decrypt(key, blob, 'outbox:1').toString('utf8')).toBe('the ONVIF password');
    expect(() => decrypt(key, blob, 'outbox:2')).toThrow(/could not be read/);
    // And the other way: a blob sealed by the vault's own encrypt opens here.
    expect(sealer.open(encrypt(key, Buffer.from('older row'), 'outbox:3'), 'outbox:3').toString('utf8')).toBe('older row');
  });

  it('gives every seal its own IV, across refills of the IV pool', () => {
    const sealer = createSealer(key);
    const ivs = new Set<string>();
    for (let i = 0; i < 1_000; i++) ivs.add(sealer.sealJson({ i }, `row:${i}`).subarray(1, 13).toString('hex'));
    expect(ivs.size).toBe(1_000);
    expect(sealer.openJson(sealer.sealJson({ n: 7 }, 'row:x'), 'row:x', z.object({ n: z.number() }), 'a row')).toEqual({ n: 7 });
  });

  it('seals empty and large values', () => {
    const sealer = createSealer(key);
    const large = randomBytes(200_000);
    expect(sealer.open(sealer.seal(large, 'big'), 'big').equals(large)).toBe(true);
    expect(sealer.open(sealer.seal(Buffer.alloc(0), 'empty'), 'empty').length).toBe(0);
  });

  it('seals and hashes a large group on its worker thread into the same blobs and hashes as one at a time', async () => {
    const sealer = createSealer(key);
    const values = Array.from({ length: 300 }, (_, i) => ({ value: { stream: `stream-${i}`, token: 'т'.repeat(i % 7) }, purpose: `token-history:${i + 1}` }));
    const hashes = values.map((one): [string, string] => ['stream-uid', one.value.stream]);
    const { sealed, hashed } = await sealer.sealMany(values, hashes);
    expect(sealed).toHaveLength(300);
    sealed.forEach((blob, i) => expect(JSON.parse(decrypt(key, blob, values[i]!.purpose).toString('utf8'))).toEqual(values[i]!.value));
    hashed.forEach((hash, i) => expect(hash.equals(sealer.hash('stream-uid', values[i]!.value.stream))).toBe(true));
    expect(new Set(sealed.map((blob) => blob.subarray(1, 13).toString('hex'))).size).toBe(300);
    // A few are sealed in this thread, the same way.
    const few = await sealer.sealMany(values.slice(0, 2), hashes.slice(0, 2));
    expect(decrypt(key, few.sealed[1]!, values[1]!.purpose).toString('utf8')).toBe(JSON.stringify(values[1]!.value));
  });

  it('makes keyed hashes that never change: HMAC-SHA-256 under the HKDF index key, of the kind, a zero byte and the value', () => {
    const sealer = createSealer(key);
    const indexKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'watchdesk database index keys v1', 32));
    const values: Array<[string, string]> = [
      ['mac', '02:00:00:00:00:01'],
      ['serial', ''],
      ['external-id', 'камера-7 ✓'],
      ['stream-uid', 'x'.repeat(1_000)],
      ['mac', '02:00:00:00:00:01'],
    ];
    for (const [kind, value] of values) {
      expect(sealer.hash(kind, value).toString('hex')).toBe(createHmac('sha256', indexKey).update(kind).update('\0').update(value).digest('hex'));
    }
    // Cut short, it is the whole one's first bytes.
    expect(sealer.hash('mac', 'a', 16).equals(sealer.hash('mac', 'a').subarray(0, 16))).toBe(true);
    // A hash handed out is the caller's: the next one does not write over it.
    const first = sealer.hash('mac', 'a');
    const copy = Buffer.from(first);
    sealer.hash('mac', 'b');
    expect(first.equals(copy)).toBe(true);
  });
});
