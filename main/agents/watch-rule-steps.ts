import { factsOf, readingOf, timingOf, type AlertFacts, type DeviceObservation, type DeviceWatchState, type WatchRule } from '../../preload/contract/agents-rules';
import type { AlertChange } from '../alerts/alert-service';
import { firingMachine, initialMachine, isFiring, isResolved, step, type MachineState, type Reading } from '../alerts/rule-state';
import type { StoredList } from '../storage/repositories/watch-repository';
import { changeSentence } from './alert-words';

export interface RuleTransitionEvent {
  list: StoredList;
  deviceId: string;
  deviceName: string;
  rule: WatchRule;
  transition: 'raise' | 'clear';
  facts: AlertFacts;
  at: number;
}

/** What a poll read from a device that answered: the rules' view of the answer and the device's offline state. */
export interface PollRead {
  observation: DeviceObservation;
  device: DeviceWatchState;
}

/** What one poll of a device changed: rules that raised or cleared (the list's events), and every state change. */
export interface PollOutcome {
  events: RuleTransitionEvent[] | null;
  changes: AlertChange[] | null;
}

const UNCHANGED: PollOutcome = Object.freeze({ events: null, changes: null });

/**
 * Steps the rules of a watch list on one of its devices by one poll at a time (see rule-state.ts). Each device's
 * states are kept by the caller, with the rest of what it keeps of the device (one lookup per answer), and given to
 * `poll`. A rule raised before a restart starts firing (`isRaised`), so it is not raised a second time.
 */
export class WatchRuleSteps {
  #timings: Array<{ forPolls: number; recoverPolls: number }> = [];
  /** Whether a rule reads the storage forecast (worth computing only then). */
  readsForecast = false;

  constructor(
    private list: StoredList,
    private readonly isRaised: (deviceId: string, ruleId: string) => boolean,
  ) {
    this.update(list);
  }

  /** A new version of the list (the caller moves or ends its devices' states, see watch-edit-endings.ts). */
  update(list: StoredList): void {
    this.list = list;
    this.#timings = list.rules.map(timingOf);
    this.readsForecast = list.rules.some((r) => r.kind === 'diskFull');
  }

  /**
   * Steps every rule of a device by one poll; firing and resolved changes become the list's raise/clear events.
   * `states`: the device's rule states, in the order of the list's rules, updated in place (empty for a device not
   * polled yet). `read` is what the poll read (the answer's observation and the device's offline state), null when
   * the device could not be read (every rule sees no data). Given as values, not as callbacks: two closures per device
   * per cycle add up.
   */
  poll(states: MachineState[], id: string, deviceName: string | null, at: number, read: PollRead | null, withChanges: boolean): PollOutcome {
    const rules = this.list.rules;
    let events: RuleTransitionEvent[] | null = null;
    let changes: AlertChange[] | null = null;
    for (let index = 0; index < rules.length; index++) {
      const rule = rules[index]!;
      const previous = states[index] ?? (this.isRaised(id, rule.id) ? firingMachine(at) : initialMachine(at));
      const reading: Reading = read === null ? 'nodata' : readingOf(rule, read.observation, read.device);
      const { next, change } = step(previous, reading, at, this.#timings[index]!);
      states[index] = next;
      if (!change) continue;
      const fired = isFiring(change);
      const resolved = isResolved(change);
      const facts: AlertFacts = (fired || resolved) && read !== null ? factsOf(rule, read.observation, read.device) : {};
      if (fired || resolved) (events ??= []).push({ list: this.list, deviceId: id, deviceName: deviceName ?? '', rule, transition: fired ? 'raise' : 'clear', facts, at });
      if (withChanges) {
        (changes ??= []).push({
          listId: this.list.id,
          listName: this.list.name,
          deviceId: id,
          ruleId: rule.id,
          change,
          sentence: changeSentence(rule, facts, id, deviceName, resolved),
        });
      }
    }
    // Most polls change nothing: one shared answer says so, not a new object per device per cycle.
    return events || changes ? { events, changes } : UNCHANGED;
  }
}
