import type { WatchRule } from '../../../preload/contract/agents-rules';

/**
 * Whether the operator is looking at versions: a rule compares them, or the filter keeps a row by its version (and not
 * by its number or name; main's window says so). Then the Version column is one a narrow panel keeps, and Streams
 * gives way.
 */
export function versionsInUse(rules: readonly WatchRule[], matchedByVersion: boolean): boolean {
  return matchedByVersion || rules.some((rule) => rule.kind === 'version');
}

/** The panel widths (rem) below which Streams and Version are dropped; the one in use stays at any width. */
export function dropWidths(versions: boolean): { streams: number; version: number | undefined } {
  return versions ? { streams: 70, version: undefined } : { streams: 52, version: 70 };
}
