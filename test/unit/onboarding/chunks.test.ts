import { describe, expect, it } from 'vitest';
import { inChunks, inPreparedChunks, pastDeadline } from '../../../main/outbox/chunks';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('inChunks', () => {
  it('ends a slice at its deadline when items turn slow, and carries the rest into the next slices, each once and in order', async () => {
    const seen: number[] = [];
    const slices: Array<{ size: number; done: number; slow: number }> = [];
    const items = Array.from({ length: 400 }, (_, i) => i);
    await inChunks(items, 500, (slice, offset, deadline) => {
      let done = 0;
      let slow = 0;
      for (const item of slice) {
        if (pastDeadline(done, deadline)) break;
        expect(item).toBe(offset + done);
        // Fast at first, so the slices grow; then every item takes 2 ms.
        busy(item < 200 ? 0.01 : 2);
        if (item >= 200) slow += 1;
        seen.push(item);
        done += 1;
      }
      slices.push({ size: slice.length, done, slow });
      return { done, result: null };
    });
    expect(seen).toEqual(items);
    // The slice that met the slow items stopped at its deadline, not after all of them: a 10 ms slice has room for at
    // most 5 items of 2 ms and the one under way (counted, not timed: a busy machine only makes the count smaller).
    const cut = slices.find((slice) => slice.done < slice.size);
    expect(cut).toBeDefined();
    expect(cut!.slow).toBeLessThanOrEqual(6);
  });

  it('prepares each item once, in order, ahead of its slice, giving other work a turn while a slow preparation goes on', async () => {
    const prepared: number[] = [];
    const slices: number[][] = [];
    const items = Array.from({ length: 60 }, (_, i) => i);
    // Something else waiting for the event loop (an answer of a request already sent), counted each time it runs.
    let turns = 0;
    let waiting = true;
    const other = () => {
      turns += 1;
      if (waiting) setImmediate(other);
    };
    setImmediate(other);
    await inPreparedChunks(
      items,
      500,
      (item, index) => {
        expect(index).toBe(item);
        prepared.push(item);
        // 0.5 ms each: a turn of preparing holds about two.
        busy(0.5);
        return { item, ready: true };
      },
      (slice, offset) => {
        expect(slice.every((one, i) => one.ready && one.item === offset + i)).toBe(true);
        slices.push(slice.map((one) => one.item));
        return { done: slice.length, result: null };
      },
    );
    waiting = false;
    expect(prepared).toEqual(items);
    expect(slices.flat()).toEqual(items);
    // 30 ms of preparing went in turns of about a millisecond: the other work ran between them, not once at the end.
    expect(turns).toBeGreaterThan(10);
  });

  it('stops at a throw of its preparation, after the slices already done', async () => {
    const done: number[] = [];
    const failed = inPreparedChunks(
      Array.from({ length: 100 }, (_, i) => i),
      10,
      (item) => {
        if (item === 25) throw new Error('row 25 does not read');
        return item;
      },
      (slice) => {
        done.push(...slice);
        return { done: slice.length, result: null };
      },
    );
    await expect(failed).rejects.toThrow('row 25 does not read');
    expect(done).toEqual(Array.from({ length: done.length }, (_, i) => i));
    expect(done.length).toBeLessThanOrEqual(25);
  });

  it('always does the first item of a slice, however late', () => {
    expect(pastDeadline(0, 0)).toBe(false);
    expect(pastDeadline(1, 0)).toBe(true);
  });
});
