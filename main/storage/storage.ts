import type { SQLInputValue, StatementSync } from 'node:sqlite';
import type { AppFailure } from '../shared/app-failure';
import type { Sentence } from '../shared/i18n';
import type { Migration } from './migrate';

// The store as its callers see it: database.ts opens one, sqlite-storage.ts is how it works.

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
  /** The rows `sql` answers, read as `read` does; `T` is their shape as the SQL names the columns (`AS`). */
  all<T>(sql: string, ...params: SQLInputValue[]): T[];
  /** The first row `sql` answers (undefined: none), read as `read` does. */
  get<T>(sql: string, ...params: SQLInputValue[]): T | undefined;
  /** True inside `transaction` or `relaxedTransaction`: what is written now may still be rolled back by an outer one. */
  readonly inTransaction: boolean;
  /** A sentence for the operator about what is kept (shown with the data folder's notices on Connect and About). */
  notice(sentence: Sentence): void;
  /**
   * Rows of `table` were read but could not be made sense of (their JSON or seal no longer opens: bytes damaged on
   * disk after a clean close, which SQLite's start-up check cannot see): the caller leaves them out, and the operator
   * is told once per table, on screen, in words.
   */
  unreadable(table: string, error: unknown): void;
  health(): StorageHealth;
  close(): void;
}

/** What `openStorage` takes; a start that goes read-only (read-only-start.ts) reads the same. */
export interface OpenStorageOptions {
  folder: string;
  migrations: readonly Migration[];
  /** Where a sentence for the operator goes (the data folder's notices, shown on About and Connect). */
  notice?: (sentence: Sentence) => void;
  /** Tests open a database in memory. */
  inMemory?: boolean;
  /**
   * Told after every top-level transaction: the failure when the disk refused it (full, read-only), null when it was
   * committed. The data folder's status follows it, so the banner goes once space returns.
   */
  onWrite?: (failure: AppFailure | null) => void;
}

