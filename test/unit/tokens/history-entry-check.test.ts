import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldPathsOf, withValue } from '../platform/field-paths';
import { expectSameVerdict } from '../platform/same-verdict';
import { newHistoryEntriesCheck } from '../../../main/tokens/history-entry-check';
import { historyEntrySchema, type HistoryEntry } from '../../../preload/contract/tokens';
import { historyEntry } from '../../support/history-entry';

// The compiled check of new history entries (run on every token a batch writes) must give the general parser's
// verdict: the same entries (unknown fields dropped) or the same issues, so nothing is saved that the schema refuses.

const entry: HistoryEntry = { ...historyEntry(1), expiresAt: '2026-11-23T07:00:00.000Z', batchId: 'b1' };

const general = z.array(historyEntrySchema);
const paths = fieldPathsOf(entry);
const sameVerdict = (input: unknown): void => expectSameVerdict(general, newHistoryEntriesCheck(), input);

describe('the compiled check of new history entries', () => {
  it('is compiled (not the general parser handed back)', () => {
    expect(newHistoryEntriesCheck()).not.toBe(general);
  });

  it('accepts entries of both kinds and drops fields the schema does not know', () => {
    sameVerdict([entry]);
    sameVerdict([entry, { ...entry, kind: 'user', user: 'ops', token: null, expiresAt: null, batchId: 'b1', extra: 1 }]);
    sameVerdict([]);
  });

  it('refuses a changed field exactly as the general parser does', () => {
    const replacements = [undefined, null, '', 'text', 0, -3, 1.5, true, {}, [], '2026-11-23', '2026-11-23T06:00:00+03:00', 'stream', 'user'];
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.constantFrom(...replacements), fc.nat(2), (path, replacement, at) => {
        const list: unknown[] = [entry, entry, entry];
        list[at] = withValue(entry, path, replacement);
        sameVerdict(list);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what is not a list of entries', () => {
    for (const input of [null, entry, 'entries', 17, [null], [[entry]]]) sameVerdict(input);
  });
});
