import type { WatchRow } from '../../../preload/contract/agents';
import type { WatchRule } from '../../../preload/contract/agents-rules';

/**
 * Whether the operator is looking at versions: a rule compares them, or the filter matches a row by its version
 * (and not by its number or name). Then the Version column is one a narrow panel keeps, and Streams gives way.
 */
export function versionsInUse(rules: readonly WatchRule[], filter: string, rows: readonly WatchRow[]): boolean {
  if (rules.some((rule) => rule.kind === 'version')) return true;
  const needle = filter.trim().toLowerCase();
  if (needle === '') return false;
  return rows.some(
    (r) => (r.version ?? '').toLowerCase().includes(needle) && !r.deviceId.includes(needle) && !(r.name ?? '').toLowerCase().includes(needle),
  );
}

/** The panel widths (rem) below which Streams and Version are dropped; the one in use stays at any width. */
export function dropWidths(versions: boolean): { streams: number; version: number | undefined } {
  return versions ? { streams: 70, version: undefined } : { streams: 52, version: 70 };
}
