import type { BatchProgress } from '../../preload/contract/tokens';
import type { EventHub } from '../../main/app/events';

/** A small `batch.progress` payload for tests of the event plumbing. */
export function sampleProgress(overrides: Partial<BatchProgress> = {}): BatchProgress {
  return {
    id: 'b1',
    running: true,
    savingHistory: false,
    total: 2,
    counts: { pending: 1, running: 1, ok: 0, failed: 0, cancelled: 0 },
    rev: 1,
    since: 0,
    rows: [],
    historyWarning: null,
    paused: null,
    retryableFailures: 0,
    concurrency: { limit: 8, cap: 16 },
    ...overrides,
  };
}

/** Calls `handler` with each `batch.progress` push of the hub (what the page's `api.on('batch.progress')` gets). */
export function onBatchProgress(events: Pick<EventHub, 'listen'>, handler: (progress: BatchProgress) => void): () => void {
  return events.listen((event) => {
    if (event.name === 'batch.progress') handler(event.payload as BatchProgress);
  });
}
