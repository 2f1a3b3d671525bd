import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, readdirSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppFailure } from '../../../main/shared/app-failure';
import { DatabaseSync } from 'node:sqlite';
import { DATABASE_FILE, isUniqueViolation, openStorage } from '../../../main/storage';
import { createDataFolder } from '../../../main/storage/data-folder';
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
    const storage = openStorage({ folder: dir, migrations: notes, notice: (sentence) => told.push(sentence()) });
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
    const storage = openStorage({ folder: dir, migrations: notes, notice: (sentence) => told.push(sentence()) });
    expect(told[0]).toMatch(/damaged/);
    const kept = count(storage);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(2000);
    // Told once, as read in part: not also listed among the tables that could not be read.
    expect(told[0]).toContain(`notes (${kept}; the rest of it could not be read)`);
    expect(told[0]).toMatch(/Could not be read: nothing\.$/);
    storage.close();
  });

  it('keeps the database, its WAL and its shared memory owner-only (0600) while it runs', () => {
    const dir = folder();
    const storage = openStorage({ folder: dir, migrations: notes });
    addNote(storage, 'cam-1', 'hello');
    for (const suffix of ['', '-wal', '-shm']) {
      expect(existsSync(join(dir, DATABASE_FILE + suffix)), suffix).toBe(true);
      expect(statSync(join(dir, DATABASE_FILE + suffix)).mode & 0o777, suffix).toBe(0o600);
    }
    storage.close();
  });

  /** A folder as a console killed while running leaves it: the database, a WAL with `commits` commits, and its shared memory. */
  function killedWith(commits: number): string {
    const live = folder();
    const storage = openStorage({ folder: live, migrations: notes });
    for (let i = 0; i < commits; i += 1) {
      storage.transaction(() => {
        for (let n = 0; n < 20; n += 1) storage.statement('INSERT INTO notes (external_id, body) VALUES (?, ?)').run(`cam-${i}-${n}`, 'x'.repeat(200));
      });
    }
    const copy = folder();
    for (const suffix of ['', '-wal', '-shm']) copyFileSync(join(live, DATABASE_FILE + suffix), join(copy, DATABASE_FILE + suffix));
    storage.close();
    return copy;
  }

  it('keeps every commit of a WAL left by a console killed while running, and says nothing is wrong', () => {
    const dir = killedWith(20);
    const told: string[] = [];
    const storage = openStorage({ folder: dir, migrations: notes, notice: (sentence) => told.push(sentence()) });
    expect(count(storage)).toBe(400);
    expect(told).toEqual([]);
    storage.close();
  });

  it('ignores the torn tail of a change that was never committed (a kill part-way through a write), without a word', () => {
    const dir = killedWith(20);
    const wal = join(dir, `${DATABASE_FILE}-wal`);
    // A frame cut part-way after the last commit: what a kill during the next, unacknowledged, write leaves.
    writeFileSync(wal, Buffer.alloc(1000, 7), { flag: 'a' });
    const told: string[] = [];
    const storage = openStorage({ folder: dir, migrations: notes, notice: (sentence) => told.push(sentence()) });
    expect(count(storage)).toBe(400);
    expect(told).toEqual([]);
    storage.close();
  });

  it('says so when the WAL was cut in half, keeps a copy of it, and keeps every commit before the cut', () => {
    const dir = killedWith(20);
    const wal = join(dir, `${DATABASE_FILE}-wal`);
    truncateSync(wal, Math.floor(statSync(wal).size / 2));
    const told: string[] = [];
    const storage = openStorage({ folder: dir, migrations: notes, notice: (sentence) => told.push(sentence()) });
    const kept = count(storage);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(400);
    expect(kept % 20).toBe(0);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/write-ahead log .* was damaged \(it ends part-way through a change\)\. A copy was kept as .*-wal\.damaged-/);
    const copy = readdirSync(dir).find((name) => name.startsWith(`${DATABASE_FILE}-wal.damaged-`))!;
    // The copy holds what the log held (sealed secrets among it): owner-only like the log.
    expect(statSync(join(dir, copy)).mode & 0o777).toBe(0o600);
    addNote(storage, 'after', 'works');
    storage.close();
  });

  it('says so when the WAL is garbage, keeps it aside, and starts with what the database file holds', () => {
    const dir = killedWith(5);
    writeFileSync(join(dir, `${DATABASE_FILE}-wal`), Buffer.alloc(50_000, 'garbage!'));
    const told: string[] = [];
    const storage = openStorage({ folder: dir, migrations: notes, notice: (sentence) => told.push(sentence()) });
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/write-ahead log .* was damaged \(its header is not a write-ahead log header\)/);
    // Nothing of a log with a bad header is read: the sentence does not claim that changes in it were kept.
    expect(told[0]).toMatch(/none of the changes in it could be read/);
    expect(told[0]).not.toMatch(/changes that could still be read were kept/);
    expect(count(storage)).toBe(0);
    addNote(storage, 'after', 'works');
    expect(count(storage)).toBe(1);
    storage.close();
  });

  it('starts when both the database file and its WAL are garbage, says so, and keeps both', () => {
    const dir = folder();
    writeFileSync(join(dir, DATABASE_FILE), Buffer.alloc(64 * 1024, 'garbage!'));
    writeFileSync(join(dir, `${DATABASE_FILE}-wal`), Buffer.alloc(64 * 1024, 'rubbish!'));
    const told: string[] = [];
    const storage = openStorage({ folder: dir, migrations: notes, notice: (sentence) => told.push(sentence()) });
    expect(told).toHaveLength(2);
    expect(told.join('\n')).toMatch(/write-ahead log/);
    expect(told.join('\n')).toMatch(/The database was damaged/);
    addNote(storage, 'cam-1', 'after');
    expect(count(storage)).toBe(1);
    expect(readdirSync(dir).filter((name) => name.includes('.damaged-'))).toHaveLength(2);
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
    expect((caught as AppFailure).message).toMatch(/^The disk holding .* is full/);
    storage.close();
  });

  it('tells damage found while running as a sentence that says to restart, never as a bare error', () => {
    const storage = openStorage({ folder: folder(), migrations: notes });
    const damaged = Object.assign(new Error('database disk image is malformed'), { code: 'ERR_SQLITE_ERROR', errcode: 11 });
    expect(() => storage.read(() => {
      throw damaged;
    })).toThrow(/The database in .* is damaged.* Restart Watchdesk/);
    storage.close();
  });

  it('leaves a database written by a newer console exactly as it is, and says why from the start and on every refused save', () => {
    const dir = folder();
    const first = openStorage({ folder: dir, migrations: notes });
    addNote(first, 'cam-1', 'kept');
    first.statement('PRAGMA user_version = 99').run();
    first.close();

    const told: string[] = [];
    const dataFolder = createDataFolder(dir);
    const again = openStorage({ folder: dir, migrations: notes, notice: (sentence) => told.push(sentence()), onWrite: (failure) => (failure ? dataFolder.writeFailed(failure) : dataFolder.writeSucceeded()) });
    // On screen at once (the data folder's notices), in words: no errno code, no advice to free space.
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/written by a newer version of Watchdesk \(its schema is 99; this version knows up to 2\)\. It was left exactly as it is/);
    expect(again.writable).toBe(false);
    expect(() => addNote(again, 'cam-2', 'refused')).toThrow(/^This change could not be saved: the database .* was written by a newer version of Watchdesk/);
    expect(dataFolder.status().problem).toMatch(/newer version of Watchdesk/);
    expect(dataFolder.status().problem).not.toMatch(/system answered|Free some space/);
    again.close();

    const untouched = new DatabaseSync(join(dir, DATABASE_FILE), { readOnly: true });
    expect(untouched.prepare('PRAGMA user_version').get()).toEqual({ user_version: 99 });
    expect(untouched.prepare('SELECT external_id, body FROM notes').all()).toEqual([{ external_id: 'cam-1', body: 'kept' }]);
    untouched.close();
    expect(readdirSync(dir).filter((name) => name.includes('damaged'))).toEqual([]);
  });

  it('closes (and the app goes on closing) when the folder refuses to remove its in-use marker, as a folder turned read-only does', () => {
    const dir = folder();
    const storage = openStorage({ folder: dir, migrations: notes });
    addNote(storage, 'cam-1', 'kept');
    // A marker that cannot be removed: a directory with something in it stands in for a read-only folder (EROFS).
    const marker = join(dir, `${DATABASE_FILE}.in-use`);
    rmSync(marker);
    mkdirSync(join(marker, 'busy'), { recursive: true });
    expect(() => storage.close()).not.toThrow();
    rmSync(marker, { recursive: true });
    const again = openStorage({ folder: dir, migrations: notes });
    expect(count(again)).toBe(1);
    again.close();
  });

  it('sets aside a file that claims this schema but lacks its tables, keeps what reads, and starts a database that has them', () => {
    const dir = folder();
    // Another program's database under this name, or tables dropped by hand: the version says 2, the notes table is gone.
    const foreign = new DatabaseSync(join(dir, DATABASE_FILE));
    foreign.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT; INSERT INTO meta VALUES ('kept', 'yes'); PRAGMA user_version = 2");
    foreign.close();
    const told: string[] = [];
    const storage = openStorage({ folder: dir, migrations: notes, notice: (sentence) => told.push(sentence()) });
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/^The database was damaged \(it lacks tables this version needs: notes\)\. It was kept as .*watchdesk\.db\.damaged-/);
    addNote(storage, 'cam-1', 'works');
    expect(count(storage)).toBe(1);
    expect(storage.statement("SELECT value FROM meta WHERE key = 'kept'").get()).toEqual({ value: 'yes' });
    storage.close();
    expect(readdirSync(dir).filter((name) => name.startsWith(`${DATABASE_FILE}.damaged-`) && !name.endsWith('-wal') && !name.endsWith('-shm'))).toHaveLength(1);
  });
});
