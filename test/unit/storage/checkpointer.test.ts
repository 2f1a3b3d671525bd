import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from '../../../main/storage/checkpointer';
import { configure } from '../../../main/storage/database-files';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A database configured as the console's, its own checkpoints off (the worker does them), with `rows` of 4 KB. */
function database(rows: number): { db: DatabaseSync; file: string; walSize: () => number } {
  const folder = mkdtempSync(join(tmpdir(), 'wd-checkpointer-'));
  folders.push(folder);
  const file = join(folder, 'watchdesk.db');
  const db = new DatabaseSync(file);
  configure(db);
  db.exec('PRAGMA wal_autocheckpoint = 0');
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body BLOB NOT NULL) STRICT');
  add(db, rows);
  return { db, file, walSize: () => statSync(`${file}-wal`).size };
}

function add(db: DatabaseSync, rows: number): void {
  db.exec('BEGIN IMMEDIATE');
  const insert = db.prepare('INSERT INTO notes (body) VALUES (?)');
  for (let i = 0; i < rows; i++) insert.run(Buffer.alloc(4096, i % 251));
  db.exec('COMMIT');
}

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the WAL and its checkpoints', () => {
  it('is never cut short inside a commit on the main connection, however large it grew', () => {
    const { db, file, walSize } = database(17_000);
    const grown = walSize();
    expect(grown).toBeGreaterThan(64 * 1024 * 1024);
    // Everything copied into the database by another connection: the next commit starts the log over, and keeps the file.
    const other = new DatabaseSync(file);
    other.exec('PRAGMA wal_checkpoint(PASSIVE)');
    other.close();
    add(db, 1);
    expect(walSize()).toBe(grown);
    db.close();
  });

  it('is emptied by the worker once commits pause, with every row still there', async () => {
    const { db, file, walSize } = database(1_000);
    const checkpointer = startCheckpointer(file, 50);
    checkpointer.committed();
    await until(() => walSize() === 0);
    checkpointer.stop();
    db.close();
    const reader = new DatabaseSync(file, { readOnly: true });
    expect(reader.prepare('SELECT count(*) AS n FROM notes').get()).toEqual({ n: 1_000 });
    reader.close();
  });
});
