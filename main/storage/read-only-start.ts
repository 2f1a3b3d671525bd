import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import type { AppFailure } from '../shared/app-failure';
import { sentence, t, type Sentence } from '../shared/i18n';
import { log } from '../shared/log';
import { storageReasonOf, storageReasonText } from '../shared/storage-errors';
import { sqliteStorageReason } from './sqlite-errors';
import { migrate, NewerSchemaError } from './migrate';
import { isReadableFolder, configure, quickCheck } from './database-files';
import { startRefusal } from './storage-failure';
import { copiedIntoMemory } from './memory-copy';
import { SqliteStorage } from './sqlite-storage';
import type { OpenStorageOptions, Storage } from './storage';

/**
 * The start that could not open the database for writing (`error` is why): a newer console's file, or a folder that is
 * full or read-only, opens read-only with the refusal told from the start; anything else is thrown again.
 */
export function startReadOnly(error: unknown, options: OpenStorageOptions, file: string, notices: Sentence[], tell: (sentence: Sentence) => void): Storage {
  const { folder } = options;
  if (error instanceof NewerSchemaError) {
    // Not a disk problem: the file is left exactly as it is (a newer console reads it again), nothing of it is shown
    // (this console cannot tell what its tables mean now), and the operator reads why, on screen, from the start.
    log.warn('storage', error.message);
    tell(sentence('storage.newerSchema', { file, found: error.found, known: error.known }));
    const failure = startRefusal(t('storage.newerSchemaSave', { file }), `${error.message}: ${file}`, folder, 'other');
    return openReadOnly(options, file, notices, failure);
  }
  const why = sqliteStorageReason(error, folder) ?? storageReasonOf(error);
  // A folder that cannot even be made or read (a path through a file, no permission to enter it) has nothing to
  // show: the start fails with the folder named, rather than a console that silently keeps nothing.
  if (!why || !isReadableFolder(folder)) throw error;
  log.warn('storage', `the database cannot be written: ${String(error)}`);
  const reason = storageReasonText(why.reason, why.code);
  // Kept for health and diagnostics; the data folder tells the operator the same sentence on screen.
  notices.push(() => t('storage.unwritable', { path: folder, reason: storageReasonText(why.reason, why.code) }));
  // This run keeps the database read-only even once the disk has room or is writable again: the sentence says to
  // restart (not "try again", which would be refused the same way).
  const refusal = why.reason === 'full' ? t('storage.fullAtStart', { path: folder }) : t('storage.unwritableAtStart', { path: folder, reason });
  const failure = startRefusal(refusal, `${why.code} in ${folder}: ${error instanceof Error ? error.message : String(error)}`, folder, why.reason);
  return openReadOnly(options, file, notices, failure);
}

/**
 * Opens the file for reading only. First as a WAL database, which reads the changes still in the write-ahead log (a
 * console stopped without its closing checkpoint leaves them there) and works when the -wal and -shm files exist;
 * then, when they cannot be made on a read-only folder, as an immutable file (no -shm, no locks).
 */
function openForReading(file: string): DatabaseSync {
  try {
    const db = new DatabaseSync(file, { readOnly: true });
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    return db;
  } catch (error) {
    log.info('storage', `read-only open without the log failed (${String(error)}); opening the file as it is`);
    return new DatabaseSync(new URL(`${pathToFileURL(file).href}?immutable=1`), { readOnly: true });
  }
}

/** What is on a read-only disk can still be shown; when even that fails, an empty database in memory keeps the console up. */
function openReadOnly(options: OpenStorageOptions, file: string, notices: Sentence[], failure: AppFailure): Storage {
  // Told at once, not at the first refused save: the data folder shows it from the start.
  options.onWrite?.(failure);
  if (existsSync(file)) {
    try {
      const db = openForReading(file);
      const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
      const newest = Math.max(0, ...options.migrations.map((m) => m.version));
      if (version === newest) {
        return new SqliteStorage(db, options.folder, file, false, quickCheck(db), notices, failure, options.onWrite, null, options.notice);
      }
      if (version < newest) {
        // An older schema whose steps could not run here (a full disk, a read-only folder): what it holds is shown
        // from a copy in memory taken forward, not hidden as if it were empty. Nothing is written to the file.
        const integrity = quickCheck(db);
        const copy = copiedIntoMemory(db);
        db.close();
        migrate(copy, options.migrations);
        return new SqliteStorage(copy, options.folder, file, false, integrity, notices, failure, options.onWrite, null, options.notice);
      }
      log.warn('storage', `the read-only database has schema ${version}, this console needs another: nothing of it can be shown`);
      db.close();
    } catch (error) {
      log.warn('storage', `the database cannot be read either: ${String(error)}`);
    }
  }
  const memory = new DatabaseSync(':memory:');
  configure(memory);
  migrate(memory, options.migrations);
  return new SqliteStorage(memory, options.folder, file, false, 'ok', notices, failure, options.onWrite, null, options.notice);
}
