import type { DatabaseSync } from 'node:sqlite';
import { log } from '../shared/log';

/**
 * One forward step of the schema. Steps run in order of `version`, each in its own transaction, and the database's
 * `user_version` records the last one applied. A step is never edited once released: a change is a new step.
 */
export interface Migration {
  version: number;
  name: string;
  up(db: DatabaseSync): void;
}

/**
 * The database was written by a newer console (its schema has steps this one does not know). Not an errno-like code:
 * it is no disk problem, and the operator is told so in its own words (database.ts).
 */
export class NewerSchemaError extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(`the database was written by a newer Watchdesk (schema ${found}, this one knows ${known})`);
    this.name = 'NewerSchemaError';
  }
}

/** Applies every step newer than the database's version; a database from a newer console is refused in words. */
export function migrate(db: DatabaseSync, migrations: readonly Migration[]): void {
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  const current = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  const newest = ordered.at(-1)?.version ?? 0;
  if (current > newest) {
    throw new NewerSchemaError(current, newest);
  }
  for (const step of ordered) {
    if (step.version <= current) continue;
    db.exec('BEGIN IMMEDIATE');
    try {
      step.up(db);
      // PRAGMA takes no parameters; the version is a number from our own code.
      db.exec(`PRAGMA user_version = ${Math.trunc(step.version)}`);
      db.exec('COMMIT');
      log.info('storage', `schema step ${step.version} (${step.name}) applied`);
    } catch (error) {
      // A full disk or an I/O error may have rolled the step back already: a ROLLBACK then would throw "no
      // transaction is active" in place of the error that says what happened (a full disk told as a full disk).
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }
}
