import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TokenBatch, type BatchDeps } from '../../../main/tokens/batch-runner';
import { ProgressPusher } from '../../../main/tokens/batch-progress';
import type { BatchProgress, BatchRow } from '../../../preload/contract/tokens';

const grant = { live: true, dvr: false, copy: false, ttl: 60, from: 0, to: 0 };

/** A batch of `count` streams whose requests answer when the test says so, followed by a pusher. */
function followedBatch(count: number) {
  const answers: Array<() => void> = [];
  const pushes: BatchProgress[] = [];
  const deps: BatchDeps = {
    issue: (stream) => new Promise((resolve) => answers.push(() => resolve(`st_${stream}`))),
    describe: () => ({ message: 'failed', kind: 'Internal' }),
    record: async () => undefined,
    now: () => new Date(0),
  };
  const pusher = new ProgressPusher((progress) => pushes.push(progress), 100);
  const streams = Array.from({ length: count }, (_, i) => `cam-${i}`);
  const batch = new TokenBatch({ streams, grant, notes: [], profileName: 'Demo', concurrency: 4, deps, onChange: (urgent) => pusher.changed(urgent) });
  pusher.follow(batch);
  return { batch, answers, pushes, pusher };
}

describe('batch progress pushes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('coalesces changes into at most one push per interval, each with only the rows changed since the previous', async () => {
    const { batch, answers, pushes, pusher } = followedBatch(100);
    void batch.start();
    const start = batch.status();
    pusher.sent(start.rev);
    expect(pushes).toHaveLength(0);

    // Forty answers within one interval: one push, not forty.
    for (let i = 0; i < 40; i++) {
      answers[i]!();
      await vi.advanceTimersByTimeAsync(1);
    }
    await vi.advanceTimersByTimeAsync(100);
    expect(pushes.length).toBeLessThanOrEqual(2);
    for (const push of pushes) {
      expect(push.rows.length).toBeLessThan(100);
      expect(push.rows.every((row) => row.rev > push.since)).toBe(true);
    }
    expect(pushes[0]!.since).toBe(start.rev);
    for (let i = 1; i < pushes.length; i++) expect(pushes[i]!.since).toBe(pushes[i - 1]!.rev);
  });

  it('pushes at once when the run ends, and the pushes rebuild exactly the final rows', async () => {
    const { batch, answers, pushes, pusher } = followedBatch(30);
    const done = batch.start();
    const start = batch.status();
    pusher.sent(start.rev);
    const rows: BatchRow[] = start.rows.slice();
    for (let i = 0; i < 30; i++) {
      await vi.advanceTimersByTimeAsync(0);
      answers[i]!();
    }
    await done;
    await batch.settled();
    await vi.advanceTimersByTimeAsync(0);
    const last = pushes.at(-1)!;
    expect(last.running).toBe(false);
    expect(last.savingHistory).toBe(false);
    expect(last.counts.ok).toBe(30);
    for (const push of pushes) for (const row of push.rows) rows[row.index] = row;
    expect(rows).toEqual(batch.status().rows);
  });

  it('stops its timer', () => {
    const { pusher } = followedBatch(1);
    pusher.changed(false);
    pusher.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
