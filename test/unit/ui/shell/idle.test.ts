import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../../../renderer/lib/idle';

// Node has no idle callbacks: this is the timer path a browser without them takes. The idle path runs in Chromium
// (test/e2e/warm-up.spec.ts waits for the warm-up it schedules).
describe('whenIdle without idle callbacks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs on a short timer, and not once called off', () => {
    const run = vi.fn();
    whenIdle(run, 2000);
    vi.advanceTimersByTime(199);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);

    const never = vi.fn();
    whenIdle(never, 50)();
    vi.advanceTimersByTime(1000);
    expect(never).not.toHaveBeenCalled();
  });
});
