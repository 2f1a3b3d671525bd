/**
 * Days until a storage is full, from its recent usage: a Theil–Sen fit (the median of the slopes between every pair
 * of samples, then the median intercept), which a single odd reading or a cleanup that freed space once cannot tilt
 * the way it tilts a least-squares line. Pure.
 */

const DAY_MS = 86_400_000;

/** The fit rests on the samples of this many days before the newest one. */
export const FORECAST_WINDOW_DAYS = 7;
/** Fewer samples, or samples spanning less time, give no forecast (a guess from one afternoon is not a forecast). */
export const MIN_FORECAST_POINTS = 3;
export const MIN_FORECAST_SPAN_MS = 12 * 3_600_000;
/** Pairs are capped so that a long series costs the same as a short one (the newest points are kept). */
const MAX_POINTS = 96;

function median(values: number[]): number {
  values.sort((a, b) => a - b);
  const mid = values.length >> 1;
  return values.length % 2 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
}

/** Slope (per ms) and intercept (at t = 0 of the first point) of the Theil–Sen line; null for fewer than two distinct times. */
export function theilSen(points: ReadonlyArray<readonly [number, number]>): { slope: number; intercept: number; t0: number } | null {
  if (points.length < 2) return null;
  const t0 = points[0]![0];
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const dt = points[j]![0] - points[i]![0];
      if (dt !== 0) slopes.push((points[j]![1] - points[i]![1]) / dt);
    }
  }
  if (slopes.length === 0) return null;
  const slope = median(slopes);
  const intercept = median(points.map(([t, y]) => y - slope * (t - t0)));
  return { slope, intercept, t0 };
}

export interface Forecast {
  mbPerDay: number;
  /** From `now`; null when not filling. 0 when the fitted line is already at the capacity. */
  daysUntilFull: number | null;
  points: Array<[number, number]>;
}

/** The forecast from samples `[ms, usedMb]` (oldest first) of a storage of `capacityMb`; null when too little data. */
export function forecastStorage(samples: ReadonlyArray<readonly [number, number]>, capacityMb: number, now: number): Forecast | null {
  if (samples.length === 0) return null;
  const newest = samples[samples.length - 1]![0];
  let recent = samples.filter(([t]) => t >= newest - FORECAST_WINDOW_DAYS * DAY_MS);
  if (recent.length > MAX_POINTS) recent = recent.slice(recent.length - MAX_POINTS);
  if (recent.length < MIN_FORECAST_POINTS || newest - recent[0]![0] < MIN_FORECAST_SPAN_MS) return null;
  const fit = theilSen(recent);
  if (!fit) return null;
  const points = recent.map(([t, y]) => [t, y] as [number, number]);
  const mbPerDay = fit.slope * DAY_MS;
  if (!(fit.slope > 0) || !(capacityMb > 0)) return { mbPerDay, daysUntilFull: null, points };
  const fullAt = fit.t0 + (capacityMb - fit.intercept) / fit.slope;
  return { mbPerDay, daysUntilFull: Math.max(0, (fullAt - now) / DAY_MS), points };
}
