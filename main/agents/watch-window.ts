import type { WatchRow } from '../../preload/contract/agents';
import { orderedIndices, type SortValue } from '../shared/ordered-indices';
import { rowMatches, type WatchSort, type WatchSortColumn, type WatchWindow, type WatchWindowQuery } from '../../preload/contract/agents-watch';

/**
 * A watch list's rows served in windows: sorted and filtered in main, so the page holds the rows it shows, not 5,000.
 * The order of the last (rows, sort, filter) is kept, so scrolling through a sorted list costs a slice, not a sort;
 * new rows (a finished stretch of a cycle) are sorted again on the next read.
 */
export interface WatchRowWindows {
  /** The rows changed: the next window is worked out afresh. */
  invalidate(): void;
  window(query: Omit<WatchWindowQuery, 'listId'>): Omit<WatchWindow, 'listId'>;
}

/** The value a column sorts by, the same the page's column shows and sorted by when it held every row. */
function valueOf(column: WatchSortColumn, row: WatchRow): SortValue {
  switch (column) {
    case 'id':
      return Number(row.deviceId);
    case 'name':
      return row.name;
    case 'online':
      return row.state === 'failed' ? -1 : row.online === null ? null : row.online ? 1 : 0;
    case 'storage':
      return row.worstStoragePercent;
    case 'streams':
      return row.streams;
    case 'version':
      return row.version;
    case 'lastSeen':
      return row.lastSeenAt;
    case 'alerts':
      return row.activeAlerts;
  }
}

/** Row indices in the asked order (see orderedIndices). */
function ordered(rows: readonly WatchRow[], indices: number[], sort: WatchSort): number[] {
  if (!sort) return indices;
  return orderedIndices(indices, (index) => valueOf(sort.column, rows[index]!), sort.direction);
}

/** Windows over the rows `current()` answers (read again after `invalidate`). */
export function createWatchRowWindows(current: () => readonly WatchRow[]): WatchRowWindows {
  let rows: readonly WatchRow[] | null = null;
  let last: { key: string; indices: number[]; byVersion: boolean } | null = null;

  function matching(sort: WatchSort, filter: string): { indices: number[]; byVersion: boolean } {
    const needle = filter.trim().toLowerCase();
    const key = JSON.stringify([sort, needle]);
    rows ??= current();
    if (last?.key === key) return last;
    const indices: number[] = [];
    let byVersion = false;
    rows.forEach((row, index) => {
      const match = rowMatches(row, needle);
      if (match === null) return;
      if (match === 'version') byVersion = true;
      indices.push(index);
    });
    last = { key, indices: ordered(rows, indices, sort), byVersion };
    return last;
  }

  return {
    invalidate() {
      rows = null;
      last = null;
    },
    window({ offset, limit, sort, filter }) {
      const { indices, byVersion } = matching(sort, filter);
      const all = rows!;
      const start = Math.min(offset, indices.length);
      const end = Math.min(indices.length, start + limit);
      const out: WatchRow[] = [];
      for (let at = start; at < end; at += 1) out.push(all[indices[at]!]!);
      return { total: all.length, matched: indices.length, offset: start, rows: out, matchedByVersion: byVersion };
    },
  };
}
