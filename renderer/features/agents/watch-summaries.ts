import type { WatchListSummary } from '../../../preload/contract/agents';

/**
 * The lists with one fresh copy taken in: it replaces the list's copy unless that one is newer (an answer read
 * mid-cycle can arrive after the event of the cycle's end), and a list not seen yet is added at the end.
 */
export function withSummary(lists: WatchListSummary[], incoming: WatchListSummary): WatchListSummary[] {
  const index = lists.findIndex((l) => l.id === incoming.id);
  if (index < 0) return [...lists, incoming];
  if (lists[index]!.seq > incoming.seq) return lists;
  return lists.map((l, i) => (i === index ? incoming : l));
}

/**
 * A full read of the lists, in its order and membership, keeping for each list whichever copy is newer: the one read
 * or the one an event brought meanwhile.
 */
export function mergedLists(current: readonly WatchListSummary[], read: readonly WatchListSummary[]): WatchListSummary[] {
  const known = new Map(current.map((l) => [l.id, l]));
  return read.map((l) => {
    const held = known.get(l.id);
    return held && held.seq > l.seq ? held : l;
  });
}
