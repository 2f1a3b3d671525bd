import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How long one slice is sized to hold the event loop: other calls, timers and answers run between slices. Each slice
 * is one commit, which rewrites the index pages its rows touched: fewer, larger slices write less. But the slice's
 * commit, a young-generation collection and another task's turn (an import's progress count) can all land in the same
 * turn of the loop, so the slice leaves them room: a 10,000-row import into 50,000 queued cameras held the loop at
 * most 41 ms with 12 ms slices and 35.5 ms with 8 ms ones (worst of 3 runs each, back to back on a shared 2-core
 * machine).
 */
const SLICE_BUDGET_MS = 8;
/**
 * A slice takes no more items once it has run this long, whatever its size said: an item that reads the disk or meets
 * a garbage collection would otherwise stretch every item after it (its commit still follows).
 */
const SLICE_LIMIT_MS = 10;

/** How long a turn of `inPreparedChunks`' preparing holds the event loop before it gives others a turn. */
const PREPARE_TURN_MS = 1;

/**
 * Runs `work` over `items` in slices, giving the event loop a turn between them: a 10,000-row import is checked and
 * queued while every other call is still answered. Slices are sized from how long the last one took per item (at
 * most `maxSize`), so a slow or busy machine gets smaller ones, not longer pauses; `work` stops early at `deadline`
 * (a time of `performance.now()`) and answers how many items of its slice it did (at least one); the rest go into
 * the next slice.
 */
export function inChunks<T, R>(
  items: readonly T[],
  maxSize: number,
  work: (slice: readonly T[], offset: number, deadline: number) => { done: number; result: R },
): Promise<R[]> {
  return inPreparedChunks(items, maxSize, (item) => item, work);
}

/**
 * `inChunks` for work with a part that needs no transaction (the checks of an import's rows): `prepare` runs for the
 * next slice's items in turns of about a millisecond, with a turn of the event loop after each, and `work` gets a slice
 * of prepared items. The answers of requests already sent are taken in those turns, so an import being queued keeps its
 * sends going instead of leaving the server idle for a whole slice; and a slice, sized by the time its `work` takes,
 * holds more rows for the same pause (fewer commits). Items are prepared once, in order; a throw of `prepare` stops it
 * there, after the slices already done (as a throw of `work` does).
 */
export async function inPreparedChunks<T, P, R>(
  items: readonly T[],
  maxSize: number,
  prepare: (item: T, index: number) => P,
  work: (slice: readonly P[], offset: number, deadline: number) => { done: number; result: R },
): Promise<R[]> {
  const out: R[] = [];
  // Prepared and not worked yet, from `offset` on: a slice's items are let go once done (kept to the end, a large
  // import's prepared rows all reached the old generation for the collector to mark).
  let prepared: P[] = [];
  let size = Math.min(maxSize, 16);
  for (let offset = 0; offset < items.length; ) {
    const end = Math.min(items.length, offset + size);
    while (offset + prepared.length < end) {
      if (offset > 0) await nextTurn();
      const until = performance.now() + PREPARE_TURN_MS;
      do prepared.push(prepare(items[offset + prepared.length]!, offset + prepared.length));
      while (offset + prepared.length < end && performance.now() < until);
    }
    if (offset > 0) await nextTurn();
    const slice = prepared.slice(0, end - offset);
    const started = performance.now();
    const { done, result } = work(slice, offset, started + SLICE_LIMIT_MS);
    out.push(result);
    const did = Math.min(slice.length, Math.max(1, done));
    const perItem = (performance.now() - started) / did;
    prepared = prepared.slice(did);
    offset += did;
    // Not below 8: a slice descheduled by a busy machine would otherwise make every later one a transaction of one.
    size = Math.max(Math.min(8, maxSize), Math.min(maxSize, Math.floor(SLICE_BUDGET_MS / Math.max(perItem, 0.001))));
  }
  return out;
}

/** True once `deadline` has passed; the first item of a slice always runs. */
export const pastDeadline = (index: number, deadline: number): boolean => index > 0 && performance.now() > deadline;
