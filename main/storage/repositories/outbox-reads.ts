import type { OutboxEntry, OutboxState } from '../../../preload/contract/onboarding';
import type { Storage } from '../database';
import type { EntryReader } from './outbox-entries';
import { COLUMNS, LIVE, rowsOf } from './outbox-rows';

export interface StateCounts {
  counts: Record<OutboxState, number>;
  /** The earliest retry time (ms) of a retrying entry, or null. */
  nextRetryAt: number | null;
}

/** Rows of `SELECT state, count(*) AS n … GROUP BY state` as a count for every state. */
function byState(rows: Array<{ state: OutboxState; n: number }>): Record<OutboxState, number> {
  const counts: Record<OutboxState, number> = { queued: 0, sending: 0, retrying: 0, 'needs-fixing': 0, held: 0, created: 0 };
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}

/**
 * Read-only looks at the outbox: counts by state, what is due, and the windows of entries the screens list. The
 * repository (outbox-repository.ts) is these and its writes.
 */
export class OutboxReads {
  constructor(
    protected readonly storage: Storage,
    protected readonly reader: EntryReader,
  ) {}

  /** When the next waiting entry is due (ms), or null when none waits. */
  nextDueAt(): number | null {
    const row = this.storage.statement(`SELECT due_at AS at FROM outbox_entries INDEXED BY outbox_due WHERE state IN ('queued', 'retrying') AND ${LIVE} ORDER BY due_at, seq LIMIT 1`).get() as { at: number | null } | undefined;
    return row?.at ?? null;
  }

  counts(): StateCounts {
    // Cleared rows are off the outbox's list, so off its counts too (they stay in the created list and stay known).
    const counts = byState(this.storage.all(`SELECT state, count(*) AS n FROM outbox_entries WHERE ${LIVE} AND cleared_at IS NULL GROUP BY state`));
    const next = this.storage.statement(`SELECT min(due_at) AS at FROM outbox_entries INDEXED BY outbox_retry WHERE state = 'retrying' AND ${LIVE}`).get() as { at: number | null };
    return { counts, nextRetryAt: next.at };
  }

  importCounts(importId: string): Record<OutboxState, number> {
    return byState(this.storage.all(`SELECT state, count(*) AS n FROM outbox_entries WHERE import_id = ? AND ${LIVE} GROUP BY state`, importId));
  }

  /**
   * Ids of an import's entries that certainly have not reached the server: waiting, and never perhaps created (one
   * queued again by "Try all again now" or a change keeps that mark).
   */
  unsentOfImport(importId: string): string[] {
    const rows = this.storage.all<{ id: string }>(`SELECT id FROM outbox_entries WHERE import_id = ? AND ${LIVE} AND state IN ('queued', 'retrying') AND maybe_created = 0`, importId);
    return rows.map((row) => row.id);
  }

  /** Every live entry, oldest first (moving the outbox to another store; tests). */
  all(): OutboxEntry[] {
    return this.storage.read(() => this.reader.entries(rowsOf(this.storage, `SELECT ${COLUMNS} FROM outbox_entries WHERE ${LIVE} ORDER BY seq`)));
  }

  /** Entries not cleared, newest first, at most `limit`, and how many there are in all. */
  visible(limit: number): { entries: OutboxEntry[]; total: number } {
    // Through `read`: a damaged page is told as a sentence, and the next start checks the file and salvages it.
    return this.storage.read(() => {
      const rows = rowsOf(this.storage, `SELECT ${COLUMNS} FROM outbox_entries WHERE cleared_at IS NULL AND ${LIVE} ORDER BY seq DESC LIMIT ?`, limit);
      const total = (this.storage.statement(`SELECT count(*) AS n FROM outbox_entries WHERE cleared_at IS NULL AND ${LIVE}`).get() as { n: number }).n;
      return { entries: this.reader.entries(rows), total };
    });
  }

  /**
   * Created entries changed at or after `since` (cleared ones too: the list of created cameras keeps them); those in
   * `except` are not opened.
   */
  createdSince(since: string, except: ReadonlySet<string> = new Set()): OutboxEntry[] {
    return this.storage.read(() => {
      const rows = rowsOf(this.storage, `SELECT ${COLUMNS} FROM outbox_entries INDEXED BY outbox_created WHERE state = 'created' AND updated_at >= ? AND ${LIVE}`, since);
      return this.reader.entries(except.size === 0 ? rows : rows.filter((row) => !except.has(row.id)));
    });
  }

  /** How many created entries there are (cleared ones too), from the index. */
  createdCount(): number {
    return (this.storage.statement(`SELECT count(*) AS n FROM outbox_entries WHERE state = 'created' AND ${LIVE}`).get() as { n: number }).n;
  }
}
