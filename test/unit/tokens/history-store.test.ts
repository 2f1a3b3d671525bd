import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../../preload/contract/tokens';
import { DATABASE_FILE } from '../../../main/storage';
import { createSessionTokenHistory } from '../../../main/tokens/history-store';
import { historyEntry } from '../../support/history-entry';
import { openHistoryDb } from '../../support/history-db';

const key = Buffer.alloc(32, 7);
const entry = historyEntry;
/** What the history gives back: the entry with its id in the history (its row number). */
const stored = (n: number, id: number, changes: Partial<HistoryEntry> = {}): HistoryEntry => ({ ...entry(n), id: String(id), ...changes });
const streams = (entries: readonly HistoryEntry[]): string[] => entries.map((e) => e.stream);

describe('token history in the database', () => {
  it('reads back what it wrote after a restart, newest first, each with its row as id', async () => {
    const db = openHistoryDb(key);
    expect(await db.history.append([entry(1), entry(2)])).toEqual([stored(1, 1), stored(2, 2)]);
    const page = await db.reopen().history.page('', 500);
    expect(page).toEqual({ entries: [stored(2, 2), stored(1, 1)], total: 2, matched: 2, recentStreams: ['cam-2', 'cam-1'] });
  });

  it('refuses to read with another key, with a sentence that offers clearing', async () => {
    const db = openHistoryDb(key);
    await db.history.append([entry(1)]);
    await expect(db.reopen(randomBytes(32)).history.page('', 500)).rejects.toThrow(/cannot be read.*Clear the history/);
  });

  it('is empty when nothing was issued yet', async () => {
    expect(await openHistoryDb(key).history.page('', 500)).toEqual({ entries: [], total: 0, matched: 0, recentStreams: [] });
  });

  it('edits the note of one entry, kept across a restart', async () => {
    const db = openHistoryDb(key);
    await db.history.append([entry(1), entry(2)]);
    expect(await db.history.setNote('2', 'for the night shift')).toEqual(stored(2, 2, { note: 'for the night shift' }));
    const again = db.reopen();
    expect((await again.history.page('', 500)).entries.map((e) => e.note)).toEqual(['for the night shift', '']);
    await expect(again.history.setNote('99', 'gone')).rejects.toThrow(/no longer in the history/);
  });

  it('clears everything, and counts from zero again', async () => {
    const db = openHistoryDb(key);
    await db.history.append([entry(1), entry(2)]);
    await db.history.clear();
    expect(await db.reopen().history.page('', 500)).toMatchObject({ entries: [], total: 0 });
    const again = db.reopen();
    await again.history.append([entry(3)]);
    expect(await again.history.page('', 500)).toMatchObject({ entries: [{ stream: 'cam-3' }], total: 1 });
  });

  it('brings a clear back with Undo (windows, counts, searches, notes), until another clear; a restart ends it and deletes what it took', async () => {
    const db = openHistoryDb(key);
    await db.history.append([entry(1), { ...entry(2), user: 'night-desk' }]);
    await db.history.clear();
    expect(await db.history.page('', 500)).toMatchObject({ entries: [], total: 0 });
    expect(await db.history.page('cam-1', 500)).toMatchObject({ entries: [], matched: 0 });
    expect(await db.history.byIds(['1', '2'])).toEqual([]);
    await expect(db.history.setNote('1', 'hidden')).rejects.toThrow(/no longer in the history/);

    expect(await db.history.undoClear()).toBe(true);
    expect(await db.history.page('', 500)).toEqual({ entries: [stored(2, 2, { user: 'night-desk' }), stored(1, 1)], total: 2, matched: 2, recentStreams: ['cam-2', 'cam-1'] });
    expect((await db.history.page('night-desk', 500)).entries.map((e) => e.id)).toEqual(['2']);
    expect(await db.history.undoClear()).toBe(false);

    // Cleared, a token issued, cleared again: the undo brings back the last clear's token only.
    await db.history.clear();
    await db.history.append([entry(3)]);
    await db.history.clear();
    expect(await db.history.undoClear()).toBe(true);
    expect(await db.history.page('', 500)).toMatchObject({ entries: [{ stream: 'cam-3', id: '3' }], total: 1 });

    // A restart ends the undo of a clear, and the rows it took leave the file.
    await db.history.clear();
    const again = db.reopen();
    expect(await again.history.undoClear()).toBe(false);
    await vi.waitFor(() => expect(again.storage.health().counts.token_history).toBe(0));
    expect(again.storage.health().counts.token_history_streams).toBe(0);
    await again.history.append([entry(4)]);
    expect(await again.history.page('', 500)).toMatchObject({ entries: [{ stream: 'cam-4', id: '4' }], total: 1 });
  });

  it('drops the oldest entries past its size limit, in the same transaction', async () => {
    const db = openHistoryDb(key, { maxEntries: 3 });
    await db.history.append([entry(1), entry(2)]);
    await db.history.append([entry(3), entry(4)]);
    const page = await db.history.page('', 500);
    expect(streams(page.entries)).toEqual(['cam-4', 'cam-3', 'cam-2']);
    expect(page.total).toBe(3);
  });

  it('counts what it shows when the size limit drops entries while a clear can still be undone, and the undo brings back what is left', async () => {
    const db = openHistoryDb(key, { maxEntries: 3 });
    await db.history.append([entry(1), entry(2)]);
    await db.history.clear();
    await db.history.append([entry(3), entry(4), entry(5), entry(6)]);
    const after = await db.history.page('', 500);
    expect(streams(after.entries)).toEqual(['cam-6', 'cam-5', 'cam-4']);
    expect(after.total).toBe(3);
    // The undo brings back the cleared tokens the limit did not take (none taken: the limit counts what is shown).
    expect(await db.history.undoClear()).toBe(true);
    const back = await db.history.page('', 500);
    expect(streams(back.entries)).toEqual(['cam-6', 'cam-5', 'cam-4', 'cam-2', 'cam-1']);
    expect(back.total).toBe(5);
    // The next token issued brings the history back within its limit, counted as shown.
    await db.history.append([entry(7)]);
    const trimmed = await db.history.page('', 500);
    expect(streams(trimmed.entries)).toEqual(['cam-7', 'cam-6', 'cam-5']);
    expect(trimmed.total).toBe(3);
    expect((await db.reopen().history.page('', 500)).total).toBe(3);
  });

  it('leaves no byte of a cleared token in the free pages of the file once its clear can no longer be undone and the rows are purged', async () => {
    const db = openHistoryDb(key);
    await db.history.append(Array.from({ length: 60 }, (_, i) => entry(i + 1)));
    const sealed = (db.storage.statement('SELECT record FROM token_history ORDER BY seq').all() as Array<{ record: Uint8Array }>).map((row) => Buffer.from(row.record));
    await db.history.clear();
    db.history.endUndo();
    await vi.waitFor(() => expect(db.storage.health().counts.token_history).toBe(0));
    db.storage.statement('PRAGMA wal_checkpoint(TRUNCATE)').run();
    // Pages the file no longer uses (its free list) are those no table or index holds.
    const used = new Set((db.storage.statement('SELECT pageno FROM dbstat').all() as Array<{ pageno: number }>).map((row) => row.pageno));
    expect((db.storage.statement('PRAGMA freelist_count').get() as { freelist_count: number }).freelist_count).toBeGreaterThan(0);
    const file = readFileSync(join(db.dir, DATABASE_FILE));
    const PAGE = 4096;
    const inFreePages = sealed.filter((record) => {
      const at = file.indexOf(record.subarray(16, 48));
      return at >= 0 && !used.has(Math.floor(at / PAGE) + 1);
    });
    expect(inFreePages).toHaveLength(0);
  });

  it('shows no cleared token to a free-text search made after the clear while the first search was still reading the history', async () => {
    const db = openHistoryDb(key);
    await db.history.append(Array.from({ length: 3_000 }, (_, i) => entry(i + 1)));
    // The first free-text search reads the newest entries a chunk per turn; the clear lands in the middle of it.
    const before = db.history.page('demo', 10);
    await new Promise((resolve) => setImmediate(resolve));
    const clearing = db.history.clear();
    const after = db.history.page('demo', 10);
    await Promise.all([before, clearing]);
    expect(await after).toMatchObject({ entries: [], total: 0, matched: 0 });
    // And the undo brings them back to the same search.
    expect(await db.history.undoClear()).toBe(true);
    expect(await db.history.page('demo', 10)).toMatchObject({ total: 3_000, matched: 3_000 });
  });

  it('refuses a new entry that does not match the schema, and writes nothing', async () => {
    const db = openHistoryDb(key);
    const broken = { ...entry(1), issuedAt: 'yesterday' };
    await expect(db.history.append([entry(2), broken])).rejects.toThrow();
    expect((await db.history.page('', 500)).total).toBe(0);
  });

  it('keeps every entry when appends and note edits overlap', async () => {
    const db = openHistoryDb(key);
    await db.history.append([entry(0)]);
    await Promise.all([db.history.append([entry(1), entry(2)]), db.history.setNote('1', 'first'), db.history.append([entry(3)]), db.history.append([entry(4)])]);
    const page = await db.reopen().history.page('', 500);
    expect(streams(page.entries).sort()).toEqual(['cam-0', 'cam-1', 'cam-2', 'cam-3', 'cam-4']);
    expect(page.entries.find((e) => e.stream === 'cam-0')?.note).toBe('first');
  });

  it('exports the chosen entries newest first, leaving out ids that are gone', async () => {
    const db = openHistoryDb(key);
    await db.history.append([entry(1), entry(2), entry(3)]);
    expect(streams(await db.history.byIds(['1', '3', '42', 'not-a-row']))).toEqual(['cam-3', 'cam-1']);
  });
});

describe('history windows', () => {
  it('gives the newest entries, then each older window by key, without repeats or gaps', async () => {
    const db = openHistoryDb(key);
    await db.history.append(Array.from({ length: 250 }, (_, i) => entry(i + 1)));
    const seen: string[] = [];
    let before: number | null = null;
    for (;;) {
      const window = db.repository.window(db.sealer, 100, before);
      if (window.length === 0) break;
      seen.push(...streams(window));
      before = Number(window.at(-1)!.id);
    }
    expect(seen).toEqual(Array.from({ length: 250 }, (_, i) => `cam-${250 - i}`));
  });

  it('keeps the count in step with appends, trims and clears, without counting rows', async () => {
    const db = openHistoryDb(key, { maxEntries: 120 });
    for (let batch = 0; batch < 5; batch++) await db.history.append(Array.from({ length: 40 }, (_, i) => entry(batch * 40 + i)));
    expect(db.repository.count()).toBe(120);
    const actual = (db.storage.statement('SELECT count(*) AS n FROM token_history').get() as { n: number }).n;
    expect(actual).toBe(120);
    await db.history.clear();
    expect(db.repository.count()).toBe(0);
  });

  it('finds the tokens of a stream whether or not they are in the stream lookup yet, each once', async () => {
    const db = openHistoryDb(key);
    await db.history.append([entry(1), { ...entry(2), stream: 'cam-1' }]);
    expect(db.repository.indexStreams(1)).toBe(1);
    await db.history.append([{ ...entry(3), stream: 'cam-1' }]);
    // Row 1 in the lookup, rows 2 and 3 found by the scan of the newest rows.
    expect(await db.history.page('cam-1', 500)).toMatchObject({ matched: 3, entries: [{ id: '3' }, { id: '2' }, { id: '1' }] });
    while (db.repository.indexStreams(1) > 0);
    expect(await db.history.page('cam-1', 2)).toMatchObject({ matched: 3, entries: [{ id: '3' }, { id: '2' }] });
    expect(db.repository.indexStreams(100)).toBe(0);
  });

  it('counts rows copied out of a damaged database (they arrive without their count) once, then keeps counting', async () => {
    const db = openHistoryDb(key);
    await db.history.append([entry(1), entry(2), entry(3)]);
    // A table gone from the file: the next start sets it aside and copies every row that reads into a new database.
    db.storage.transaction(() => db.storage.statement('DROP TABLE settings').run());
    const again = db.reopen();
    expect(again.storage.health().notices.join(' ')).toMatch(/damaged.*settings/);
    expect(again.repository.count()).toBe(3);
    await again.history.append([entry(4)]);
    expect(again.repository.count()).toBe(4);
    expect(streams((await again.history.page('', 500)).entries)).toEqual(['cam-4', 'cam-3', 'cam-2', 'cam-1']);
  });

  it('searches: a stream uid, a user id or a batch id exactly across the whole history, free text in the newest', async () => {
    const db = openHistoryDb(key, { textSearchDepth: 50 });
    const old = { ...entry(1), stream: 'cam-far-back', note: 'lobby' };
    const userBound = { ...entry(2), kind: 'user' as const, stream: 'cam-far-back', user: 'alice' };
    const batch = { ...entry(3), batchId: 'b-1' };
    await db.history.append([old, userBound, batch]);
    await db.history.append(Array.from({ length: 200 }, (_, i) => entry(100 + i)));
    await db.history.append([{ ...entry(999), note: 'lobby camera' }]);

    expect(await db.history.page('cam-far-back', 500)).toMatchObject({ matched: 2, total: 204 });
    expect(streams((await db.history.page('alice', 500)).entries)).toEqual(['cam-far-back']);
    // Free text reads only the newest 50: the old "lobby" note is beyond them.
    expect(streams((await db.history.page('LOBBY', 500)).entries)).toEqual(['cam-999']);
    // Both at once, never twice: the exact hit is also a text hit when it is recent.
    const recent = await db.history.page('cam-999', 500);
    expect(recent.matched).toBe(1);
    expect(recent.entries).toHaveLength(1);
  });
});

describe('free-text search', () => {
  it('stays in step with appends, notes and clears made after the first search', async () => {
    const db = openHistoryDb(key);
    await db.history.append([{ ...entry(1), note: 'north gate' }]);
    expect((await db.history.page('gate', 500)).matched).toBe(1);
    await db.history.append([{ ...entry(2), note: 'south gate' }]);
    await db.history.setNote('1', 'moved to the lobby');
    expect(streams((await db.history.page('gate', 500)).entries)).toEqual(['cam-2']);
    expect(streams((await db.history.page('lobby', 500)).entries)).toEqual(['cam-1']);
    await db.history.clear();
    expect((await db.history.page('gate', 500)).matched).toBe(0);
  });

  it('answers a search that is exactly a stream uid with that stream only, not streams it is part of', async () => {
    const db = openHistoryDb(key);
    await db.history.append([entry(1), entry(10), entry(11), entry(1)]);
    expect((await db.history.page('cam-1', 500)).matched).toBe(2);
    expect((await db.history.page('cam-', 500)).matched).toBe(4);
  });
});

describe('session-only token history', () => {
  it('lists what was issued in the session, searches it, and clears it', async () => {
    const history = createSessionTokenHistory();
    await history.append([entry(1), entry(2)]);
    await history.setNote('2', 'kept in memory');
    const page = await history.page('memory', 500);
    expect(page).toMatchObject({ total: 2, matched: 1, entries: [{ stream: 'cam-2', note: 'kept in memory' }] });
    await history.clear();
    expect((await history.page('', 500)).total).toBe(0);
  });
});
