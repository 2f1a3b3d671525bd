import type { WatchListChange, WatchListSummary } from '../../../preload/contract/agents';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The incoming copy, with the held copy's rules and device ids where they did not change (or were not sent: a pushed
 * summary carries them only when they changed): the screen then sees the same arrays after every cycle and does not
 * redraw what shows them.
 */
function keepingParts(held: WatchListSummary, incoming: WatchListChange): WatchListSummary {
  const rules = sameJson(held.rules, incoming.rules) ? held.rules : incoming.rules;
  const sent = incoming.deviceIds;
  const deviceIds = sent === null || (held.deviceIds.length === sent.length && held.deviceIds.every((id, i) => id === sent[i])) ? held.deviceIds : sent;
  return { ...incoming, rules, deviceIds };
}

/**
 * The lists with one fresh copy taken in: it replaces the list's copy unless that one is newer (an answer read
 * mid-cycle can arrive after the event of the cycle's end), and a list not seen yet is added at the end. A list not
 * seen yet whose copy came without its device ids is left out: the page reads it with the lists (a list is first
 * pushed with its ids, so only a page that missed that push meets one).
 */
export function withSummary(lists: WatchListSummary[], incoming: WatchListChange): WatchListSummary[] {
  const index = lists.findIndex((l) => l.id === incoming.id);
  if (index < 0) return incoming.deviceIds === null ? lists : [...lists, { ...incoming, deviceIds: incoming.deviceIds }];
  const held = lists[index]!;
  if (held.seq > incoming.seq) return lists;
  return lists.map((l, i) => (i === index ? keepingParts(held, incoming) : l));
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
