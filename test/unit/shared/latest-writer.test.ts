import { describe, expect, it } from 'vitest';
import { createLatestWriter } from '../../../main/shared/latest-writer';

/** A disk that takes as long as the test says: each write waits until released. */
function slowDisk() {
  const written: number[] = [];
  const pending: Array<() => void> = [];
  return {
    written,
    write: (state: number) =>
      new Promise<void>((resolve) => {
        pending.push(() => {
          written.push(state);
          resolve();
        });
      }),
    release: () => pending.shift()?.(),
    get waiting() {
      return pending.length;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createLatestWriter', () => {
  it('turns a burst of saves made during a write into one write of the newest state', async () => {
    const disk = slowDisk();
    const writer = createLatestWriter(disk.write);
    const saves = [writer.save(1)];
    for (let state = 2; state <= 1_000; state++) saves.push(writer.save(state));
    await settle();
    expect(disk.waiting).toBe(1);
    disk.release();
    await settle();
    expect(disk.waiting).toBe(1);
    disk.release();
    await Promise.all(saves);
    expect(disk.written).toEqual([1, 1_000]);
  });

  it('answers each caller only once a write that began after its call has finished', async () => {
    const disk = slowDisk();
    const writer = createLatestWriter(disk.write);
    let firstDone = false;
    let secondDone = false;
    void writer.save(1).then(() => (firstDone = true));
    await settle();
    void writer.save(2).then(() => (secondDone = true));
    disk.release();
    await settle();
    expect([firstDone, secondDone]).toEqual([true, false]);
    disk.release();
    await settle();
    expect(secondDone).toBe(true);
  });

  it('rejects the callers of a failed write and keeps writing later states', async () => {
    let fail = true;
    const written: string[] = [];
    const writer = createLatestWriter(async (state: string) => {
      if (fail) throw new Error('disk full');
      written.push(state);
    });
    await expect(writer.save('a')).rejects.toThrow('disk full');
    fail = false;
    await writer.save('b');
    expect(written).toEqual(['b']);
  });
});
