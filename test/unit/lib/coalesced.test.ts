import { describe, expect, it } from 'vitest';
import { coalesced } from '../../../renderer/lib/coalesced';

/** A job whose runs finish only when the test says so. */
function controlledJob() {
  const finishers: (() => void)[] = [];
  let calls = 0;
  const job = () => {
    calls += 1;
    return new Promise<void>((resolve) => finishers.push(resolve));
  };
  return { job, calls: () => calls, finishNext: () => finishers.shift()?.() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('coalesced', () => {
  it('runs 100 triggers in a burst at most twice: one in flight, one trailing', async () => {
    const { job, calls, finishNext } = controlledJob();
    const run = coalesced(job);
    const done = Array.from({ length: 100 }, () => run());
    expect(calls()).toBe(1);
    finishNext();
    await settle();
    expect(calls()).toBe(2);
    finishNext();
    await Promise.all(done);
    expect(calls()).toBe(2);
  });

  it('runs once for a single trigger and again for a later one', async () => {
    const { job, calls, finishNext } = controlledJob();
    const run = coalesced(job);
    const first = run();
    finishNext();
    await first;
    const second = run();
    finishNext();
    await second;
    expect(calls()).toBe(2);
  });

  it('resolves a caller only after a run that started after its call', async () => {
    const { job, finishNext } = controlledJob();
    const run = coalesced(job);
    void run();
    let laterDone = false;
    const later = run().then(() => (laterDone = true));
    finishNext();
    await settle();
    expect(laterDone).toBe(false);
    finishNext();
    await later;
    expect(laterDone).toBe(true);
  });

  it('keeps going after a run fails', async () => {
    let calls = 0;
    const run = coalesced(async () => {
      calls += 1;
      if (calls === 1) throw new Error('first run fails');
    });
    const first = run();
    const second = run();
    await expect(first).rejects.toThrow('first run fails');
    await second;
    expect(calls).toBe(2);
  });
});
