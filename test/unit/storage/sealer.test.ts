import { randomBytes } from 'node:crypto';
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
});
