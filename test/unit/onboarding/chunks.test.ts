import { describe, expect, it } from 'vitest';
import { inChunks, pastDeadline } from '../../../main/outbox/chunks';

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

  it('always does the first item of a slice, however late', () => {
    expect(pastDeadline(0, 0)).toBe(false);
    expect(pastDeadline(1, 0)).toBe(true);
  });
});
