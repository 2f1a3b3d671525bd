import { closeSync, fdatasync, openSync, statSync, type Stats } from 'node:fs';
import { promisify } from 'node:util';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { AppFailure } from '../shared/app-failure';
import { log } from '../shared/log';
import { said, t, type Sentence } from '../shared/i18n';
import { tableWords } from './table-words';
import { isDamage } from './sqlite-errors';
import type { Checkpointer } from './checkpointer';
import { quickCheck, quoted, tablesOf } from './database-files';
import { storageFailureOf } from './storage-failure';
import { askForCheck, clearMarker, inUseMarker } from './check-markers';
import type { Storage, StorageHealth } from './storage';

const datasync = promisify(fdatasync);

/** The `Storage` over one SQLite connection: its transactions, syncs, reads, health and closing. */
export class SqliteStorage implements Storage {
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
    private readonly notices: Sentence[],
    private readonly readOnlyReason: AppFailure | null,
    private readonly onWrite: (failure: AppFailure | null) => void = () => undefined,
    private readonly checkpointer: Checkpointer | null = null,
    /** Where a sentence for the operator goes besides `notices` (the data folder's notices, shown on screen). */
    private readonly tell: (sentence: Sentence) => void = () => undefined,
  ) {
    // Set here, not as a field's initializer: those run before the parameters above are assigned.
    this.identity = writable && file !== ':memory:' ? statSync(file) : null;
  }

  /**
   * The database file as it was opened (device and inode), or null in memory and read-only. A folder moved away or
   * deleted while running leaves SQLite writing into files that no longer have a name: each commit first checks that
   * the file's name still leads to this file.
   */
  private readonly identity: Pick<Stats, 'dev' | 'ino'> | null;

  /** Tables whose unreadable rows were told already this run (each is told once, not on every read). */
  private readonly toldUnreadable = new Set<string>();

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  statement(sql: string): StatementSync {
    return this.statements.get(sql) ?? this.statements.set(sql, this.db.prepare(sql)).get(sql)!;
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
      this.stillThere();
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

  /** Throws (before the commit, so it is rolled back) when the database file is no longer where it was opened. */
  private stillThere(): void {
    if (!this.identity) return;
    let now: Stats | undefined;
    try {
      now = statSync(this.file, { throwIfNoEntry: false });
    } catch {
      // A folder that cannot be looked into now (its permissions changed): the commit itself tells what it meets.
      return;
    }
    if (now && now.dev === this.identity.dev && now.ino === this.identity.ino) return;
    throw new AppFailure('StorageUnavailable', said('storage.folderGone', { path: this.folder }), {
      details: `${this.file} is ${now ? 'another file' : 'gone'}`,
      data: { path: this.folder, reason: 'other' },
      retryable: false,
    });
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

  all<T>(sql: string, ...params: SQLInputValue[]): T[] {
    return this.read(() => this.statement(sql).all(...params) as T[]);
  }

  get<T>(sql: string, ...params: SQLInputValue[]): T | undefined {
    return this.read(() => this.statement(sql).get(...params) as T | undefined);
  }

  unreadable(table: string, error: unknown): void {
    // Its kind only: a JSON parser's message quotes the row's text.
    log.warn('storage', `a row of ${table} could not be read (${error instanceof Error ? error.name : typeof error})`);
    if (this.toldUnreadable.has(table)) return;
    this.toldUnreadable.add(table);
    this.notice(() => t('storage.rowsUnreadable', { table: tableWords(table) }));
  }

  notice(sentence: Sentence): void {
    this.notices.push(sentence);
    this.tell(sentence);
  }

  health(): StorageHealth {
    const counts: Record<string, number> = {};
    for (const name of tablesOf(this.db).sort()) counts[name] = (this.db.prepare(`SELECT count(*) AS n FROM ${quoted(name)}`).get() as { n: number }).n;
    const version = this.db.prepare('PRAGMA user_version').get() as { user_version: number };
    // Not checked at start (the last run closed cleanly): checked now, once, for whoever asks (diagnostics).
    this.integrity ??= quickCheck(this.db);
    return { file: this.file, writable: this.writable, integrity: this.integrity, schemaVersion: version.user_version, counts, notices: this.notices.map((say) => say()) };
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
