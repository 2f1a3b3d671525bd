import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long one slice may hold the event loop: other calls, timers and answers run between slices. */
const SLICE_BUDGET_MS = 8;

/**
 * Runs `work` over `items` in slices, giving the event loop a turn between them: a 10,000-row import is checked and
 * queued while every other call is still answered. Slices are sized from how long the last one took per item (at
 * most `maxSize`), so a slow or busy machine gets smaller ones, not longer pauses.
 */
export async function inChunks<T, R>(items: readonly T[], maxSize: number, work: (slice: readonly T[], offset: number) => R): Promise<R[]> {
  const out: R[] = [];
  let size = Math.min(maxSize, 16);
  for (let offset = 0; offset < items.length; ) {
    if (offset > 0) await nextTurn();
    const slice = items.slice(offset, offset + size);
    const started = performance.now();
    out.push(work(slice, offset));
    const perItem = (performance.now() - started) / slice.length;
    offset += slice.length;
    // Not below 8: a slice descheduled by a busy machine would otherwise make every later one a transaction of one.
    size = Math.max(Math.min(8, maxSize), Math.min(maxSize, Math.floor(SLICE_BUDGET_MS / Math.max(perItem, 0.001))));
  }
  return out;
}
