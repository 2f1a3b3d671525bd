import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSerialQueue } from '../../../main/shared/serial-queue';

/** The one queue behind the keytar calls, the profile store and the encrypted files. */
describe('createSerialQueue', () => {
  // Tasks that take a while (a clock the test moves on): the order of their starts and ends is what is checked.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('runs tasks one at a time, in the order they were queued', async () => {
    const queue = createSerialQueue();
    const events: string[] = [];
    const task = (name: string, ms: number) => async () => {
      events.push(`start ${name}`);
      await pause(ms);
      events.push(`end ${name}`);
      return name;
    };
    const all = Promise.all([queue.run(task('a', 15)), queue.run(task('b', 1)), queue.run(task('c', 5))]);
    await vi.runAllTimersAsync();
    const results = await all;
    expect(results).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('rejects a failed task for its own caller and still runs the tasks after it', async () => {
    const queue = createSerialQueue();
    const failed = queue.run(async () => {
      throw new Error('disk full');
    });
    const after = queue.run(async () => 'written');
    await expect(failed).rejects.toThrow('disk full');
    await expect(after).resolves.toBe('written');
  });

  it('reports idle only after every queued task has finished, and does not reject when one failed', async () => {
    const queue = createSerialQueue();
    let finished = false;
    void queue.run(async () => {
      throw new Error('refused');
    }).catch(() => undefined);
    void queue.run(async () => {
      await pause(5);
      finished = true;
    });
    const idle = queue.idle();
    await vi.runAllTimersAsync();
    await expect(idle).resolves.toBeUndefined();
    expect(finished).toBe(true);
  });
});
