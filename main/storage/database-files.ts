import { chmodSync, closeSync, existsSync, openSync, readdirSync, renameSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import type { Migration } from './migrate';

/** The database's files on disk: made owner-only, configured, checked, and set aside when damaged. */

export function isReadableFolder(folder: string): boolean {
  try {
    readdirSync(folder);
    return true;
  } catch {
    return false;
  }
}

/** The name a damaged file is kept under beside its own: never deleted, never overwritten by a later one. */
export function damagedName(file: string): string {
  return `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
}

/** Creates the database file owner-only before SQLite does: its WAL and shm files take the same mode. */
export function createPrivateFile(file: string): void {
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    return;
  }
  closeSync(openSync(file, 'a', 0o600));
}

export function tightenSideFiles(file: string): void {
  for (const side of [`${file}-wal`, `${file}-shm`]) {
    try {
      chmodSync(side, 0o600);
    } catch {
      // Not there yet (no write so far) or on a file system without modes: SQLite creates them with the main file's mode.
    }
  }
}

export function configure(db: DatabaseSync): void {
  db.exec('PRAGMA journal_mode = WAL');
  // FULL: a commit is synced to the WAL before COMMIT returns, so an acknowledged change survives power loss.
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  // Never shrink the WAL inside a commit: cutting a large log there held main's event loop for 30-60 ms during an
  // import. The checkpoint worker empties it once commits pause (checkpointer.ts); meanwhile it is reused from its start.
  db.exec('PRAGMA journal_size_limit = -1');
}

export function quickCheck(db: DatabaseSync): string {
  const rows = db.prepare('PRAGMA quick_check').all() as Array<Record<string, unknown>>;
  const said = rows.map((row) => String(Object.values(row)[0])).join('; ');
  return said || 'no answer';
}

/** A table's name as SQL reads it, whatever characters it holds. */
export const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** The database's own tables (not SQLite's), in the order they were made. */
export function tablesOf(db: DatabaseSync): string[] {
  return (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string }>).map((row) => row.name);
}

/** The tables the schema steps make that `db` does not have (the steps are run on an empty database in memory). */
export function missingTables(db: DatabaseSync, migrations: readonly Migration[]): string[] {
  const reference = new DatabaseSync(':memory:');
  try {
    for (const step of [...migrations].sort((a, b) => a.version - b.version)) step.up(reference);
    const present = new Set(tablesOf(db));
    return tablesOf(reference).filter((name) => !present.has(name));
  } finally {
    reference.close();
  }
}

/** Moves the damaged file and its side files aside under one new name (kept, never deleted). */
export function setAside(file: string): string {
  const kept = damagedName(file);
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, kept + suffix);
  }
  return kept;
}
