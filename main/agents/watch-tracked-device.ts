import type { WatchRow } from '../../preload/contract/agents';
import type { DeviceWatchState } from '../../preload/contract/agents-rules';
import type { AlertService } from '../alerts/alert-service';
import type { DeviceHistoryOf } from '../alerts/device-history';
import type { MachineState } from '../alerts/rule-state';
import type { StoredList } from '../storage/repositories/watch-repository';
import { pendingRow, polledAt } from './watch-observation';

/**
 * What a runner keeps of one device of its list, in one record that a cycle's pass carries with the device: an answer
 * needs no lookup by id (a map each for the row, the offline state, the rules and the history before: lookups in maps
 * of thousands, each one memory the cache no longer held, added up to a good part of a cycle's own work).
 */
export interface TrackedDevice {
  readonly id: string;
  row: WatchRow;
  /** When this list first saw it offline in the current outage; undefined until it answered. */
  offline: DeviceWatchState | undefined;
  /** The alert state of each rule, in the order of the list's rules (see WatchRuleSteps; emptied when they change). */
  rules: MachineState[];
  /** Its device history on the list's server, from its first poll (dropped when the list moves to another server). */
  history: DeviceHistoryOf | undefined;
  /**
   * When its last answer came (ms), null before the first: the row's poll time, written into the copies of the row
   * that leave (every row leaves as a copy). A steady device's answer only moves this number; setting the time in the
   * kept row made a string per millisecond and a write into an old object per answer.
   */
  polledAt: number | null;
}

/** A device new to the list (or put back on it): a pending row, nothing known of it yet. */
export function newDevice(id: string): TrackedDevice {
  return { id, row: pendingRow(id), offline: undefined, rules: [], history: undefined, polledAt: null };
}

/** The copy of a device's row that leaves the runner: its poll time and its count of active alerts filled in. */
export function rowOut(tracked: TrackedDevice, alerts: ReadonlyMap<string, number>): WatchRow {
  const row = tracked.row;
  return { ...row, polledAt: tracked.polledAt === null ? row.polledAt : polledAt(tracked.polledAt), activeAlerts: alerts.get(tracked.id) ?? 0 };
}

/**
 * The alert states kept from before a restart that are neither normal nor firing (No data, Pending): each device's
 * rules start from them, so that its next answers step it out of them and say so. Started from normal (a firing one
 * starts from `isRaised`, see WatchRuleSteps), such a state was never told over and stayed in Alert states for good.
 */
export function startFromKnownStates(list: StoredList, alerts: AlertService | undefined, tracked: ReadonlyMap<string, TrackedDevice>): void {
  if (alerts === undefined || list.rules.length === 0) return;
  const places = new Map(list.rules.map((rule, index) => [rule.id, index]));
  for (const view of alerts.states(list.id)) {
    if (view.state !== 'pending' && view.state !== 'nodata') continue;
    const device = tracked.get(view.deviceId);
    const index = places.get(view.ruleId);
    if (device !== undefined && index !== undefined) device.rules[index] = { state: view.state, since: view.since, streak: 0 };
  }
}
