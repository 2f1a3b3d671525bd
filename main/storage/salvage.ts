import { DatabaseSync, type SQLOutputValue } from 'node:sqlite';
import { log } from '../shared/log';
import { quoted, tablesOf } from './database-files';

export interface SalvageReport {
  kept: Array<{ name: string; rows: number }>;
  unreadable: string[];
}

function columnsOf(db: DatabaseSync, table: string): string[] {
  return (db.prepare(`PRAGMA table_info(${quoted(table)})`).all() as Array<{ name: string }>).map((column) => column.name);
}

/**
 * Opens a damaged file for reading what is left: without defensive mode and with writable_schema, SQLite reads the
 * pages that are there instead of refusing a file shorter than its header says (the usual shape of a torn copy).
 * Read-only, so the kept files stay as they were found: a connection that may write replays the kept write-ahead log
 * into the kept file when it closes, and then deletes the log.
 */
function openDamaged(file: string): DatabaseSync {
  const damaged = new DatabaseSync(file, { readOnly: true });
  damaged.enableDefensive(false);
  damaged.exec('PRAGMA writable_schema = ON');
  return damaged;
}

/** A table with rowids (not WITHOUT ROWID): its rows can be read from any rowid on, past a damaged one. */
function hasRowid(db: DatabaseSync, table: string): boolean {
  try {
    db.prepare(`SELECT rowid FROM ${quoted(table)} LIMIT 0`).all();
    return true;
  } catch {
    return false;
  }
}

/**
 * Where a damaged table's rows read again after rowid `after`: the next rowid whose cell reads (`exact`: the very next
 * one, so it is that row's own content that does not read), looked for further and further ahead when even that does
 * not read (a damaged page of rows).
 */
function nextReadable(damaged: DatabaseSync, table: string, after: number): { rowid: number; exact: boolean } | null {
  for (let step = 0; step < 2 ** 53; step = step === 0 ? 1 : step * 2) {
    // Probes ahead from rowid 0 at least: the console's rowids start at 1, and nothing read yet leaves `after` far below.
    const from = step === 0 ? after : Math.max(after, 0) + step;
    try {
      const row = damaged.prepare(`SELECT rowid AS r FROM ${quoted(table)} WHERE rowid > ? ORDER BY rowid LIMIT 1`).get(from) as { r: number } | undefined;
      return row ? { rowid: row.r, exact: step === 0 } : null;
    } catch {
      // Still inside the damage: look further on.
    }
  }
  return null;
}

/**
 * Copies a table's rows in rowid order, going on past a row or a page that does not read: one damaged row (a group of
 * outbox requests sealed together spreads over many pages) must not lose every row stored after it. Answers how many
 * whether any were skipped; a failure to write the copy (a `WriteFailure`) is thrown.
 */
function copyPastDamage(damaged: DatabaseSync, table: string, list: string, copy: (values: SQLOutputValue[]) => void): boolean {
  let skipped = false;
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    try {
      // Prepared again after each failure: a statement whose step failed answers that failure again when reset.
      const read = damaged.prepare(`SELECT ${list}, rowid FROM ${quoted(table)} WHERE rowid > ? ORDER BY rowid`);
      read.setReturnArrays(true);
      const rowsRead = read.iterate(after) as Iterator<SQLOutputValue[]>;
      for (let row = rowsRead.next(); !row.done; row = rowsRead.next()) {
        const values = row.value;
        copy(values.slice(0, -1));
        after = values.at(-1) as number;
      }
      return skipped;
    } catch (error) {
      // A failed write is no damage of the old file: it stops the copy.
      if (error instanceof WriteFailure) throw error;
      log.warn('storage', `table ${table}: rows after rowid ${after} do not read, skipped: ${String(error)}`);
      skipped = true;
      const next = nextReadable(damaged, table, after);
      if (next === null) return skipped;
      // The row itself does not read: stepped over. A damaged page before it: read again from that row on.
      after = next.exact ? next.rowid : next.rowid - 1;
    }
  }
}

/** The count of tokens shown the damaged file kept; null when it does not read. */
function shownCount(damaged: DatabaseSync): number | null {
  try {
    return (damaged.prepare("SELECT n FROM token_history_counts WHERE name = 'entries'").get() as { n: number } | undefined)?.n ?? null;
  } catch {
    return null;
  }
}

/**
 * The token history's clear did not read, so which copied tokens a clear had hidden (for its undo, or not purged yet)
 * is not known from it. The tokens shown were the newest, as many as the count the damaged file kept: with that count
 * and every row of the history copied, the clear is made again exactly. Without them every copied token is taken as
 * cleared (and the history told as read in part): a cleared token never comes back, and the file set aside keeps all.
 */
function historyClearLost(db: DatabaseSync, damaged: DatabaseSync, report: SalvageReport): void {
  const shown = shownCount(damaged);
  const whole = !report.unreadable.includes('token_history');
  const seqAt = (offset: number): number => (db.prepare('SELECT seq FROM token_history ORDER BY seq DESC LIMIT 1 OFFSET ?').get(offset) as { seq: number } | undefined)?.seq ?? 0;
  const upto = shown !== null && whole ? seqAt(shown) : seqAt(0);
  // Tokens that were shown are hidden with the cleared ones: the history is told as read in part (if not told already).
  if (shown === null && whole && upto > 0) report.unreadable.push('token_history');
  log.warn('storage', `the token history's clear did not read: tokens up to row ${upto} are taken as cleared`);
  db.prepare(
    `INSERT INTO token_history_cleared (id, upto, undo_upto, undo_entries) VALUES (1, ?, NULL, 0)
     ON CONFLICT (id) DO UPDATE SET upto = excluded.upto, undo_upto = NULL, undo_entries = 0`,
  ).run(upto);
}

/** A failure of the new database while copying into it (not damage of the old one). */
class WriteFailure extends Error {}

/**
 * Copies every row that still reads from a damaged database (kept aside at `damagedFile`) into the new one, table by
 * table, in the columns both share. A table that stops reading part-way keeps the rows read before the damage.
 */
export function salvageInto(db: DatabaseSync, damagedFile: string): SalvageReport {
  const report: SalvageReport = { kept: [], unreadable: [] };
  const tables = tablesOf(db);
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
      let skipped = false;
      try {
        if (hasRowid(damaged, table)) {
          skipped = copyPastDamage(damaged, table, list, (values) => {
            try {
              insert.run(...values);
            } catch (error) {
              throw new WriteFailure('the copy could not be written', { cause: error });
            }
            rows += 1;
          });
        } else {
          for (const row of damaged.prepare(`SELECT ${list} FROM ${quoted(table)}`).iterate()) {
            insert.run(...(Object.values(row as Record<string, never>)));
            rows += 1;
          }
        }
        report.kept.push({ name: table, rows });
      } catch (error) {
        // What was read before the damage is kept; the table is told as read in part.
        log.warn('storage', `table ${table} read in part (${rows} rows): ${String(error)}`);
        if (rows > 0) report.kept.push({ name: table, rows });
        skipped = true;
      } finally {
        db.exec('COMMIT');
      }
      if (skipped) report.unreadable.push(table);
    }
    if (report.unreadable.includes('token_history_cleared')) historyClearLost(db, damaged, report);
    // The token history's count is kept by its writes, not copied with the rows (it would count rows lost here); rows a
    // clear hides (up to its watermark, copied over with them) are not counted, as the history does not count them.
    if (tables.includes('token_history_counts')) {
      db.exec("UPDATE token_history_counts SET n = (SELECT count(*) FROM token_history WHERE seq > coalesce((SELECT upto FROM token_history_cleared), 0)) WHERE name = 'entries'");
      // The operator is told of the tokens they will see, not of those a clear hides.
      const history = report.kept.find((table) => table.name === 'token_history');
      if (history) history.rows = (db.prepare("SELECT n FROM token_history_counts WHERE name = 'entries'").get() as { n: number }).n;
      if (history?.rows === 0 && report.unreadable.includes('token_history')) report.kept.splice(report.kept.indexOf(history), 1);
    }
    const dropped = outboxRequestsOf(db, damaged, tables);
    if (dropped > 0) {
      // Entries copied whose request was lost are not kept (they could be neither sent nor shown): told as read in part.
      const entries = report.kept.find((table) => table.name === 'outbox_entries');
      if (entries) entries.rows -= dropped;
      if (!report.unreadable.includes('outbox_entries')) report.unreadable.push('outbox_entries');
    }
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
function outboxRequestsOf(db: DatabaseSync, damaged: DatabaseSync, tables: string[]): number {
  if (!tables.includes('outbox_requests') || !tables.includes('outbox_entries')) return 0;
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
  const dropped = Number(db.prepare('DELETE FROM outbox_entries WHERE request_seq IS NULL OR request_seq NOT IN (SELECT seq FROM outbox_requests)').run().changes);
  db.exec('DELETE FROM outbox_requests WHERE seq NOT IN (SELECT request_seq FROM outbox_entries)');
  return dropped;
}
