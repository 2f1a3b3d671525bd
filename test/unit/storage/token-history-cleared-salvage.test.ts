import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, migrations, openStorage } from '../../../main/storage';
import { askForCheck } from '../../../main/storage/check-markers';
import { historyEntry as entry } from '../../support/history-entry';
import { openHistoryDb } from '../../support/history-db';

const key = Buffer.alloc(32, 9);
const PAGE = 4096;
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A closed history of five tokens cleared (the console killed while the clear could still be undone), then a sixth. */
async function clearedThenOne() {
  const db = openHistoryDb(key);
  folders.push(db.dir);
  await db.history.append([1, 2, 3, 4, 5].map(entry));
  await db.history.clear();
  await db.history.append([entry(6)]);
  db.storage.close();
  return db.dir;
}

/** Writes garbage over the page of `table` (its root: the whole of a small table), then asks the next start to check. */
function garbageOver(dir: string, tables: readonly string[]): void {
  const file = join(dir, DATABASE_FILE);
  const read = new DatabaseSync(file, { readOnly: true });
  const roots = tables.map((table) => (read.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').get(table) as { rootpage: number }).rootpage);
  read.close();
  const fd = openSync(file, 'r+');
  for (const root of roots) writeSync(fd, Buffer.alloc(PAGE, 'garbage!'), 0, PAGE, (root - 1) * PAGE);
  closeSync(fd);
  askForCheck(file);
}

const streamsOf = async (dir: string): Promise<{ streams: string[]; total: number }> => {
  const page = await openHistoryDb(key, {}, dir).history.page('', 500);
  return { streams: page.entries.map((e) => e.stream), total: page.total };
};

describe('a damaged database set aside while the token history had a clear in it', () => {
  it('brings back no cleared token when the clear itself does not read: the kept count tells the tokens shown', async () => {
    const dir = await clearedThenOne();
    garbageOver(dir, ['token_history_cleared']);
    expect(await streamsOf(dir)).toEqual({ streams: ['cam-6'], total: 1 });
  });

  it('brings back no cleared token when neither the clear nor the count reads: every copied token is taken as cleared, and told', async () => {
    const dir = await clearedThenOne();
    garbageOver(dir, ['token_history_cleared', 'token_history_counts']);
    const told: string[] = [];
    const storage = openStorage({ folder: dir, migrations, notice: (sentence) => told.push(sentence()) });
    storage.close();
    expect(told.join(' ')).toMatch(/Could not be read:.* token history(,|\.)/);
    expect(await streamsOf(dir)).toEqual({ streams: [], total: 0 });
  });

  it('keeps the tokens shown and hides the cleared ones when the clear reads', async () => {
    const dir = await clearedThenOne();
    garbageOver(dir, ['token_batches']);
    expect(await streamsOf(dir)).toEqual({ streams: ['cam-6'], total: 1 });
  });
});
