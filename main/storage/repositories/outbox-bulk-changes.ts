import type { Storage } from '../database';
import type { RequestGroups, RequestRef } from './outbox-request-groups';
import { LIVE } from './outbox-rows';

/**
 * Changes of many outbox entries at once, each one transaction. They change rows by state or by mark, not entry by
 * entry, so the repository forgets the states it remembers before each of them (see `OutboxRepository`).
 */

/** Entries found mid-send at start (the process ended while they were on the wire): retried, perhaps created. */
export function recoverSending(storage: Storage, now: number): number {
  return storage.transaction(
    () => Number(storage.statement("UPDATE outbox_entries SET state = 'retrying', maybe_created = 1, due_at = ?, updated_at = ? WHERE state = 'sending'").run(now, new Date(now).toISOString()).changes),
  );
}

/** Every waiting (retrying or held) entry is queued again, due now. */
export function retryWaiting(storage: Storage, now: number): number {
  return storage.transaction(
    () => Number(storage.statement(`UPDATE outbox_entries SET state = 'queued', due_at = ?, updated_at = ? WHERE state IN ('retrying', 'held') AND ${LIVE}`).run(now, new Date(now).toISOString()).changes),
  );
}

/** Entries marked as on the wire that never left (the outbox stopped first): waiting again, as they were. */
export function undispatchEntries(storage: Storage, ids: string[]): void {
  storage.transaction(() => {
    const one = storage.statement(
      "UPDATE outbox_entries SET state = CASE WHEN attempts > 1 OR maybe_created = 1 THEN 'retrying' ELSE 'queued' END, attempts = attempts - 1, due_at = ? WHERE id = ? AND state = 'sending'",
    );
    for (const id of ids) one.run(Date.now(), id);
  });
}

/** Retrying entries become due now (the server answered again). */
export function wakeRetrying(storage: Storage, now: number): number {
  return storage.transaction(() => Number(storage.statement(`UPDATE outbox_entries INDEXED BY outbox_retry SET due_at = ? WHERE state = 'retrying' AND ${LIVE} AND due_at > ?`).run(now, now).changes));
}

/**
 * Takes entries out of the outbox under `mark` (kept until the next discard, so it can be undone). Entries discarded
 * before are forgotten now.
 */
export function discardEntries(storage: Storage, groups: RequestGroups, ids: string[], mark: string): void {
  storage.transaction(() => {
    // Forgotten with their requests (see outbox-request-groups.ts).
    const gone = storage.statement('SELECT request_seq AS seq, request_index AS "index" FROM outbox_entries WHERE discarded_at IS NOT NULL AND request_seq IS NOT NULL').all() as unknown as RequestRef[];
    storage.statement('DELETE FROM outbox_entries WHERE discarded_at IS NOT NULL').run();
    groups.forget(gone);
    const one = storage.statement(`UPDATE outbox_entries SET discarded_at = ? WHERE id = ? AND ${LIVE}`);
    for (const id of ids) one.run(mark, id);
  });
}

/** Brings back the entries of one discard; refused (nothing changes) when their external ids were queued again meanwhile. */
export function undoDiscardOf(storage: Storage, mark: string): number {
  return storage.transaction(() => Number(storage.statement('UPDATE outbox_entries SET discarded_at = NULL WHERE discarded_at = ?').run(mark).changes));
}

export function clearCreatedAt(storage: Storage, at: string): number {
  return storage.transaction(() => Number(storage.statement(`UPDATE outbox_entries SET cleared_at = ? WHERE state = 'created' AND cleared_at IS NULL AND ${LIVE}`).run(at).changes));
}

export function undoClearOf(storage: Storage, at: string): number {
  return storage.transaction(() => Number(storage.statement('UPDATE outbox_entries INDEXED BY outbox_cleared SET cleared_at = NULL WHERE cleared_at = ?').run(at).changes));
}
