import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decideUsageReading,
  humanSize,
  sizeFractionDigits,
  storageUsages,
  usageLevel,
  usagePercent,
  worstUsage,
} from '../../../preload/contract/agents-storage';

const disk = (id: number, usage: number, capacity: number) => ({ id, path: `/mnt/disk${id}`, usage, capacity });

describe('human sizes (capacity is megabytes)', () => {
  it('reads a "1 TB" disk of 953,869 MB as 931.5 GB', () => {
    const size = humanSize(953_869);
    expect(size.unit).toBe('GB');
    expect(size.amount).toBeCloseTo(931.5, 1);
  });

  it('moves to TB from 1024 GB and keeps small sizes in MB', () => {
    expect(humanSize(3_815_447).unit).toBe('TB');
    expect(humanSize(512)).toEqual({ amount: 512, unit: 'MB' });
    expect(humanSize(0)).toEqual({ amount: 0, unit: 'MB' });
  });

  it('never shows a negative size and stops at PB', () => {
    expect(humanSize(-5).amount).toBe(0);
    expect(humanSize(1024 ** 5).unit).toBe('PB');
  });

  it('keeps one decimal below 100 and none above', () => {
    expect(sizeFractionDigits(93.1)).toBe(1);
    expect(sizeFractionDigits(476)).toBe(0);
  });
});

describe('usage percentages', () => {
  it('is used / capacity × 100', () => {
    expect(usagePercent(250, 1000)).toBe(25);
  });

  it('is null when the capacity is zero or not a number', () => {
    expect(usagePercent(10, 0)).toBeNull();
    expect(usagePercent(10, Number.NaN)).toBeNull();
    expect(usagePercent(-1, 10)).toBeNull();
  });

  it('colours 80% as a warning and 90% as an alarm', () => {
    expect([usageLevel(79.9), usageLevel(80), usageLevel(90), usageLevel(null), usageLevel(50, true)]).toEqual(['ok', 'warn', 'bad', 'unknown', 'bad']);
  });
});

describe('deciding the unit of usage from the data', () => {
  it('reads usage in megabytes when every storage fits its capacity that way', () => {
    expect(decideUsageReading([disk(1, 400_000, 476_940), disk(2, 10, 953_869)])).toBe('megabytes');
  });

  it('reads usage as kilobytes when megabytes would overflow a disk but kilobytes fit all', () => {
    expect(decideUsageReading([disk(1, 300_000 * 1024, 476_940), disk(2, 5 * 1024, 953_869)])).toBe('kilobytes');
  });

  it('reads a disk a little over its capacity as over-full megabytes, not as an almost empty disk in kilobytes', () => {
    const { reading, storages } = storageUsages([disk(1, 1_000_000, 1_048_576), disk(2, 480_000, 476_940)]);
    expect(reading).toBe('megabytes');
    expect(storages[0]).toMatchObject({ overCapacity: false, level: 'bad' });
    expect(storages[0]!.percent).toBeCloseTo(95.4, 1);
    expect(storages[1]).toMatchObject({ overCapacity: true, level: 'bad' });
    expect(worstUsage([disk(1, 1_000_000, 1_048_576), disk(2, 480_000, 476_940)])?.id).toBe(2);
  });

  it('reads usage as bytes when only bytes fit all', () => {
    expect(decideUsageReading([disk(1, 300_000 * 1024 * 1024, 476_940)])).toBe('bytes');
  });

  it('keeps megabytes and flags the misfit when no reading fits every storage', () => {
    const { reading, storages } = storageUsages([disk(1, 1e18, 10), disk(2, 5, 10)]);
    expect(reading).toBe('megabytes');
    expect(storages[0]).toMatchObject({ overCapacity: true, level: 'bad' });
    expect(storages[1]).toMatchObject({ overCapacity: false, percent: 50 });
  });

  it('ignores storages with zero capacity when deciding, and gives them no percentage', () => {
    const { reading, storages } = storageUsages([disk(1, 5_000, 0), disk(2, 100, 1000)]);
    expect(reading).toBe('megabytes');
    expect(storages[0]?.percent).toBeNull();
    expect(storages[0]?.level).toBe('unknown');
  });

  it('never flags a storage under the chosen reading unless no reading fits', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.double({ min: 0, max: 1e9, noNaN: true }), fc.double({ min: 1, max: 1e7, noNaN: true })), { minLength: 1, maxLength: 4 }), (pairs) => {
        const { storages } = storageUsages(pairs.map(([usage, capacity], i) => disk(i, Math.min(usage, capacity), capacity)));
        return storages.every((s) => !s.overCapacity && s.percent !== null && s.percent <= 100);
      }),
    );
  });

  it('finds the fullest storage, and none for a device without storages', () => {
    expect(worstUsage([disk(1, 10, 100), disk(2, 95, 100), disk(3, 50, 100)])?.id).toBe(2);
    expect(worstUsage([])).toBeNull();
  });
});
