import { mkdtempSync, readdirSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppFailure } from '../../../main/shared/app-failure';
import { DATABASE_FILE, isUniqueViolation, openStorage } from '../../../main/storage';
import type { Migration } from '../../../main/storage/migrate';

const notes: Migration[] = [
  { version: 1, name: 'base', up: (db) => db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT') },
  { version: 2, name: 'notes', up: (db) => db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, external_id TEXT NOT NULL UNIQUE, body TEXT NOT NULL) STRICT') },
];

function folder(): string {
  return mkdtempSync(join(tmpdir(), 'watchdesk-db-'));
}

function addNote(storage: ReturnType<typeof openStorage>, externalId: string, body: string): void {
  storage.transaction(() => storage.statement('INSERT INTO notes (external_id, body) VALUES (?, ?)').run(externalId, body));
}

function count(storage: ReturnType<typeof openStorage>): number {
  return (storage.statement('SELECT count(*) AS n FROM notes').get() as { n: number }).n;
}

describe('the database', () => {
  it('keeps committed changes across a reopen, in owner-only files', () => {
    const dir = folder();
    const first = openStorage({ folder: dir, migrations: notes });
    addNote(first, 'cam-1', 'hello');
    first.close();
    const again = openStorage({ folder: dir, migrations: notes });
    expect(count(again)).toBe(1);
    expect(again.health()).toMatchObject({ integrity: 'ok', schemaVersion: 2, writable: true, counts: { notes: 1 } });
    for (const name of readdirSync(dir).filter((file) => file.startsWith(DATABASE_FILE))) {
      expect(statSync(join(dir, name)).mode & 0o777, name).toBe(0o600);
    }
    again.close();
  });

  it('rolls back every write of a transaction that throws', () => {
    const storage = openStorage({ folder: folder(), migrations: notes });
    expect(() =>
      storage.transaction(() => {
        storage.statement('INSERT INTO notes (external_id, body) VALUES (?, ?)').run('a', '1');
        throw new Error('stop');
      }),
    ).toThrow('stop');
    expect(count(storage)).toBe(0);
    storage.close();
  });

  it('refuses a second row with the same unique key, and says it is a unique violation', () => {
    const storage = openStorage({ folder: folder(), migrations: notes });
    addNote(storage, 'cam-1', 'first');
    let caught: unknown;
    try {
      addNote(storage, 'cam-1', 'second');
    } catch (error) {
      caught = error;
    }
    expect(isUniqueViolation(caught)).toBe(true);
    expect(count(storage)).toBe(1);
    storage.close();
  });

  it('sets a file that is garbage from its first byte aside, keeps it, and starts a new database that says so', () => {
    const dir = folder();
    writeFileSync(join(dir, DATABASE_FILE), Buffer.alloc(64 * 1024, 'garbage!'));
    const told: string[] = [];
    const storage = openStorage({ folder: dir, migrations: notes, notice: (sentence) => told.push(sentence) });
    addNote(storage, 'cam-1', 'after');
    expect(count(storage)).toBe(1);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/The database was damaged .* kept as .*damaged-/);
    expect(readdirSync(dir).some((name) => name.includes('.damaged-'))).toBe(true);
    storage.close();
  });

  it('copies out every row that still reads from a half-truncated database', () => {
    const dir = folder();
    const first = openStorage({ folder: dir, migrations: notes });
    first.transaction(() => {
      for (let i = 0; i < 2000; i += 1) first.statement('INSERT INTO notes (external_id, body) VALUES (?, ?)').run(`cam-${i}`, 'x'.repeat(200));
    });
    first.close();
    const file = join(dir, DATABASE_FILE);
    truncateSync(file, Math.floor(statSync(file).size / 2));
    const told: string[] = [];
    const storage = openStorage({ folder: dir, migrations: notes, notice: (sentence) => told.push(sentence) });
    expect(told[0]).toMatch(/damaged/);
    const kept = count(storage);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(2000);
    expect(told[0]).toContain(`notes (${kept})`);
    storage.close();
  });

  it('turns a disk error into a sentence naming the folder', () => {
    const storage = openStorage({ folder: folder(), migrations: notes });
    const full = Object.assign(new Error('database or disk is full'), { code: 'ERR_SQLITE_ERROR', errcode: 13, errstr: 'database or disk is full' });
    let caught: unknown;
    try {
      storage.transaction(() => {
        throw full;
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppFailure);
    expect((caught as AppFailure).kind).toBe('StorageUnavailable');
    expect((caught as AppFailure).message).toMatch(/^The disk holding .+ is full\./);
    storage.close();
  });
});
