import type { DeviceHistoryView, StorageForecast } from '../../../preload/contract/agents-alerts';

/**
 * Pure mapping of a device's history to what the timeline and the usage chart draw (and their tables and text
 * alternatives say): the same figures feed all of them.
 */

export type SegmentKind = 'online' | 'offline' | 'nodata' | 'unknown';

export interface Segment {
  from: number;
  to: number;
  kind: SegmentKind;
  status: string | null;
}

/** The window cut into spans of one state: before the first transition the state is unknown. */
export function timelineSegments(history: Pick<DeviceHistoryView, 'transitions' | 'from' | 'to'>): Segment[] {
  const segments: Segment[] = [];
  let at = history.from;
  let kind: SegmentKind = 'unknown';
  let status: string | null = null;
  for (const t of history.transitions) {
    const start = Math.max(history.from, Math.min(history.to, t.at));
    if (start > at) segments.push({ from: at, to: start, kind, status });
    at = Math.max(at, start);
    kind = t.online === null ? 'nodata' : t.online ? 'online' : 'offline';
    status = t.status;
  }
  if (history.to > at) segments.push({ from: at, to: history.to, kind, status });
  // Spans of the same state (a status change alone) are drawn as one.
  const merged: Segment[] = [];
  for (const s of segments) {
    const last = merged.at(-1);
    if (last && last.kind === s.kind && last.to === s.from) last.to = s.to;
    else merged.push({ ...s });
  }
  return merged;
}

export interface UsageSeries {
  storageId: number;
  capacityMb: number;
  /** [ms, percent of capacity] */
  points: Array<[number, number]>;
  forecast: StorageForecast | null;
}

/** One series per storage, in percent of its capacity at each sample. */
export function usageSeries(history: Pick<DeviceHistoryView, 'samples' | 'forecasts'>): UsageSeries[] {
  const byStorage = new Map<number, UsageSeries>();
  for (const s of history.samples) {
    let series = byStorage.get(s.storageId);
    if (!series) byStorage.set(s.storageId, (series = { storageId: s.storageId, capacityMb: s.capacityMb, points: [], forecast: null }));
    series.capacityMb = s.capacityMb;
    series.points.push([s.at, s.capacityMb > 0 ? (100 * s.usedMb) / s.capacityMb : 0]);
  }
  for (const f of history.forecasts) {
    const series = byStorage.get(f.storageId);
    if (series) series.forecast = f;
  }
  return [...byStorage.values()].sort((a, b) => a.storageId - b.storageId);
}

/** The forecast drawn on from the newest sample until it meets 100 % or `until`; null when not filling. */
export function forecastLine(series: UsageSeries, until: number): Array<[number, number]> | null {
  const f = series.forecast;
  const last = series.points.at(-1);
  if (!f || !last || f.daysUntilFull === null || !(f.mbPerDay > 0) || !(series.capacityMb > 0)) return null;
  const percentPerMs = (100 * f.mbPerDay) / series.capacityMb / 86_400_000;
  const fullAt = last[0] + Math.max(0, (100 - last[1]) / percentPerMs);
  const end = Math.min(until, fullAt);
  if (end <= last[0]) return null;
  return [last, [end, last[1] + (end - last[0]) * percentPerMs]];
}
