import type { OutboxEntry, OutboxState } from '../../../preload/contract/onboarding';
import type { SQLOutputValue, StatementSync } from 'node:sqlite';
import type { Storage } from '../database';

/** An entry's columns: its request is in `outbox_requests` (schema step 13), read when this process has not seen it. */
export const COLUMNS = 'seq, id, profile_id, import_id, state, attempts, maybe_created, due_at, created_at, updated_at, cleared_at, answer, outcome, request_seq, request_index';

/**
 * A row read as an array (in the order of COLUMNS), made an object of one shape here: node:sqlite builds each row
 * object as a dictionary, slower to make and to read than this literal.
 */
export function rowOf(a: SQLOutputValue[]) {
  return {
    seq: a[0] as number,
    id: a[1] as string,
    profile_id: a[2] as string,
    import_id: a[3] as string | null,
    state: a[4] as OutboxState,
    attempts: a[5] as number,
    maybe_created: a[6] as number,
    due_at: a[7] as number | null,
    created_at: a[8] as string,
    updated_at: a[9] as string,
    cleared_at: a[10] as string | null,
    /** A plain "created" answer in clear (see outbox-answer.ts), or null. */
    answer: a[11] as string | null,
    outcome: a[12] as Uint8Array | null,
    /** Where its request is sealed (see outbox-request-groups.ts). */
    request_seq: a[13] as number | null,
    request_index: a[14] as number | null,
  };
}

/** An outbox entry's row, as `rowOf` reads it. */
export type Row = ReturnType<typeof rowOf>;

/** Rows not discarded (a discard is kept until the next one, so it can be undone). */
export const LIVE = 'discarded_at IS NULL';
/** States of an entry whose request is still to be sent (or is on the wire). */
export const TO_SEND: ReadonlySet<OutboxState> = new Set(['queued', 'sending', 'retrying']);

/** The statement for `sql`, answering rows as arrays (see `rowOf`). */
export function arraysOf(storage: Storage, sql: string): StatementSync {
  const statement = storage.statement(sql);
  statement.setReturnArrays(true);
  return statement;
}

/** Rows of a read of COLUMNS. */
export function rowsOf(storage: Storage, sql: string, ...params: Array<string | number>): Row[] {
  return (arraysOf(storage, sql).all(...params) as unknown as SQLOutputValue[][]).map(rowOf);
}

/** When the entry is due to be sent (ms), or null when it does not wait for a send. */
export function dueAtOf(entry: OutboxEntry): number | null {
  if (entry.state === 'queued') return Date.parse(entry.updatedAt);
  if (entry.state === 'retrying') return entry.nextAttemptAt ? Date.parse(entry.nextAttemptAt) : Date.parse(entry.updatedAt);
  return null;
}
