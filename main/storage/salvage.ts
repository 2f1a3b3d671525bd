import { DatabaseSync } from 'node:sqlite';
import { log } from '../shared/log';

export interface SalvageReport {
  kept: Array<{ name: string; rows: number }>;
  unreadable: string[];
}

function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function columnsOf(db: DatabaseSync, table: string): string[] {
  return (db.prepare(`PRAGMA table_info(${quoted(table)})`).all() as Array<{ name: string }>).map((column) => column.name);
}

/**
 * Opens a damaged file for reading what is left: without defensive mode and with writable_schema, SQLite reads the
 * pages that are there instead of refusing a file shorter than its header says (the usual shape of a torn copy).
 */
function openDamaged(file: string): DatabaseSync {
  const damaged = new DatabaseSync(file);
  damaged.enableDefensive(false);
  damaged.exec('PRAGMA writable_schema = ON');
  return damaged;
}

/**
 * Copies every row that still reads from a damaged database (kept aside at `damagedFile`) into the new one, table by
 * table, in the columns both share. A table that stops reading part-way keeps the rows read before the damage.
 */
export function salvageInto(db: DatabaseSync, damagedFile: string): SalvageReport {
  const report: SalvageReport = { kept: [], unreadable: [] };
  const tables = (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string }>).map((row) => row.name);
  let damaged: DatabaseSync;
  try {
    damaged = openDamaged(damagedFile);
    damaged.prepare('SELECT count(*) FROM sqlite_schema').get();
  } catch (error) {
    log.warn('storage', `the damaged database cannot be opened at all: ${String(error)}`);
    return { kept: [], unreadable: tables };
  }
  try {
    for (const table of tables) {
      let rows = 0;
      let columns: string[];
      try {
        const own = new Set(columnsOf(db, table));
        columns = columnsOf(damaged, table).filter((column) => own.has(column));
      } catch (error) {
        log.warn('storage', `table ${table} could not be read: ${String(error)}`);
        report.unreadable.push(table);
        continue;
      }
      if (columns.length === 0) {
        // Not in the damaged file (an older schema) or its schema is unreadable: nothing to copy.
        continue;
      }
      const list = columns.map(quoted).join(', ');
      const insert = db.prepare(`INSERT OR IGNORE INTO ${quoted(table)} (${list}) VALUES (${columns.map(() => '?').join(', ')})`);
      db.exec('BEGIN');
      try {
        for (const row of damaged.prepare(`SELECT ${list} FROM ${quoted(table)}`).iterate()) {
          insert.run(...(Object.values(row as Record<string, never>)));
          rows += 1;
        }
        report.kept.push({ name: table, rows });
      } catch (error) {
        // What was read before the damage is kept; the table is told as read in part.
        log.warn('storage', `table ${table} read in part (${rows} rows): ${String(error)}`);
        if (rows > 0) report.kept.push({ name: table, rows });
        report.unreadable.push(table);
      } finally {
        db.exec('COMMIT');
      }
    }
    outboxRequestsOf(db, damaged, tables);
  } finally {
    damaged.close();
  }
  return report;
}

/**
 * Schema step 13 moved the outbox's sealed requests out of its entries' rows into `outbox_requests`: from a damaged
 * file of an older schema each is copied there as it was (sealed alone, see outbox-request-groups.ts). An entry whose
 * request could not be read is left out, as a row that did not read was before (it could be neither sent nor
 * shown), and so is a group of requests left without entries.
 */
function outboxRequestsOf(db: DatabaseSync, damaged: DatabaseSync, tables: string[]): void {
  if (!tables.includes('outbox_requests') || !tables.includes('outbox_entries')) return;
  try {
    if (columnsOf(damaged, 'outbox_entries').includes('body')) {
      const insert = db.prepare('INSERT OR IGNORE INTO outbox_requests (seq, body, single) VALUES (?, ?, ?)');
      const point = db.prepare('UPDATE outbox_entries SET request_seq = seq, request_index = NULL WHERE seq = ? AND id = ?');
      db.exec('BEGIN');
      try {
        for (const row of damaged.prepare('SELECT seq, id, body FROM outbox_entries WHERE body IS NOT NULL').iterate()) {
          const { seq, id, body } = row as { seq: number; id: string; body: Uint8Array };
          insert.run(seq, body, id);
          point.run(seq, id);
        }
      } finally {
        db.exec('COMMIT');
      }
    }
  } catch (error) {
    log.warn('storage', `outbox requests read in part: ${String(error)}`);
  }
  db.exec('DELETE FROM outbox_entries WHERE request_seq IS NULL OR request_seq NOT IN (SELECT seq FROM outbox_requests)');
  db.exec('DELETE FROM outbox_requests WHERE seq NOT IN (SELECT request_seq FROM outbox_entries)');
}
