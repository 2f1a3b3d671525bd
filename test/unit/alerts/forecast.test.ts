import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { forecastStorage, theilSen } from '../../../main/alerts/forecast';

const DAY = 86_400_000;

describe('storage forecast', () => {
  it('a disk filling 10 GB a day with 100 GB left is full in ten days', () => {
    const samples = Array.from({ length: 8 }, (_, d) => [d * DAY, 400_000 + d * 10_000] as const);
    const forecast = forecastStorage(samples, 570_000, 7 * DAY)!;
    expect(forecast.mbPerDay).toBeCloseTo(10_000, 6);
    expect(forecast.daysUntilFull).toBeCloseTo(10, 6);
    expect(forecast.points).toHaveLength(8);
  });

  it('one odd reading (a cleanup, a bad answer) does not tilt the fit', () => {
    const samples = Array.from({ length: 10 }, (_, d) => [d * DAY, d === 5 ? 10 : 1000 + d * 100] as const);
    expect(forecastStorage(samples, 5000, 9 * DAY)!.mbPerDay).toBeCloseTo(100, 6);
  });

  it('a disk that is not filling, or too little history, gives no days', () => {
    expect(forecastStorage([[0, 500], [DAY, 500], [2 * DAY, 499]], 1000, 2 * DAY)!.daysUntilFull).toBeNull();
    expect(forecastStorage([[0, 500], [3_600_000, 600]], 1000, 3_600_000)).toBeNull();
  });

  it('only the last seven days count: an old trend does not decide a new one', () => {
    const old = Array.from({ length: 10 }, (_, d) => [d * DAY, d * 1000] as const);
    const flat = Array.from({ length: 8 }, (_, d) => [(20 + d) * DAY, 9000] as const);
    expect(forecastStorage([...old, ...flat], 100_000, 27 * DAY)!.daysUntilFull).toBeNull();
  });

  it('property: on an exact line the fit is that line', () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1e6, noNaN: true }), fc.integer({ min: 2, max: 40 }), (slope, start, n) => {
        const points = Array.from({ length: n }, (_, i) => [i * 3_600_000, start + slope * i] as const);
        const fit = theilSen(points)!;
        expect(fit.slope * 3_600_000).toBeCloseTo(slope, 3);
        expect(fit.intercept).toBeCloseTo(start, 3);
      }),
    );
  });
});
