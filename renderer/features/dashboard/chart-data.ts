import type { Dashboard, MediaServerEntry } from '../../../preload/contract/wire/platform';
import { serverName } from '../../../preload/contract/dashboard-servers';
import { TOP_ISSUES_FIELDS, TOP_ITEMS_DRAWN, TOP_STREAMS_FIELDS, topItems, type TopItemFields } from '../../../preload/contract/dashboard-top';

/**
 * What each chart draws, from the dashboard answer. Pure, so the same rows feed the chart, its table view and its
 * text alternative. Item shapes of the two top lists are "not shown" in the spec: they are read by the field names
 * the platform uses for the same ideas, and an item without a number is left out rather than guessed.
 */
export interface Bar {
  key: string;
  label: string;
  value: number;
}

/** One row of a chart as BarChart draws it: a label and one value per series. */
export interface ChartRow {
  key: string;
  label: string;
  values: number[];
}

export interface PairBar {
  key: string;
  label: string;
  a: number;
  b: number;
}

export type UserType = 'legal' | 'individual' | 'sub' | 'special';
export const userTypes: readonly UserType[] = ['legal', 'individual', 'sub', 'special'];

/** The user split by type (labels are filled in by the caller from the catalog). */
export function userSplit(d: Dashboard): Array<{ key: UserType; value: number }> {
  return userTypes.map((key) => ({ key, value: d.users.others[key].count_all }));
}

export type CameraState = 'active' | 'inactive' | 'withIssues';

/**
 * Cameras by state. "Active" is all minus inactive; cameras with issues may be active or inactive (the answer does not
 * say), so the bars are side by side, not stacked into a whole.
 */
export function cameraStates(d: Dashboard): Array<{ key: CameraState; value: number }> {
  return [
    { key: 'active', value: Math.max(0, d.cameras.count_all - d.cameras.count_inactive) },
    { key: 'inactive', value: d.cameras.count_inactive },
    { key: 'withIssues', value: d.cameras.count_with_issues },
  ];
}

export { busiestServers, serverName } from '../../../preload/contract/dashboard-servers';

/** The busiest servers by outgoing traffic with their incoming traffic beside it (a = in, b = out). */
export function serverTraffic(busiest: readonly MediaServerEntry[]): PairBar[] {
  return busiest.map((s) => ({ key: String(s.id), label: serverName(s), a: s.traffic_in, b: s.traffic_out }));
}

/** Bitrate limit per server for the same busiest servers (the only per-server bitrate the answer carries). */
export function serverBitrateLimits(busiest: readonly MediaServerEntry[]): Bar[] {
  return busiest.map((s) => ({ key: String(s.id), label: serverName(s), value: s.bitrate_limit }));
}

/** Reads an item list of unknown shape: a label and a number per item, items without a number left out. */
export function topItemBars(items: readonly unknown[], fields: TopItemFields, limit = TOP_ITEMS_DRAWN): Bar[] {
  return topItems(items, fields, limit).map((item) => ({ key: `${item.index}`, label: item.label, value: item.value }));
}

/** cameras.streams.top_by_bitrate: camera (or stream) and bitrate. */
export function topCamerasByBitrate(d: Dashboard): Bar[] {
  return topItemBars(d.cameras.streams.top_by_bitrate, TOP_STREAMS_FIELDS);
}

/** issues.top_by_issues: camera and its number of issues. */
export function topCamerasByIssues(d: Dashboard): Bar[] {
  return topItemBars(d.issues.top_by_issues, TOP_ISSUES_FIELDS);
}
