import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { initialMachine, isFiring, isResolved, step, type MachineOptions, type MachineState, type Reading, type StateChange } from '../../../main/alerts/rule-state';

const POLL = 30_000;

function run(readings: Reading[], options: MachineOptions): { changes: StateChange[]; last: MachineState; states: MachineState[] } {
  let state = initialMachine(0);
  const changes: StateChange[] = [];
  const states: MachineState[] = [];
  readings.forEach((reading, i) => {
    const { next, change } = step(state, reading, (i + 1) * POLL, options);
    state = next;
    states.push(next);
    if (change) changes.push(change);
  });
  return { changes, last: state, states };
}

const readingArb = fc.constantFrom<Reading>('holds', 'clear', 'between', 'nodata');
const optionsArb = fc.record({ forPolls: fc.integer({ min: 1, max: 6 }), recoverPolls: fc.integer({ min: 1, max: 6 }) });

/** The longest run of consecutive 'holds' readings. */
function longestHold(readings: Reading[]): number {
  let best = 0;
  let run = 0;
  for (const r of readings) {
    run = r === 'holds' ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

describe('alert state machine', () => {
  it('walks Normal → Pending → Firing with the default "for" of two polls, and resolves after two clear polls', () => {
    const { changes } = run(['holds', 'holds', 'holds', 'clear', 'clear'], { forPolls: 2, recoverPolls: 2 });
    expect(changes.map((c) => `${c.from}>${c.to}@${c.at / POLL}`)).toEqual(['normal>pending@1', 'pending>firing@2', 'firing>normal@5']);
  });

  it('a device that cannot be read is NoData, not a firing offline alert, and a firing alert is not resolved by it', () => {
    expect(run(['nodata', 'nodata'], { forPolls: 2, recoverPolls: 2 }).last.state).toBe('nodata');
    const firing = run(['holds', 'holds', 'nodata', 'nodata', 'nodata', 'clear'], { forPolls: 2, recoverPolls: 2 });
    expect(firing.last.state).toBe('firing');
  });

  it('keeps the since-time of the state it is in', () => {
    const { states } = run(['holds', 'holds', 'holds', 'holds'], { forPolls: 2, recoverPolls: 2 });
    expect(states.map((s) => s.since / POLL)).toEqual([1, 2, 2, 2]);
  });

  it('property: no alert fires for a condition shorter than its "for"', () => {
    fc.assert(
      fc.property(fc.array(readingArb, { maxLength: 200 }), optionsArb, (readings, options) => {
        fc.pre(longestHold(readings) < options.forPolls);
        expect(run(readings, options).changes.some(isFiring)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: it fires exactly on a poll that ends a run of "for" polls that hold', () => {
    fc.assert(
      fc.property(fc.array(readingArb, { maxLength: 200 }), optionsArb, (readings, options) => {
        for (const change of run(readings, options).changes.filter(isFiring)) {
          const index = change.at / POLL - 1;
          const window = readings.slice(index + 1 - options.forPolls, index + 1);
          expect(window.length).toBe(options.forPolls);
          expect(window.every((r) => r === 'holds')).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('property: every Firing is followed by a Resolved, or still holds at the end', () => {
    fc.assert(
      fc.property(fc.array(readingArb, { maxLength: 300 }), optionsArb, (readings, options) => {
        const { changes, last } = run(readings, options);
        const told = changes.filter((c) => isFiring(c) || isResolved(c));
        // Firing and Resolved alternate, starting with Firing…
        told.forEach((change, i) => expect(isFiring(change)).toBe(i % 2 === 0));
        // …and an alert that fired last is still firing now.
        expect(told.length % 2 === 1).toBe(last.state === 'firing');
        // The only way out of Firing is a Resolved.
        expect(changes.filter((c) => c.from === 'firing').every(isResolved)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('property: recovery is debounced: a Resolved comes only after "recover" clear polls in a row', () => {
    fc.assert(
      fc.property(fc.array(readingArb, { maxLength: 200 }), optionsArb, (readings, options) => {
        for (const change of run(readings, options).changes.filter(isResolved)) {
          const index = change.at / POLL - 1;
          const window = readings.slice(index + 1 - options.recoverPolls, index + 1);
          expect(window.every((r) => r === 'clear')).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('property: a flapping condition (alternating polls) never fires with a "for" of two or more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 2, max: 6 }), (length, forPolls) => {
        const readings = Array.from({ length }, (_, i): Reading => (i % 2 === 0 ? 'holds' : 'clear'));
        expect(run(readings, { forPolls, recoverPolls: 2 }).changes.some(isFiring)).toBe(false);
      }),
    );
  });

  it('allocates no new state for a poll that changes nothing', () => {
    const state = initialMachine(0);
    expect(step(state, 'clear', POLL, { forPolls: 2, recoverPolls: 2 }).next).toBe(state);
  });
});
