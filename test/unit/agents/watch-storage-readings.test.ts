import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { storageReadings, worstPercentOf } from '../../../main/agents/watch-storage-readings';
import { storageUsages, worstUsage } from '../../../preload/contract/agents-storage';

const disk = (id: number, usage: number, capacity: number) => ({ id, path: `/mnt/disk${id}`, usage, capacity });

/** Usages in megabytes, kilobytes or bytes, capacities of every kind (zero, negative, not a number, huge). */
const storages = fc.array(
  fc.tuple(
    fc.oneof(fc.double({ min: 0, max: 1e13, noNaN: true }), fc.constantFrom(0, -1, Number.NaN, Number.POSITIVE_INFINITY)),
    fc.oneof(fc.double({ min: 1, max: 1e7, noNaN: true }), fc.constantFrom(0, -5, Number.NaN)),
  ),
  { maxLength: 5 },
);

describe("a watch cycle's storage readings", () => {
  it('are the megabytes storageUsages gives, storage by storage, under the same reading', () => {
    fc.assert(
      fc.property(storages, (pairs) => {
        const records = pairs.map(([usage, capacity], i) => disk(i, usage, capacity));
        const expected = storageUsages(records).storages.map(({ id, usedMb, capacityMb }) => ({ id, usedMb, capacityMb }));
        expect(storageReadings(records)).toEqual(expected);
      }),
    );
  });

  it('name as fullest the percentage of the storage worstUsage picks, and none when nothing is measured', () => {
    fc.assert(
      fc.property(storages, (pairs) => {
        const records = pairs.map(([usage, capacity], i) => disk(i, usage, capacity));
        expect(worstPercentOf(storageReadings(records))).toBe(worstUsage(records)?.percent ?? null);
      }),
    );
    expect(worstPercentOf(storageReadings([]))).toBeNull();
    expect(worstPercentOf(storageReadings([disk(1, 5, 0)]))).toBeNull();
  });

  it('read kilobytes as kilobytes: a 1 TB disk reported in kB is half full, not flagged', () => {
    const readings = storageReadings([disk(1, 500_000 * 1024, 1_000_000)]);
    expect(readings).toEqual([{ id: 1, usedMb: 500_000, capacityMb: 1_000_000 }]);
    expect(worstPercentOf(readings)).toBe(50);
  });
});
