import { DatabaseSync, type SQLOutputValue } from 'node:sqlite';
import { configure, quoted } from './database-files';

/** A database's tables, indexes, rows and schema version, copied into a new one in memory (to migrate there). */
export function copiedIntoMemory(db: DatabaseSync): DatabaseSync {
  const memory = new DatabaseSync(':memory:');
  configure(memory);
  const schema = db.prepare("SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY type = 'table' DESC, rowid").all() as Array<{ type: string; name: string; sql: string }>;
  // Rows go in table by table, children perhaps before their parents: the keys are as the file had them.
  memory.exec('PRAGMA foreign_keys = OFF');
  memory.exec('BEGIN');
  for (const { type, name, sql } of schema) {
    memory.exec(sql);
    if (type !== 'table') continue;
    const read = db.prepare(`SELECT * FROM ${quoted(name)}`);
    read.setReturnArrays(true);
    const columns = read.columns().length;
    const insert = memory.prepare(`INSERT INTO ${quoted(name)} VALUES (${Array.from({ length: columns }, () => '?').join(', ')})`);
    for (const row of read.iterate() as Iterable<SQLOutputValue[]>) insert.run(...row);
  }
  const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  memory.exec(`PRAGMA user_version = ${Math.trunc(version)}`);
  memory.exec('COMMIT');
  memory.exec('PRAGMA foreign_keys = ON');
  return memory;
}
