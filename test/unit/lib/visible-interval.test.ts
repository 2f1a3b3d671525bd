import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { everyWhileVisible, type VisibilitySource } from '../../../renderer/lib/visible-interval';

/** A page whose visibility the test switches, as minimising the window would. */
class FakePage extends EventTarget implements VisibilitySource {
  visibilityState: DocumentVisibilityState = 'visible';
  set(state: DocumentVisibilityState): void {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

describe('everyWhileVisible', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ticks at its interval while the page is visible, and not after it is stopped', () => {
    const page = new FakePage();
    const tick = vi.fn();
    const stop = everyWhileVisible(tick, 1_000, page);
    vi.advanceTimersByTime(3_000);
    expect(tick).toHaveBeenCalledTimes(3);
    stop();
    vi.advanceTimersByTime(5_000);
    expect(tick).toHaveBeenCalledTimes(3);
  });

  it('asks nothing while hidden, and catches up at once when shown again after a tick fell due', () => {
    const page = new FakePage();
    const tick = vi.fn();
    everyWhileVisible(tick, 1_000, page);
    page.set('hidden');
    vi.advanceTimersByTime(10_000);
    expect(tick).not.toHaveBeenCalled();
    page.set('visible');
    expect(tick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(tick).toHaveBeenCalledTimes(2);
  });

  it('does not tick early when the page is shown again before a tick was due', () => {
    const page = new FakePage();
    const tick = vi.fn();
    everyWhileVisible(tick, 1_000, page);
    vi.advanceTimersByTime(300);
    page.set('hidden');
    vi.advanceTimersByTime(300);
    page.set('visible');
    expect(tick).not.toHaveBeenCalled();
  });

  it('starts paused on a hidden page', () => {
    const page = new FakePage();
    page.visibilityState = 'hidden';
    const tick = vi.fn();
    everyWhileVisible(tick, 1_000, page);
    vi.advanceTimersByTime(5_000);
    expect(tick).not.toHaveBeenCalled();
  });
});
