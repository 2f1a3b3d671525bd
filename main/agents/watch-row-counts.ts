import type { WatchListSummary } from '../../preload/contract/agents';
import type { TrackedDevice } from './watch-tracked-device';

/** A list's rows counted by state, for its summary (a runner keeps them until a row is replaced). */
export function countRows(devices: Iterable<TrackedDevice>): WatchListSummary['counts'] {
  const counts = { online: 0, offline: 0, failed: 0, pending: 0 };
  for (const { row } of devices) {
    if (row.state === 'failed') counts.failed += 1;
    else if (row.state === 'pending') counts.pending += 1;
    else if (row.online) counts.online += 1;
    else counts.offline += 1;
  }
  return counts;
}

/** Numbers every summary written, across lists (see `WatchListSummary.seq`). */
let summarySeq = 0;

/** The number of the next summary written. */
export function nextSummarySeq(): number {
  return ++summarySeq;
}
