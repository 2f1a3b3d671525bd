import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSealer, hmacOf } from '../../../main/storage/sealer';

/** What every keyed hash saved in a database was made with: Node's own HMAC of the kind, a zero byte and the value. */
const reference = (key: Buffer, kind: string, value: string) => createHmac('sha256', key).update(kind).update('\0').update(value).digest('hex');

/** Values of every shape an identifier can take: empty, ASCII, Cyrillic, emoji (surrogate pairs), lone surrogates, long. */
const values: string[] = [
  '',
  'a',
  '02:00:00:00:00:01',
  'SN-0001',
  'камера-7 ✓',
  '摄像机 🎥👁️‍🗨️',
  '\u0000inside\u0000',
  '\uD800 lone high',
  'lone low \uDC00',
  'ends high \uD83D',
  'é'.repeat(63),
  'x'.repeat(55),
  'x'.repeat(56),
  'x'.repeat(64),
  'x'.repeat(65),
  'x'.repeat(191),
  'x'.repeat(192),
  '€'.repeat(300),
  '🎥'.repeat(5_000),
  'y'.repeat(1_000_000),
];

describe('keyed hashes (HMAC-SHA-256 under the index key)', () => {
  it('give createHmac’s bytes for keys of every length from 0 to 200 bytes (a key past 64 is hashed first)', () => {
    for (let length = 0; length <= 200; length++) {
      const key = randomBytes(length);
      const hash = hmacOf(key);
      for (const value of [values[0]!, values[2]!, values[4]!, values[5]!, values[13]!, values[17]!]) {
        expect(hash('mac', value).toString('hex'), `key of ${length} bytes, value ${JSON.stringify(value.slice(0, 20))}`).toBe(reference(key, 'mac', value));
      }
    }
  });

  it('give createHmac’s bytes for empty, ASCII, Unicode and very long values, in any order (the buffer grows and shrinks back)', () => {
    const key = randomBytes(32);
    const hash = hmacOf(key);
    // Long values first, then short ones: what a larger buffer left behind must not leak into a later hash.
    for (const value of [...values].reverse().concat(values)) {
      for (const kind of ['mac', 'serial', 'external-id', 'stream-uid', '', 'вид']) {
        expect(hash(kind, value).toString('hex')).toBe(reference(key, kind, value));
      }
    }
  });

  it('cut short, is the whole hash’s first bytes, for every length that may be kept', () => {
    const key = randomBytes(32);
    const hash = hmacOf(key);
    const whole = reference(key, 'serial', 'SN-7');
    for (let bytes = 0; bytes <= 32; bytes++) expect(hash('serial', 'SN-7', bytes).toString('hex')).toBe(whole.slice(0, 2 * bytes));
  });

  it('are what the sealer saves and what its worker thread makes, for many data keys', async () => {
    for (let round = 0; round < 20; round++) {
      const dataKey = randomBytes(32);
      const indexKey = Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), 'watchdesk database index keys v1', 32));
      const sealer = createSealer(dataKey);
      const pairs = values.slice(0, 18).map((value): [string, string] => ['external-id', value]);
      for (const [kind, value] of pairs) expect(sealer.hash(kind, value).toString('hex')).toBe(reference(indexKey, kind, value));
      // 70 hashes go to the worker (createHmac there): the same bytes as this thread's.
      const many = Array.from({ length: 70 }, (_, i) => pairs[i % pairs.length]!);
      const { hashed } = await sealer.sealMany([], many);
      hashed.forEach((one, i) => expect(one.toString('hex')).toBe(reference(indexKey, ...many[i]!)));
    }
  }, 30_000);
});
