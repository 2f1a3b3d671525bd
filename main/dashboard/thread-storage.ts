import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { Storage } from '../storage/database';

/**
 * The answer thread's own connection to the console's database, for the dashboard's offline copies only: a 60 MB
 * answer written or read on main's connection would hold main's event loop for a good part of a second. The file is
 * the one main opened (WAL; a second connection reads and writes beside main's, as the checkpoint thread's does);
 * the SQL stays in the repository, this only gives it transactions.
 */
export type ThreadStorage = Pick<Storage, 'statement' | 'transaction' | 'get'> & { close(): void };

/** `readOnly`: the console opened the database read-only; this connection may not write it either. */
export function openThreadStorage(file: string, readOnly = false): ThreadStorage {
  const db = new DatabaseSync(file, { readOnly });
  db.exec('PRAGMA busy_timeout = 5000');
  const statements = new Map<string, StatementSync>();
  const statement = (sql: string): StatementSync => statements.get(sql) ?? statements.set(sql, db.prepare(sql)).get(sql)!;
  return {
    statement,
    get: <T>(sql: string, ...params: SQLInputValue[]) => statement(sql).get(...params) as T | undefined,
    transaction(work) {
      db.exec('BEGIN IMMEDIATE');
      try {
        const result = work();
        db.exec('COMMIT');
        return result;
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw error;
      }
    },
    close() {
      db.close();
    },
  };
}
