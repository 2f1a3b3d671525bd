import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { t } from '../shared/i18n';
import { log } from '../shared/log';
import { isDamage } from './sqlite-errors';
import { migrate } from './migrate';
import { salvageInto, type SalvageReport } from './salvage';
import { checkWal } from './wal-check';
import { tableWords } from './table-words';
import { startCheckpointer } from './checkpointer';
import { createPrivateFile, tightenSideFiles, configure, quickCheck, missingTables, setAside } from './database-files';
import { checkIsDue, checkNextStartMarker, clearMarker, markInUse } from './check-markers';
import { SqliteStorage } from './sqlite-storage';
import { startReadOnly } from './read-only-start';
import type { OpenStorageOptions, Storage } from './storage';

/** The one database file in a data folder; its WAL and shared-memory files sit beside it. */
export const DATABASE_FILE = 'watchdesk.db';
// What the rest of the console imports from here; the store's interface is in storage.ts, its workings in sqlite-storage.ts.
export type { Storage } from './storage';

/** The operator's sentence for a damaged file set aside: the tables copied out of it, in whole or in part, and those lost. */
function damagedSentence(kept: string, why: string, report: SalvageReport): string {
  const inPart = new Set(report.kept.filter((table) => table.rows > 0).map((table) => table.name));
  // A table that stopped reading part-way is told once, with its rows and that the rest is lost (not as both kept and lost).
  const keptTables = report.kept
    .filter((table) => table.rows > 0)
    .map((table) => (report.unreadable.includes(table.name) ? t('storage.tableInPart', { table: tableWords(table.name), rows: table.rows }) : `${tableWords(table.name)} (${table.rows})`))
    .join(', ');
  if (!keptTables) return t('storage.databaseUnreadable', { file: kept, why });
  const lost = report.unreadable.filter((name) => !inPart.has(name)).map(tableWords).join(', ');
  return t('storage.databaseSetAside', {
    file: kept,
    why,
    kept: keptTables,
    lost: lost || t('storage.nothing'),
  });
}

/**
 * Opens (creating when missing) the data folder's database: WAL, synced commits, foreign keys, the schema migrated
 * forward. A damaged file is set aside and everything that still reads is copied into a new database; a folder that
 * cannot be written opens what is there read-only, and says so.
 */
export function openStorage(options: OpenStorageOptions): Storage {
  const notices: string[] = [];
  const tell = (sentence: string): void => {
    notices.push(sentence);
    options.notice?.(sentence);
  };
  const { folder } = options;
  const file = options.inMemory ? ':memory:' : join(folder, DATABASE_FILE);

  if (options.inMemory) {
    const db = new DatabaseSync(':memory:');
    configure(db);
    migrate(db, options.migrations);
    return new SqliteStorage(db, folder, file, true, 'ok', notices, null);
  }

  // Closed when the start goes the read-only way below, so no second connection is left holding the file.
  let opened: DatabaseSync | null = null;
  try {
    mkdirSync(folder, { recursive: true });
    createPrivateFile(file);
    const walNotice = checkWal(file);
    if (walNotice) tell(walNotice);
    let db = new DatabaseSync(file);
    opened = db;
    let integrity: string | null = null;
    try {
      configure(db);
      // Reading the schema catches a file that is not a database or is cut short; the full check runs when damage is
      // likely (see check-markers.ts).
      db.prepare('SELECT count(*) FROM sqlite_schema').get();
      if (checkIsDue(file)) integrity = quickCheck(db);
    } catch (error) {
      if (!isDamage(error)) throw error;
      integrity = error instanceof Error ? error.message : String(error);
    }
    if (integrity === null || integrity === 'ok') {
      migrate(db, options.migrations);
      // A file that claims this schema but lacks its tables (another program's database under this name, tables
      // dropped by hand) would stop the start at the first feature's read: it is set aside like any damaged file.
      const missing = missingTables(db, options.migrations);
      if (missing.length > 0) integrity = t('storage.tablesMissing', { tables: missing.map(tableWords).join(', ') });
    }
    if (integrity !== null && integrity !== 'ok') {
      db.close();
      const kept = setAside(file);
      log.warn('storage', `database damaged (${integrity}); set aside as ${kept}`);
      createPrivateFile(file);
      db = new DatabaseSync(file);
      opened = db;
      configure(db);
      migrate(db, options.migrations);
      // Rows are copied table by table as they read: a row whose parent was lost is still worth keeping.
      db.exec('PRAGMA foreign_keys = OFF');
      const report = salvageInto(db, kept);
      db.exec('PRAGMA foreign_keys = ON');
      tell(damagedSentence(kept, integrity, report));
    }
    tightenSideFiles(file);
    markInUse(file);
    clearMarker(checkNextStartMarker(file));
    // Checkpoints happen in a worker (checkpointer.ts), never inside a commit on this thread.
    db.exec('PRAGMA wal_autocheckpoint = 0');
    return new SqliteStorage(db, folder, file, true, integrity, notices, null, options.onWrite, startCheckpointer(file), options.notice);
  } catch (error) {
    if (opened?.isOpen) opened.close();
    return startReadOnly(error, options, file, notices, tell);
  }
}
