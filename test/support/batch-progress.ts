import type { BatchProgress } from '../../preload/contract/tokens';

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
    ...overrides,
  };
}
