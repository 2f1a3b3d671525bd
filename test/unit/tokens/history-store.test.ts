import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { HistoryEntry } from '../../../preload/contract/tokens';
import { createSessionTokenHistory, createTokenHistory, historyRecordSchema } from '../../../main/tokens/history-store';
import { createEncryptedJournal } from '../../../main/secrets/encrypted-journal';
import { historyEntry } from '../../support/history-entry';

const key = Buffer.alloc(32, 7);
const getKey = async () => key;

const entry = historyEntry;

const freshPath = () => join(mkdtempSync(join(tmpdir(), 'wd-hist-')), 'token-history.enc');

describe('token history store', () => {
  it('reads back what it wrote, through a new store over the same file and key', async () => {
    const path = freshPath();
    await createTokenHistory(path, getKey).append([entry(1), entry(2)]);
    expect(await createTokenHistory(path, getKey).entries()).toEqual([entry(1), entry(2)]);
  });

  it('keeps tokens encrypted on disk', async () => {
    const path = freshPath();
    await createTokenHistory(path, getKey).append([entry(1)]);
    const raw = readFileSync(path);
    expect(raw.includes(Buffer.from('st_secret_token_1'))).toBe(false);
    expect(raw.includes(Buffer.from('cam-1'))).toBe(false);
  });

  it('refuses to read with another key, with a sentence that offers clearing', async () => {
    const path = freshPath();
    await createTokenHistory(path, getKey).append([entry(1)]);
    await expect(createTokenHistory(path, async () => randomBytes(32)).entries()).rejects.toThrow(/cannot be read.*Clear the history/);
  });

  it('is empty when no file exists yet', async () => {
    expect(await createTokenHistory(freshPath(), getKey).entries()).toEqual([]);
  });

  it('edits the note of one entry', async () => {
    const path = freshPath();
    const history = createTokenHistory(path, getKey);
    await history.append([entry(1), entry(2)]);
    await history.setNote('id-2', 'for the night shift');
    expect((await createTokenHistory(path, getKey).entries()).map((e) => e.note)).toEqual(['', 'for the night shift']);
  });

  it('clears everything', async () => {
    const path = freshPath();
    const history = createTokenHistory(path, getKey);
    await history.append([entry(1)]);
    await history.clear();
    expect(await createTokenHistory(path, getKey).entries()).toEqual([]);
  });

  it('drops the oldest entries past its size limit', async () => {
    const history = createTokenHistory(freshPath(), getKey, { maxEntries: 3 });
    await history.append([entry(1), entry(2)]);
    await history.append([entry(3), entry(4)]);
    expect((await history.entries()).map((e) => e.id)).toEqual(['id-2', 'id-3', 'id-4']);
  });

  it('shows exactly the newest entries after many small appends to a full history, and the same after reopening', async () => {
    const path = freshPath();
    const history = createTokenHistory(path, getKey, { maxEntries: 40 });
    const newest = (last: number) => Array.from({ length: 40 }, (_, i) => `id-${last - 39 + i}`);
    for (let n = 1; n <= 137; n++) {
      await history.append([entry(n)]);
      if (n % 9 === 0 && n >= 40) expect((await history.entries()).map((e) => e.id)).toEqual(newest(n));
    }
    expect((await history.entries()).map((e) => e.id)).toEqual(newest(137));
    expect((await createTokenHistory(path, getKey, { maxEntries: 40 }).entries()).map((e) => e.id)).toEqual(newest(137));
  });
});

describe('token history checks', () => {
  it('refuses a new entry that does not match the schema, and writes nothing', async () => {
    const path = freshPath();
    const history = createTokenHistory(path, getKey);
    await history.append([entry(1)]);
    await expect(history.append([{ ...entry(2), issuedAt: 'yesterday' }])).rejects.toThrow(/Refusing to save/);
    expect((await history.entries()).map((e) => e.id)).toEqual(['id-1']);
    expect((await createTokenHistory(path, getKey).entries()).map((e) => e.id)).toEqual(['id-1']);
  });

  it('reads a record whose entries are not history entries as damage: set aside after the intact ones', async () => {
    const path = freshPath();
    await createTokenHistory(path, getKey).append([entry(1)]);
    // A record with the right key but the wrong content (another program's, or a format this version does not know).
    const otherPath = freshPath();
    const loose = z.object({ type: z.literal('append'), entries: z.array(z.object({ n: z.number() })) });
    await createEncryptedJournal(otherPath, loose, getKey, { aad: 'watchdesk:token-history' }).append({ type: 'append', entries: [{ n: 1 }] });
    writeFileSync(path, Buffer.concat([readFileSync(path), readFileSync(otherPath)]));
    const reopened = createTokenHistory(path, getKey);
    expect((await reopened.entries()).map((e) => e.id)).toEqual(['id-1']);
    expect(reopened.damage()).toMatchObject({ records: 1 });
  });
});

describe('token history journal', () => {
  it('keeps every entry and note across compactions and restarts', async () => {
    const path = freshPath();
    const history = createTokenHistory(path, getKey, { compactAfterRecords: 3 });
    for (let n = 1; n <= 7; n++) await history.append([entry(n)]);
    await history.setNote('id-2', 'night shift');
    const reread = await createTokenHistory(path, getKey).entries();
    expect(reread.map((e) => e.id)).toEqual(['id-1', 'id-2', 'id-3', 'id-4', 'id-5', 'id-6', 'id-7']);
    expect(reread[1]!.note).toBe('night shift');
  });

  it('forgets the oldest entries past the limit on disk too, once compacted', async () => {
    const path = freshPath();
    const history = createTokenHistory(path, getKey, { maxEntries: 2, compactAfterRecords: 2 });
    for (let n = 1; n <= 5; n++) await history.append([entry(n)]);
    expect((await createTokenHistory(path, getKey, { maxEntries: 2 }).entries()).map((e) => e.id)).toEqual(['id-4', 'id-5']);
  });
});

describe('token history under concurrent changes', () => {
  it('keeps every entry when appends and note edits overlap, also across a compaction', async () => {
    const path = freshPath();
    const history = createTokenHistory(path, getKey, { compactAfterRecords: 3 });
    await history.append([entry(0)]);
    await Promise.all([
      history.append([entry(1), entry(2)]),
      history.setNote('id-0', 'first'),
      history.append([entry(3)]),
      history.append([entry(4)]),
      history.append([entry(5)]),
    ]);
    const expected = [{ ...entry(0), note: 'first' }, entry(1), entry(2), entry(3), entry(4), entry(5)];
    expect(await history.entries()).toEqual(expected);
    expect(await createTokenHistory(path, getKey).entries()).toEqual(expected);
  });

  it('a clear while the first read is in progress leaves the history empty', async () => {
    const path = freshPath();
    await createTokenHistory(path, getKey).append([entry(1)]);
    // The clear asks for the key first (the read is still reading the file); the read's key arrives late, so the
    // clear finishes first and the read would land after it.
    let keys = 0;
    const slowFirstKey = async () => {
      if (keys++ === 1) await new Promise((resolve) => setTimeout(resolve, 50));
      return key;
    };
    const history = createTokenHistory(path, slowFirstKey);
    const reading = history.entries();
    await history.clear();
    await reading;
    expect(await history.entries()).toEqual([]);
  });
});

describe('session-only token history', () => {
  it('lists what was issued in the session and writes nothing to disk', async () => {
    const history = createSessionTokenHistory();
    await history.append([entry(1), entry(2)]);
    await history.setNote('id-2', 'kept in memory');
    expect(await history.entries()).toEqual([entry(1), { ...entry(2), note: 'kept in memory' }]);
    await history.clear();
    expect(await history.entries()).toEqual([]);
  });

  it('keeps every intact entry of a torn file, appends after them, and tells how many records were set aside', async () => {
    const path = freshPath();
    const first = createTokenHistory(path, getKey);
    await first.append([entry(1)]);
    await first.append([entry(2), entry(3)]);
    truncateSync(path, statSync(path).size - 50);
    const reopened = createTokenHistory(path, getKey);
    expect(await reopened.entries()).toEqual([entry(1)]);
    expect(reopened.damage()).toMatchObject({ records: 1, file: expect.stringMatching(/^token-history\.enc\.damaged-/) });
    await reopened.append([entry(4)]);
    expect(await createTokenHistory(path, getKey).entries()).toEqual([entry(1), entry(4)]);
  });

  it('clearing an unreadable history keeps a backup of it', async () => {
    const path = freshPath();
    await createTokenHistory(path, getKey).append([entry(1)]);
    const original = readFileSync(path);
    const other = createTokenHistory(path, async () => randomBytes(32));
    await expect(other.entries()).rejects.toThrow(/cannot be read/);
    await other.clear();
    const backup = other.damage();
    expect(backup).toMatchObject({ records: null });
    expect(readFileSync(join(dirname(path), backup!.file))).toEqual(original);
    expect(await other.entries()).toEqual([]);
  });

  it('a file that starts with a huge length prefix is damage set aside, not an empty history', async () => {
    const path = freshPath();
    writeFileSync(path, Buffer.from([0xff, 0xff, 0xff, 0xff, 1, 2, 3]));
    const history = createTokenHistory(path, getKey);
    expect(await history.entries()).toEqual([]);
    expect(history.damage()?.records).toBe(1);
    expect(existsSync(join(dirname(path), history.damage()!.file))).toBe(true);
  });
});

describe('token history size on disk', () => {
  /** The journal exactly as the store writes it, for setting up a history "as the console left it". */
  const journalAt = (path: string) => createEncryptedJournal(path, historyRecordSchema, getKey, { aad: 'watchdesk:token-history' });
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => entry(from + i));
  const entriesOnDisk = async (path: string) =>
    (await journalAt(path).read()).reduce((n, record) => n + (record.type === 'note' ? 0 : record.entries.length), 0);

  it('reopens with exactly the retained 20,000 newest after 2,000,000 were ever issued', async () => {
    const path = freshPath();
    // What compaction leaves after 1,995,000 issues (a snapshot of the newest 20,000), then five batches of 1,000.
    const journal = journalAt(path);
    await journal.replace([{ type: 'snapshot', entries: range(1_975_001, 1_995_000) }]);
    for (let batch = 0; batch < 5; batch++) {
      const first = 1_995_001 + batch * 1000;
      await journal.append({ type: 'append', entries: range(first, first + 999) });
    }
    const entries = await createTokenHistory(path, getKey).entries();
    expect(entries).toHaveLength(20_000);
    expect(entries[0]!.id).toBe('id-1980001');
    expect(entries.at(-1)!.id).toBe('id-2000000');
  });

  it('never holds more than the retained entries plus one compaction interval, however many were issued', async () => {
    const path = freshPath();
    const history = createTokenHistory(path, getKey, { maxEntries: 1000, compactAfterEntries: 250 });
    let most = 0;
    for (let batch = 0; batch < 40; batch++) {
      await history.append(range(batch * 500 + 1, batch * 500 + 500));
      most = Math.max(most, await entriesOnDisk(path));
    }
    expect(most).toBeLessThanOrEqual(1250);
    const reopened = await createTokenHistory(path, getKey, { maxEntries: 1000 }).entries();
    expect(reopened.map((e) => e.id)).toEqual(range(19_001, 20_000).map((e) => e.id));
  });

  it('compaction drops the oldest records, keeps the later ones byte for byte, and loses no note', async () => {
    const path = freshPath();
    const history = createTokenHistory(path, getKey, { maxEntries: 10, compactAfterEntries: 5 });
    const expected: HistoryEntry[] = [];
    /** The last record of the file: the append just made, whether it compacted or not. */
    const lastRecord = (bytes: Buffer): Buffer => {
      let offset = 0;
      let last = bytes;
      while (offset < bytes.length) {
        last = bytes.subarray(offset, offset + 4 + bytes.readUInt32BE(offset));
        offset += last.length;
      }
      return last;
    };
    let next = 1;
    let previousAppend: Buffer | null = null;
    for (let round = 0; round < 12; round++) {
      const added = range(next, next + (round % 4));
      next += added.length;
      await history.append(added);
      const after = readFileSync(path);
      // The previous append (at most 4 entries, all among the newest 10) is kept whole: the same bytes, copied
      // across any compaction rather than decrypted and encrypted again.
      if (previousAppend) expect(after.includes(previousAppend)).toBe(true);
      previousAppend = Buffer.from(lastRecord(after));
      expected.push(...added);
      // A note on an entry near the cut: the record it is in may be the one written again.
      const target = expected.at(-Math.min(expected.length, 10))!;
      await history.setNote(target.id, `note ${round}`);
      expected[expected.indexOf(target)] = { ...target, note: `note ${round}` };
      const newest = expected.slice(-10);
      expect(await history.entries()).toEqual(newest);
      expect(await entriesOnDisk(path)).toBeLessThanOrEqual(15);
      expect(await createTokenHistory(path, getKey, { maxEntries: 10, compactAfterEntries: 5 }).entries()).toEqual(newest);
      expected.splice(0, Math.max(0, expected.length - 10));
    }
  });

  it('opens by reading only the newest records that hold the retained entries, and drops the older ones at the next change', async () => {
    const path = freshPath();
    const journal = journalAt(path);
    for (let batch = 0; batch < 6; batch++) await journal.append({ type: 'append', entries: range(batch * 100 + 1, batch * 100 + 100) });
    // The oldest record could not even be parsed as a history record: an open that read it would fail.
    const oldest = freshPath();
    const loose = z.object({ type: z.literal('append'), entries: z.array(z.object({ n: z.number() })) });
    await createEncryptedJournal(oldest, loose, getKey, { aad: 'watchdesk:token-history' }).append({ type: 'append', entries: [{ n: 1 }] });
    writeFileSync(path, Buffer.concat([readFileSync(oldest), readFileSync(path)]));
    const options = { maxEntries: 250, compactAfterEntries: 1000 };
    const history = createTokenHistory(path, getKey, options);
    expect((await history.entries()).map((e) => e.id)).toEqual(range(351, 600).map((e) => e.id));
    expect(history.damage()).toBeNull();
    await history.append([entry(601)]);
    expect(await entriesOnDisk(path)).toBe(250);
    expect((await createTokenHistory(path, getKey, options).entries()).map((e) => e.id)).toEqual(range(352, 601).map((e) => e.id));
  });

  it('brings an oversized journal back within bounds when it is opened', async () => {
    const path = freshPath();
    const journal = journalAt(path);
    await journal.replace([{ type: 'snapshot', entries: range(1, 100) }]);
    for (let batch = 1; batch <= 10; batch++) await journal.append({ type: 'append', entries: range(batch * 100 + 1, batch * 100 + 100) });
    const entries = await createTokenHistory(path, getKey, { maxEntries: 100, compactAfterEntries: 25 }).entries();
    expect(entries.map((e) => e.id)).toEqual(range(1001, 1100).map((e) => e.id));
    expect(await entriesOnDisk(path)).toBe(100);
  });
});
