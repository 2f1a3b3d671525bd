import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Runs `work` over `items` in slices of `size`, giving the event loop a turn between slices: a 10,000-row import is
 * checked and queued while every other call is still answered (each slice a few milliseconds, not one long task).
 */
export async function inChunks<T, R>(items: readonly T[], size: number, work: (slice: readonly T[], offset: number) => R): Promise<R[]> {
  const out: R[] = [];
  for (let offset = 0; offset < items.length; offset += size) {
    if (offset > 0) await nextTurn();
    out.push(work(items.slice(offset, offset + size), offset));
  }
  return out;
}
