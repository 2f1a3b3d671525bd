import type { AlertStateName } from '../../preload/contract/agents-alerts';

/**
 * The alert state machine of one rule on one device, as pure functions: main keeps the returned state between polls.
 *
 * Each poll gives a reading: 'holds' (the rule's condition holds), 'clear' (its release condition holds: for storage
 * that is below the threshold by the deadband), 'between' (neither: usage in the deadband; a firing alert stays
 * firing, a pending one goes back to normal) or 'nodata' (the device could not be read).
 *
 * - normal -> pending on the first poll that holds; pending -> firing once it held on `forPolls` consecutive polls
 *   (with `forPolls` 1 a poll that holds fires at once); pending -> normal on a poll that does not hold.
 * - firing -> normal ("resolved") only after `recoverPolls` consecutive 'clear' polls: recovery is debounced too.
 *   Not being able to read the device does not resolve a firing alert, nor does it count toward recovery.
 * - normal/pending -> nodata after `forPolls` consecutive unread polls; nodata -> normal on a readable poll that does
 *   not hold, -> pending (or firing) on one that does.
 */

export type Reading = 'holds' | 'clear' | 'between' | 'nodata';

export interface MachineOptions {
  /** Consecutive polls the condition must hold before firing (the rule's "for"). */
  forPolls: number;
  /** Consecutive polls the release condition must hold before a firing alert resolves. */
  recoverPolls: number;
}

export interface MachineState {
  state: AlertStateName;
  /** When the current state began (ms). */
  since: number;
  /** Consecutive polls counting toward the next change (holding, clearing or unread). */
  streak: number;
}

export interface StateChange {
  from: AlertStateName;
  to: AlertStateName;
  at: number;
}

export function initialMachine(at: number): MachineState {
  return { state: 'normal', since: at, streak: 0 };
}

/** A firing alert known from before a restart starts as firing, so it is not raised again. */
export function firingMachine(since: number): MachineState {
  return { state: 'firing', since, streak: 0 };
}

function to(state: AlertStateName, at: number, streak: number): MachineState {
  return { state, since: at, streak };
}

/**
 * The next state after one poll, and the change it made (null when the state name stayed). The returned state object
 * is `previous` itself when nothing at all changed, so a caller keeping thousands of them allocates nothing then.
 */
export function step(previous: MachineState, reading: Reading, at: number, options: MachineOptions): { next: MachineState; change: StateChange | null } {
  const from = previous.state;
  let next: MachineState;
  switch (from) {
    case 'normal':
    case 'nodata':
      if (reading === 'holds') next = options.forPolls <= 1 ? to('firing', at, 0) : to('pending', at, 1);
      else if (reading === 'nodata') {
        if (from === 'nodata') next = previous;
        else {
          const streak = previous.streak + 1;
          next = streak >= options.forPolls ? to('nodata', at, 0) : { state: 'normal', since: previous.since, streak };
        }
      } else next = from === 'nodata' ? to('normal', at, 0) : previous.streak === 0 ? previous : { state: 'normal', since: previous.since, streak: 0 };
      break;
    case 'pending':
      if (reading === 'holds') {
        const streak = previous.streak + 1;
        next = streak >= options.forPolls ? to('firing', at, 0) : { state: 'pending', since: previous.since, streak };
      } else if (reading === 'nodata') {
        // The condition cannot be seen to hold any longer: the "for" starts again once the device answers.
        next = options.forPolls <= 1 ? to('nodata', at, 0) : to('normal', at, 1);
      } else next = to('normal', at, 0);
      break;
    case 'firing':
      if (reading === 'clear') {
        const streak = previous.streak + 1;
        next = streak >= options.recoverPolls ? to('normal', at, 0) : { state: 'firing', since: previous.since, streak };
      } else next = previous.streak === 0 ? previous : { state: 'firing', since: previous.since, streak: 0 };
      break;
  }
  return { next, change: next.state === from ? null : { from, to: next.state, at } };
}

/** The transitions the console tells the operator about: an alert fired, or one that fired resolved. */
export function isFiring(change: StateChange): boolean {
  return change.to === 'firing';
}

export function isResolved(change: StateChange): boolean {
  return change.from === 'firing' && change.to === 'normal';
}
