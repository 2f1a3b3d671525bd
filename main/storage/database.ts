import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sentence, t, type Sentence } from '../shared/i18n';
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

/** The console's own bookkeeping beside what the operator keeps: not listed among what was kept (it says nothing to them). */
const BOOKKEEPING = new Set(['meta', 'token_history_counts', 'token_history_streams', 'token_history_cleared', 'outbox_entries_next']);

/** The operator's sentence for a damaged file set aside: the tables copied out of it, in whole or in part, and those lost. */
function damagedSentence(kept: string, why: Sentence, report: SalvageReport): Sentence {
  const withRows = report.kept.filter((table) => table.rows > 0);
  // A table that stopped reading part-way is told once, with its rows and that the rest is lost (not as both kept and lost).
  const inPart = new Set(withRows.map((table) => table.name));
  // Bookkeeping is told only when it is all that was kept (then it is not true that nothing could be read).
  const told = withRows.some((table) => !BOOKKEEPING.has(table.name)) ? withRows.filter((table) => !BOOKKEEPING.has(table.name)) : withRows;
  const keptTables = (): string =>
    told.map((table) => (report.unreadable.includes(table.name) ? t('storage.tableInPart', { table: tableWords(table.name), rows: table.rows }) : `${tableWords(table.name)} (${table.rows})`)).join(', ');
  if (told.length === 0) return () => t('storage.databaseUnreadable', { file: kept, why: why() });
  // Bookkeeping lost is rebuilt (counts, the stream look-up) or told through the table it serves: not named either.
  const lost = report.unreadable.filter((name) => !inPart.has(name) && !BOOKKEEPING.has(name));
  return () =>
    t('storage.databaseSetAside', {
      file: kept,
      why: why(),
      kept: keptTables(),
      lost: lost.map(tableWords).join(', ') || t('storage.nothing'),
    });
}

/**
 * `PRAGMA quick_check` of the file on a read-only connection: what it says, or null when the file could not be opened
 * read-only for a reason other than damage (the check then runs on the writing connection). A connection that may
 * write replays the write-ahead log into the file when it closes and deletes the log: a damaged file and its log are
 * to be set aside as they were found, so they are checked before any such connection is opened.
 */
function checkedReadOnly(file: string): string | null {
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    return quickCheck(db);
  } catch (error) {
    return isDamage(error) ? (error instanceof Error ? error.message : String(error)) : null;
  } finally {
    if (db?.isOpen) db.close();
  }
}

/**
 * Opens (creating when missing) the data folder's database: WAL, synced commits, foreign keys, the schema migrated
 * forward. A damaged file is set aside and everything that still reads is copied into a new database; a folder that
 * cannot be written opens what is there read-only, and says so.
 */
export function openStorage(options: OpenStorageOptions): Storage {
  const notices: Sentence[] = [];
  const tell = (sentence: Sentence): void => {
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
    // The full check runs when damage is likely (see check-markers.ts), on a read-only connection first.
    const due = checkIsDue(file);
    let integrity: string | null = due ? checkedReadOnly(file) : null;
    /** The operator's words for what was found; SQLite's own (pages, cells, bytes) go to the log and diagnostics. */
    let told: Sentence | null = null;
    // Found damaged: not opened for writing at all (closing such a connection would change the files to be kept).
    let db = integrity === null || integrity === 'ok' ? new DatabaseSync(file) : null;
    opened = db;
    try {
      if (db) {
        configure(db);
        // Reading the schema catches a file that is not a database or is cut short.
        db.prepare('SELECT count(*) FROM sqlite_schema').get();
        if (due && integrity === null) integrity = quickCheck(db);
      }
    } catch (error) {
      if (!isDamage(error)) throw error;
      integrity = error instanceof Error ? error.message : String(error);
    }
    if (db && (integrity === null || integrity === 'ok')) {
      migrate(db, options.migrations);
      // A file that claims this schema but lacks its tables (another program's database under this name, tables
      // dropped by hand) would stop the start at the first feature's read: it is set aside like any damaged file.
      const missing = missingTables(db, options.migrations);
      if (missing.length > 0) {
        told = () => t('storage.tablesMissing', { tables: missing.map(tableWords).join(', ') });
        integrity = told();
      }
    }
    // `db` is null only when the read-only check found damage, so `integrity` then says what it found.
    if (!db || (integrity !== null && integrity !== 'ok')) {
      const why = told ?? sentence('storage.damageFound');
      db?.close();
      const kept = setAside(file);
      log.warn('storage', `database damaged (${integrity ?? 'damaged'}); set aside as ${kept}`);
      createPrivateFile(file);
      db = new DatabaseSync(file);
      opened = db;
      configure(db);
      migrate(db, options.migrations);
      // Rows are copied table by table as they read: a row whose parent was lost is still worth keeping.
      db.exec('PRAGMA foreign_keys = OFF');
      const report = salvageInto(db, kept);
      db.exec('PRAGMA foreign_keys = ON');
      tell(damagedSentence(kept, why, report));
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
