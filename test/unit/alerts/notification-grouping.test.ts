import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_GROUPING, drain, emptyGrouping, offer, type AlertNotice, type GroupingState } from '../../../main/alerts/notification-grouping';
import { NO_SILENCE, acknowledge, shouldNotify, silenceAfter, snooze } from '../../../main/alerts/silences';

function notice(i: number, kind: AlertNotice['kind'] = 'firing', listId = 'l1'): AlertNotice {
  return { kind, listId, listName: listId === 'l1' ? 'Site A' : 'Site B', alertId: `a${i}`, sentence: `device ${i}`, at: i };
}

/** Offers notices at the given times and drains whenever asked, as the service does; returns every note shown. */
function simulate(arrivals: Array<{ at: number; notices: AlertNotice[] }>, until: number) {
  let state: GroupingState = emptyGrouping();
  const shown: Array<{ at: number; firing: number; resolved: number; single: boolean }> = [];
  const times = new Set<number>(arrivals.map((a) => a.at));
  let nextAt: number | null = null;
  for (let now = 0; now <= until; now += 100) {
    for (const a of arrivals) if (a.at === now) state = offer(state, a.notices, now);
    if (times.has(now) || (nextAt !== null && now >= nextAt)) {
      const result = drain(state, now);
      state = result.state;
      nextAt = result.nextAt;
      for (const note of result.notes) shown.push({ at: now, firing: note.firing, resolved: note.resolved, single: note.single !== null });
    }
  }
  return shown;
}

describe('notification grouping', () => {
  it('alerts an edit closed are counted apart from those a poll resolved', () => {
    const state = offer(emptyGrouping(), [notice(1, 'ended'), notice(2, 'ended'), notice(3, 'ended'), notice(4, 'ended'), notice(5, 'resolved')], 0);
    const { notes } = drain(state, 10_000);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ single: null, firing: 0, resolved: 1, ended: 4 });
  });

  it('a storm of 5,000 firings that arrive over a poll cycle is one notification saying how many', () => {
    const arrivals = Array.from({ length: 50 }, (_, i) => ({ at: i * 100, notices: Array.from({ length: 100 }, (_, j) => notice(i * 100 + j)) }));
    const shown = simulate(arrivals, 120_000);
    expect(shown).toEqual([{ at: 5400, firing: 5000, resolved: 0, single: false }]);
  });

  it('up to three alerts are told one by one; a fourth in the same minute waits until the minute is over', () => {
    const shown = simulate(
      [
        { at: 0, notices: [notice(1), notice(2), notice(3)] },
        { at: 2000, notices: [notice(4, 'resolved')] },
      ],
      90_000,
    );
    expect(shown.map((s) => s.single)).toEqual([true, true, true, true]);
    expect(shown[3]).toMatchObject({ at: 60_500, firing: 0, resolved: 1 });
  });

  it('property: never more than three notifications in any minute, and every notice is told', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ slot: fc.integer({ min: 0, max: 3000 }), count: fc.integer({ min: 1, max: 40 }) }), { maxLength: 30 }), (bursts) => {
        let n = 0;
        const arrivals = bursts.map((b) => ({ at: b.slot * 100, notices: Array.from({ length: b.count }, () => notice(n++)) }));
        const shown = simulate(arrivals, 400_000);
        for (const s of shown) expect(shown.filter((o) => o.at > s.at - DEFAULT_GROUPING.windowMs && o.at <= s.at).length).toBeLessThanOrEqual(3);
        expect(shown.reduce((sum, s) => sum + s.firing + s.resolved, 0)).toBe(n);
      }),
      { numRuns: 150 },
    );
  });
});

describe('silences', () => {
  const fired = { from: 'pending' as const, to: 'firing' as const, at: 1000 };
  const resolved = { from: 'firing' as const, to: 'normal' as const, at: 5000 };
  it('a muted device and a snoozed alert raise nothing; the snooze ends at its time', () => {
    expect(shouldNotify(fired, NO_SILENCE, false)).toBe(true);
    expect(shouldNotify(fired, NO_SILENCE, true)).toBe(false);
    expect(shouldNotify(fired, snooze(NO_SILENCE, 2000), false)).toBe(false);
    expect(shouldNotify({ ...fired, at: 2000 }, snooze(NO_SILENCE, 2000), false)).toBe(true);
    expect(shouldNotify({ from: 'normal', to: 'pending', at: 1 }, NO_SILENCE, false)).toBe(false);
  });
  it('an acknowledged alert does not tell its resolution, and the acknowledgement ends with it', () => {
    const acked = acknowledge(NO_SILENCE, 2000, ' on it, truck sent ');
    expect(acked.acknowledged).toEqual({ at: 2000, note: 'on it, truck sent' });
    expect(shouldNotify(resolved, acked, false)).toBe(false);
    expect(silenceAfter(resolved, acked).acknowledged).toBeNull();
  });
});
