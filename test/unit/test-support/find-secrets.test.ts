import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secretFinder } from '../../e2e/leak-scan/find-secrets';

// The e2e leak scan trusts this finder to say what `includes` would: a secret it missed would be a leak let through.
const includes = (text: string, secrets: string[]) => [...new Set(secrets)].filter((secret) => text.includes(secret)).sort();

describe('the leak scan finds secrets as includes would', () => {
  it('for many secrets of mixed lengths in texts built from them, their pieces and noise', () => {
    const alphabet = fc.constantFrom(...'ab_-Zst0\u00ff\u2028'.split(''));
    const word = fc.string({ unit: alphabet, minLength: 8, maxLength: 14 });
    fc.assert(
      fc.property(fc.array(word, { minLength: 9, maxLength: 40 }), fc.array(fc.oneof(word, fc.string({ unit: alphabet, maxLength: 6 })), { maxLength: 30 }), (secrets, pieces) => {
        // Whole secrets, their prefixes and suffixes, and noise, side by side.
        const parts = pieces.flatMap((piece, i) => [piece, secrets[i % secrets.length]!.slice(i % 5), secrets[(i * 7) % secrets.length]!.slice(0, 8 + (i % 4))]);
        const text = parts.join('');
        expect(secretFinder(secrets)(text).sort()).toEqual(includes(text, secrets));
      }),
      { numRuns: 300 },
    );
  });

  it('for 10,000 stream tokens, one of them at the very end of a long text and one at its start', () => {
    const tokens = Array.from({ length: 10_000 }, (_, i) => `st_${i.toString(36).padStart(12, '0')}${'x'.repeat(i % 3)}`);
    const text = `${tokens[42]}${'\u0000binary\u00ff'.repeat(100_000)}${tokens[9_999]}`;
    expect(secretFinder(tokens)(text).sort()).toEqual([tokens[42], tokens[9_999]].sort());
    expect(secretFinder(tokens)('st_0000')).toEqual([]);
  });
});
