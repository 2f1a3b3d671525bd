import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ticker } from '../../../../renderer/features/tokens/ticker.svelte';

describe('ticker (the clock countdowns read)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves on every second while someone watches, and stops once the last watcher leaves', () => {
    const first = ticker.watch();
    expect(ticker.now.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    const second = ticker.watch();
    vi.advanceTimersByTime(3_000);
    expect(ticker.now.toISOString()).toBe('2026-03-01T10:00:03.000Z');
    first();
    vi.advanceTimersByTime(1_000);
    expect(ticker.now.toISOString()).toBe('2026-03-01T10:00:04.000Z');
    second();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(5_000);
    expect(ticker.now.toISOString()).toBe('2026-03-01T10:00:04.000Z');
  });
});
