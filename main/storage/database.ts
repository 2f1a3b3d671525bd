import { closeSync, existsSync, fdatasync, mkdirSync, openSync } from 'node:fs';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DatabaseSync, type SQLOutputValue, type StatementSync } from 'node:sqlite';
import { AppFailure } from '../shared/app-failure';
import { t } from '../shared/i18n';
import { log } from '../shared/log';
import { storageReasonOf, storageReasonText } from '../shared/storage-errors';
import { isDamage, sqliteStorageReason } from './sqlite-errors';
import { migrate, NewerSchemaError, type Migration } from './migrate';
import { salvageInto, type SalvageReport } from './salvage';
import { checkWal } from './wal-check';
import { tableWords } from './table-words';
import { startCheckpointer, type Checkpointer } from './checkpointer';
import { isReadableFolder, createPrivateFile, tightenSideFiles, configure, quickCheck, missingTables, setAside } from './database-files';
import { startRefusal, storageFailureOf } from './storage-failure';
import { askForCheck, checkIsDue, checkNextStartMarker, clearMarker, inUseMarker, markInUse } from './check-markers';

/** The one database file in a data folder; its WAL and shared-memory files sit beside it. */
export const DATABASE_FILE = 'watchdesk.db';
export { refusedUntilRestart } from './storage-failure';

export interface StorageHealth {
  file: string;
  writable: boolean;
  /** `ok`, or what `PRAGMA quick_check` said at start (the database was then set aside). */
  integrity: string;
  schemaVersion: number;
  /** Rows per table: what diagnostics and the About screen show. */
  counts: Record<string, number>;
  /** Sentences for the operator: what was set aside, what could not be read, why nothing can be saved. */
  notices: string[];
}

/**
 * The console's one store. Only repositories in main/storage/ use `statement` and `transaction`; features get those
 * repositories, never SQL.
 */
export interface Storage {
  readonly folder: string;
  readonly file: string;
  /** False when the folder is read-only or unreachable: reads work on what is there, every write is refused in words. */
  readonly writable: boolean;
  /** The statement for this SQL, prepared once per connection. */
  statement(sql: string): StatementSync;
  /**
   * Runs `work` as one transaction and returns its result once it is committed and synced (WAL with
   * synchronous=FULL): only then may a caller acknowledge it. A throw rolls everything back; a disk that is full,
   * read-only or gone becomes a `StorageUnavailable` failure naming the folder.
   */
  transaction<T>(work: () => T): T;
  /**
   * `transaction`, committed without waiting for the disk (synchronous=NORMAL: the WAL frames are written to the
   * file, not yet synced), for bulk work on the main thread. The change is visible at once and survives a killed
   * process (it is in the OS's cache), but NOT a power cut until `sync()` resolves: whoever acknowledges it to the
   * operator awaits `sync()` first. A synchronous commit would hold the event loop for the disk's fsync (tens to
   * hundreds of ms on a busy disk); `sync()` does that wait on a thread of libuv's pool instead. Several relaxed
   * commits may share one `sync()`. Nested in another transaction, it is a savepoint of that one.
   */
  relaxedTransaction<T>(work: () => T): T;
  /**
   * Makes every commit so far durable (the WAL file synced with fdatasync, off the event loop); resolves at once in
   * memory and on a read-only folder. A disk error becomes the same `StorageUnavailable` sentence as a failed commit.
   */
  sync(): Promise<void>;
  /** Runs reads, telling a disk problem the same way as a write. */
  read<T>(work: () => T): T;
  /** True inside `transaction` or `relaxedTransaction`: what is written now may still be rolled back by an outer one. */
  readonly inTransaction: boolean;
  health(): StorageHealth;
  close(): void;
}

export interface OpenStorageOptions {
  folder: string;
  migrations: readonly Migration[];
  /** Where a sentence for the operator goes (the data folder's notices, shown on About and Connect). */
  notice?: (sentence: string) => void;
  /** Tests open a database in memory. */
  inMemory?: boolean;
  /**
   * Told after every top-level transaction: the failure when the disk refused it (full, read-only), null when it was
   * committed. The data folder's status follows it, so the banner goes once space returns.
   */
  onWrite?: (failure: AppFailure | null) => void;
}

const datasync = promisify(fdatasync);

class SqliteStorage implements Storage {
  private readonly statements = new Map<string, StatementSync>();
  private depth = 0;
  /**
   * The WAL file, opened at the first sync and kept for the storage's life (SQLite truncates it, never replaces it,
   * while the database is open): a sync is then one fdatasync, not an open, a sync and a close.
   */
  private wal: number | null = null;
  /** Syncs under way: the WAL's descriptor is closed once they are done. */
  private syncing = 0;

  constructor(
    private readonly db: DatabaseSync,
    readonly folder: string,
    readonly file: string,
    readonly writable: boolean,
    private integrity: string | null,
    private readonly notices: string[],
    private readonly readOnlyReason: AppFailure | null,
    private readonly onWrite: (failure: AppFailure | null) => void = () => undefined,
    private readonly checkpointer: Checkpointer | null = null,
  ) {}

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  transaction<T>(work: () => T): T {
    if (this.readOnlyReason) {
      this.onWrite(this.readOnlyReason);
      throw this.readOnlyReason;
    }
    if (this.depth > 0) return this.savepoint(work);
    this.depth += 1;
    try {
      this.db.exec('BEGIN IMMEDIATE');
      const result = work();
      this.db.exec('COMMIT');
      this.checkpointer?.committed();
      this.onWrite(null);
      return result;
    } catch (error) {
      if (this.db.isTransaction) {
        try {
          this.db.exec('ROLLBACK');
        } catch (rollbackError) {
          log.warn('storage', `rollback failed: ${String(rollbackError)}`);
        }
      }
      if (isDamage(error)) askForCheck(this.file);
      const failure = storageFailureOf(error, this.folder);
      if (failure) this.onWrite(failure);
      throw failure ?? error;
    } finally {
      this.depth -= 1;
    }
  }

  relaxedTransaction<T>(work: () => T): T {
    // In memory nothing is synced anyway; nested, the outer transaction's commit decides.
    if (this.file === ':memory:' || this.depth > 0 || this.readOnlyReason) return this.transaction(work);
    this.db.exec('PRAGMA synchronous = NORMAL');
    try {
      return this.transaction(work);
    } finally {
      this.db.exec('PRAGMA synchronous = FULL');
    }
  }

  async sync(): Promise<void> {
    if (this.file === ':memory:' || !this.writable || !this.db.isOpen) return;
    try {
      this.wal ??= openSync(`${this.file}-wal`, 'r');
      // Frames written before this call are in the OS's cache for this file: one fdatasync puts them all on disk.
      this.syncing += 1;
      try {
        await datasync(this.wal);
      } finally {
        this.syncing -= 1;
        if (!this.db.isOpen) this.closeWal();
      }
    } catch (error) {
      // No WAL file: everything was checkpointed into the database file, which SQLite synced when it did.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      const failure = storageFailureOf(error, this.folder);
      if (failure) this.onWrite(failure);
      throw failure ?? error;
    }
  }

  private closeWal(): void {
    if (this.wal === null || this.syncing > 0) return;
    closeSync(this.wal);
    this.wal = null;
  }

  private savepoint<T>(work: () => T): T {
    const name = `nested_${this.depth}`;
    this.depth += 1;
    this.db.exec(`SAVEPOINT ${name}`);
    try {
      const result = work();
      this.db.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      this.db.exec(`ROLLBACK TO ${name}`);
      this.db.exec(`RELEASE ${name}`);
      throw error;
    } finally {
      this.depth -= 1;
    }
  }

  read<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      if (isDamage(error)) askForCheck(this.file);
      throw storageFailureOf(error, this.folder) ?? error;
    }
  }

  health(): StorageHealth {
    const counts: Record<string, number> = {};
    const tables = this.db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{ name: string }>;
    for (const { name } of tables) {
      const row = this.db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number };
      counts[name] = row.n;
    }
    const version = this.db.prepare('PRAGMA user_version').get() as { user_version: number };
    // Not checked at start (the last run closed cleanly): checked now, once, for whoever asks (diagnostics).
    this.integrity ??= quickCheck(this.db);
    return { file: this.file, writable: this.writable, integrity: this.integrity, schemaVersion: version.user_version, counts, notices: [...this.notices] };
  }

  close(): void {
    if (!this.db.isOpen) return;
    this.statements.clear();
    this.checkpointer?.stop();
    if (this.writable) {
      try {
        // A checkpoint on purpose at the end, so the next start reads one file rather than replaying a long WAL.
        this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      } catch (error) {
        log.warn('storage', `checkpoint at close failed: ${String(error)}`);
      }
    }
    this.db.close();
    this.closeWal();
    if (this.writable) clearMarker(inUseMarker(this.file));
  }
}

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
    return new SqliteStorage(db, folder, file, true, integrity, notices, null, options.onWrite, startCheckpointer(file));
  } catch (error) {
    if (opened?.isOpen) opened.close();
    if (error instanceof NewerSchemaError) {
      // Not a disk problem: the file is left exactly as it is (a newer console reads it again), nothing of it is shown
      // (this console cannot tell what its tables mean now), and the operator reads why, on screen, from the start.
      log.warn('storage', error.message);
      tell(t('storage.newerSchema', { file, found: error.found, known: error.known }));
      const failure = startRefusal(t('storage.newerSchemaSave', { file }), `${error.message}: ${file}`, folder, 'other');
      return openReadOnly(options, file, notices, failure);
    }
    const why = sqliteStorageReason(error) ?? storageReasonOf(error);
    const known = storageFailureOf(error, folder);
    // A folder that cannot even be made or read (a path through a file, no permission to enter it) has nothing to
    // show: the start fails with the folder named, rather than a console that silently keeps nothing.
    if (!why || !known || !isReadableFolder(folder)) throw error;
    log.warn('storage', `the database cannot be written: ${String(error)}`);
    const unwritable = t('storage.unwritable', { path: folder, reason: storageReasonText(why.reason, why.code) });
    // Kept for health and diagnostics; the data folder tells the operator the same sentence on screen.
    notices.push(unwritable);
    // This run keeps the database read-only even once the disk has room or is writable again: the sentence says to
    // restart (not "try again", which would be refused the same way).
    const sentence = why.reason === 'full' ? t('storage.fullAtStart', { path: folder }) : t('storage.unwritableAtStart', { path: folder, reason: storageReasonText(why.reason, why.code) });
    const failure = startRefusal(sentence, known.appError.details ?? known.message, folder, why.reason);
    return openReadOnly(options, file, notices, failure);
  }
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

/** A database's tables, indexes, rows and schema version, copied into a new one in memory (to migrate there). */
function copiedIntoMemory(db: DatabaseSync): DatabaseSync {
  const memory = new DatabaseSync(':memory:');
  configure(memory);
  const schema = db.prepare("SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY type = 'table' DESC, rowid").all() as Array<{ type: string; name: string; sql: string }>;
  // Rows go in table by table, children perhaps before their parents: the keys are as the file had them.
  memory.exec('PRAGMA foreign_keys = OFF');
  memory.exec('BEGIN');
  for (const { type, name, sql } of schema) {
    memory.exec(sql);
    if (type !== 'table') continue;
    const quoted = `"${name.replace(/"/g, '""')}"`;
    const read = db.prepare(`SELECT * FROM ${quoted}`);
    read.setReturnArrays(true);
    const columns = read.columns().length;
    const insert = memory.prepare(`INSERT INTO ${quoted} VALUES (${Array.from({ length: columns }, () => '?').join(', ')})`);
    for (const row of read.iterate() as Iterable<SQLOutputValue[]>) insert.run(...row);
  }
  const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  memory.exec(`PRAGMA user_version = ${Math.trunc(version)}`);
  memory.exec('COMMIT');
  memory.exec('PRAGMA foreign_keys = ON');
  return memory;
}

/** What is on a read-only disk can still be shown; when even that fails, an empty database in memory keeps the console up. */
function openReadOnly(options: OpenStorageOptions, file: string, notices: string[], failure: AppFailure): Storage {
  // Told at once, not at the first refused save: the data folder shows it from the start.
  options.onWrite?.(failure);
  if (existsSync(file)) {
    try {
      const db = openForReading(file);
      const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
      const newest = Math.max(0, ...options.migrations.map((m) => m.version));
      if (version === newest) {
        return new SqliteStorage(db, options.folder, file, false, quickCheck(db), notices, failure, options.onWrite);
      }
      if (version < newest) {
        // An older schema whose steps could not run here (a full disk, a read-only folder): what it holds is shown
        // from a copy in memory taken forward, not hidden as if it were empty. Nothing is written to the file.
        const integrity = quickCheck(db);
        const copy = copiedIntoMemory(db);
        db.close();
        migrate(copy, options.migrations);
        return new SqliteStorage(copy, options.folder, file, false, integrity, notices, failure, options.onWrite);
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
  return new SqliteStorage(memory, options.folder, file, false, 'ok', notices, failure, options.onWrite);
}
