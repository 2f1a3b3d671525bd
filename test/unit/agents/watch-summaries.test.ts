import { describe, expect, it } from 'vitest';
import type { WatchListSummary } from '../../../preload/contract/agents';
import { mergedLists, withSummary } from '../../../renderer/features/agents/watch-summaries';

function summary(id: string, seq: number, state: WatchListSummary['state'], pending: number): WatchListSummary {
  return {
    id,
    name: `List ${id}`,
    profileId: 'p',
    profileName: 'Server',
    deviceIds: ['1', '2'],
    intervalSec: 60,
    concurrency: 4,
    rules: [],
    active: true,
    state,
    message: null,
    reason: null,
    lastCycleAt: null,
    lastCycleMs: null,
    nextCycleAt: null,
    counts: { online: 2 - pending, offline: 0, failed: 0, pending },
    activeAlerts: 0,
    notes: [],
    seq,
  };
}

describe('watch list summaries arriving out of order', () => {
  it('an event replaces an older copy and adds a list not seen yet', () => {
    const lists = [summary('a', 3, 'polling', 2)];
    expect(withSummary(lists, summary('a', 5, 'waiting', 0))).toEqual([summary('a', 5, 'waiting', 0)]);
    expect(withSummary(lists, summary('b', 4, 'idle', 2)).map((l) => l.id)).toEqual(['a', 'b']);
  });

  it('a copy older than the one held is ignored', () => {
    const lists = [summary('a', 9, 'waiting', 0)];
    expect(withSummary(lists, summary('a', 7, 'polling', 1))).toBe(lists);
  });

  it('a read answered mid-cycle does not undo the end-of-cycle event that overtook it', () => {
    // The event of the cycle's end (seq 8) arrived before the read answered at seq 6, while one device was still unread.
    const held = [summary('a', 8, 'waiting', 0)];
    const read = [summary('a', 6, 'polling', 1), summary('b', 7, 'idle', 2)];
    const merged = mergedLists(held, read);
    expect(merged.map((l) => [l.id, l.state, l.counts.pending])).toEqual([
      ['a', 'waiting', 0],
      ['b', 'idle', 2],
    ]);
  });

  it('a read drops lists it no longer has and takes newer copies', () => {
    const held = [summary('a', 2, 'polling', 2), summary('gone', 3, 'idle', 2)];
    expect(mergedLists(held, [summary('a', 4, 'waiting', 0)])).toEqual([summary('a', 4, 'waiting', 0)]);
  });
});

describe('a summary pushed after every cycle', () => {
  it('keeps the held rules and device ids when they did not change, so the screen need not redraw them', () => {
    const held = summary('a', 1, 'polling', 2);
    const next = withSummary([held], summary('a', 2, 'waiting', 0))[0]!;
    expect(next.state).toBe('waiting');
    expect(next.counts.pending).toBe(0);
    expect(next.rules).toBe(held.rules);
    expect(next.deviceIds).toBe(held.deviceIds);
  });

  it('takes the new rules and device ids when the list was edited', () => {
    const held = summary('a', 1, 'waiting', 0);
    const edited = { ...summary('a', 2, 'waiting', 0), deviceIds: ['1', '3'], rules: [{ id: 'off', kind: 'offline' as const, minutes: 10 }] };
    const next = withSummary([held], edited)[0]!;
    expect(next.deviceIds).toEqual(['1', '3']);
    expect(next.rules).toEqual(edited.rules);
  });

  it('keeps the held device ids when the push came without them (they did not change)', () => {
    const held = summary('a', 1, 'polling', 2);
    const next = withSummary([held], { ...summary('a', 2, 'waiting', 0), deviceIds: null })[0]!;
    expect(next).toEqual(summary('a', 2, 'waiting', 0));
    expect(next.deviceIds).toBe(held.deviceIds);
  });

  it('leaves out a list not seen yet that came without its device ids (the page reads it with the lists)', () => {
    const lists = [summary('a', 1, 'waiting', 0)];
    expect(withSummary(lists, { ...summary('b', 2, 'waiting', 0), deviceIds: null })).toBe(lists);
    expect(withSummary(lists, summary('b', 2, 'waiting', 0)).map((l) => [l.id, l.deviceIds])).toEqual([
      ['a', ['1', '2']],
      ['b', ['1', '2']],
    ]);
  });
});
