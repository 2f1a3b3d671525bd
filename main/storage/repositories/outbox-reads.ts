import type { OutboxEntry, OutboxState } from '../../../preload/contract/onboarding';
import type { Storage } from '../database';
import type { EntryReader } from './outbox-entries';
import { COLUMNS, LIVE, rowsOf } from './outbox-rows';

/** Read-only looks at the outbox: counts by state, what is due, and the windows of entries the screens list. */

export interface StateCounts {
  counts: Record<OutboxState, number>;
  /** The earliest retry time (ms) of a retrying entry, or null. */
  nextRetryAt: number | null;
}

/** When the next waiting entry is due (ms), or null when none waits. */
export function nextDueAtOf(storage: Storage): number | null {
  const row = storage.statement(`SELECT due_at AS at FROM outbox_entries INDEXED BY outbox_due WHERE state IN ('queued', 'retrying') AND ${LIVE} ORDER BY due_at, seq LIMIT 1`).get() as { at: number | null } | undefined;
  return row?.at ?? null;
}

export function countsOf(storage: Storage): StateCounts {
  const counts: Record<OutboxState, number> = { queued: 0, sending: 0, retrying: 0, 'needs-fixing': 0, held: 0, created: 0 };
  // Cleared rows are off the outbox's list, so off its counts too (they stay in the created list and stay known).
  const rows = storage.read(() => storage.statement(`SELECT state, count(*) AS n FROM outbox_entries WHERE ${LIVE} AND cleared_at IS NULL GROUP BY state`).all()) as Array<{ state: OutboxState; n: number }>;
  for (const row of rows) counts[row.state] = row.n;
  const next = storage.statement(`SELECT min(due_at) AS at FROM outbox_entries INDEXED BY outbox_retry WHERE state = 'retrying' AND ${LIVE}`).get() as { at: number | null };
  return { counts, nextRetryAt: next.at };
}

export function importCountsOf(storage: Storage, importId: string): Record<OutboxState, number> {
  const counts: Record<OutboxState, number> = { queued: 0, sending: 0, retrying: 0, 'needs-fixing': 0, held: 0, created: 0 };
  const rows = storage.statement(`SELECT state, count(*) AS n FROM outbox_entries WHERE import_id = ? AND ${LIVE} GROUP BY state`).all(importId) as Array<{ state: OutboxState; n: number }>;
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}

/** Ids of an import's entries that certainly have not reached the server. */
export function unsentOfImportOf(storage: Storage, importId: string): string[] {
  const rows = storage
    .statement(`SELECT id FROM outbox_entries WHERE import_id = ? AND ${LIVE} AND (state = 'queued' OR (state = 'retrying' AND maybe_created = 0))`)
    .all(importId) as Array<{ id: string }>;
  return rows.map((row) => row.id);
}

/** States of these entries (live ones), for checks before a change. */
export function statesOf(storage: Storage, ids: string[]): Map<string, OutboxState> {
  const one = storage.statement(`SELECT state FROM outbox_entries WHERE id = ? AND ${LIVE}`);
  const out = new Map<string, OutboxState>();
  for (const id of ids) {
    const row = one.get(id) as { state: OutboxState } | undefined;
    if (row) out.set(id, row.state);
  }
  return out;
}

/** Every live entry, oldest first (moving the outbox to another store; tests). */
export function allOf(storage: Storage, reader: EntryReader): OutboxEntry[] {
  return storage.read(() => reader.entries(rowsOf(storage, `SELECT ${COLUMNS} FROM outbox_entries WHERE ${LIVE} ORDER BY seq`)));
}

/** Entries not cleared, newest first, at most `limit`, and how many there are in all. */
export function visibleOf(storage: Storage, reader: EntryReader, limit: number): { entries: OutboxEntry[]; total: number } {
  // Through `read`: a damaged page is told as a sentence, and the next start checks the file and salvages it.
  return storage.read(() => {
    const rows = rowsOf(storage, `SELECT ${COLUMNS} FROM outbox_entries WHERE cleared_at IS NULL AND ${LIVE} ORDER BY seq DESC LIMIT ?`, limit);
    const total = (storage.statement(`SELECT count(*) AS n FROM outbox_entries WHERE cleared_at IS NULL AND ${LIVE}`).get() as { n: number }).n;
    return { entries: reader.entries(rows), total };
  });
}

/** Created entries changed at or after `since` (cleared ones too: the list of created cameras keeps them). */
export function createdSinceOf(storage: Storage, reader: EntryReader, since: string): OutboxEntry[] {
  return storage.read(() => reader.entries(rowsOf(storage, `SELECT ${COLUMNS} FROM outbox_entries INDEXED BY outbox_created WHERE state = 'created' AND updated_at >= ? AND ${LIVE}`, since)));
}
