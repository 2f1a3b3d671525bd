import { z } from 'zod';
import type { WatchAlert, WatchRow } from './agents';

/**
 * A watch list's rows in windows, and what a cycle changed. A list holds up to 5,000 devices: main keeps the rows and
 * the alerts, the page asks for the window it shows (sorted and filtered in main) and applies the changes a cycle
 * pushes, instead of reading every row after every cycle.
 */

/** The most rows one window call returns: a screenful plus a margin, never the whole list. */
export const WATCH_WINDOW_MAX = 500;

/** The columns the watch table sorts by (the page's column ids). */
export const watchSortColumns = ['id', 'name', 'online', 'storage', 'streams', 'version', 'lastSeen', 'alerts'] as const;
export type WatchSortColumn = (typeof watchSortColumns)[number];

export const watchSortSchema = z
  .object({ column: z.enum(watchSortColumns), direction: z.enum(['ascending', 'descending']) })
  .nullable();
export type WatchSort = z.infer<typeof watchSortSchema>;

export const watchWindowQuerySchema = z.object({
  listId: z.string().min(1),
  offset: z.int().min(0),
  limit: z.int().min(0).max(WATCH_WINDOW_MAX),
  sort: watchSortSchema,
  /** Matched against the device number, its name and its version (case does not matter). */
  filter: z.string().max(200),
});
export type WatchWindowQuery = z.infer<typeof watchWindowQuerySchema>;

/** One window of a watch list: `rows` are the matching rows from `offset` on, in the asked order. */
export interface WatchWindow {
  listId: string;
  /** Every device of the list. */
  total: number;
  /** Those the filter keeps. */
  matched: number;
  offset: number;
  rows: WatchRow[];
  /** Some row is kept by the filter for its version alone (then the table keeps the Version column in sight). */
  matchedByVersion: boolean;
}

/** More changed rows than this in one push are not sent: the page reads its window again instead. */
export const MAX_PUSHED_ROWS = 500;

/** What one stretch of a cycle changed in a list's rows. */
export interface WatchRowChanges {
  listId: string;
  /** The rows that changed (the poll time alone is not a change); null: too many to send, read the window again. */
  rows: WatchRow[] | null;
}

/** Alerts raised and cleared during one stretch of a cycle, in the order they happened. */
export interface WatchAlertChanges {
  alerts: WatchAlert[];
}

/** A watch row's text the filter looks in: number, name and version, in lower case. */
export function rowMatches(row: WatchRow, needle: string): 'id' | 'name' | 'version' | null {
  if (needle === '') return 'id';
  if (row.deviceId.includes(needle)) return 'id';
  if (row.name !== null && row.name.toLowerCase().includes(needle)) return 'name';
  if (row.version !== null && row.version.toLowerCase().includes(needle)) return 'version';
  return null;
}
