import type { WatchRow } from '../../preload/contract/agents';
import { nextDeviceState, type DeviceWatchState } from '../../preload/contract/agents-rules';
import type { CameraAgent } from '../../preload/contract/wire/platform';
import type { AlertService } from '../alerts/alert-service';
import type { DeviceHistoryOf, DeviceHistoryService } from '../alerts/device-history';
import { rowError } from './agent-errors';
import { observationOf, okRow, okRowUnchanged, rowChanged } from './watch-observation';
import type { PollRead, RuleTransitionEvent, WatchRuleSteps } from './watch-rule-steps';
import { storageReadings } from './watch-storage-readings';
import type { TrackedDevice } from './watch-tracked-device';

/** What a device's steps tell the rest of the console (part of RunnerDeps). */
export interface DeviceStepDeps {
  /** Called once per poll with every rule that raised or cleared on it. */
  onTransitions(events: RuleTransitionEvent[]): void;
  now(): number;
  /** Every change of an alert's state (Normal / Pending / Firing / NoData), for its log and notifications. */
  alerts?: AlertService;
  /** Each device's online/status transitions and storage samples; the forecast the "disk full" rule reads. */
  history?: DeviceHistoryService;
}

/** What a runner does when a step changed a device's row. */
export interface RowChanges {
  /** A row was replaced: the rows counted by state are counted again. */
  replaced(): void;
  /** A device's row (or its alerts) changed: it is pushed with the next batch, and windows are read afresh. */
  touched(id: string): void;
}

/** A device not yet seen offline. */
const ONLINE: DeviceWatchState = { offlineSince: null };

/**
 * One poll's outcome applied to a device's record (an answer, a failed read, no data): its row, offline state,
 * history and rules. One per runner, called with the record the pass carries, so an answer is applied without a
 * lookup, a closure or an object made for it.
 */
export class WatchDeviceSteps {
  /** The server the list's devices are on: their device history is kept per server. */
  profileId: string;

  constructor(
    profileId: string,
    private readonly deps: DeviceStepDeps,
    private readonly rules: WatchRuleSteps,
    private readonly rows: RowChanges,
  ) {
    this.profileId = profileId;
  }

  fail(tracked: TrackedDevice, error: unknown): void {
    const { message, kind } = rowError(error);
    const previous = tracked.row;
    const next: WatchRow = { ...previous, state: 'failed', error: message, errorKind: kind };
    tracked.row = next;
    this.rows.replaced();
    if (rowChanged(previous, next)) this.rows.touched(tracked.id);
    this.noData(tracked);
  }

  /** The device could not be read on this poll. */
  noData(tracked: TrackedDevice): void {
    const at = this.deps.now();
    this.historyOf(tracked)?.unreadable(at);
    this.advance(tracked, tracked.row.name, at, null);
  }

  observe(tracked: TrackedDevice, device: CameraAgent): void {
    const at = this.deps.now();
    // Decided once per answer: the observation's fullest storage and the history's samples both read it.
    const readings = storageReadings(device.storages);
    const observation = observationOf(device, at, readings);
    const previous = tracked.row;
    tracked.polledAt = at;
    // A steady device keeps its row (only the poll time moves, kept beside it: rows leave as copies, see rowOut).
    // A new row per device per cycle, with the answer's strings in it, outlived the young generation 5,000 at a time
    // and made each cycle's collections copy them; it is not even built to be compared.
    if (!okRowUnchanged(previous, device, observation)) {
      tracked.row = okRow(previous, device, observation);
      this.rows.replaced();
      this.rows.touched(tracked.id);
    }
    // The same for the device's offline state: an unchanged one is kept, not replaced by an equal copy.
    const deviceBefore = tracked.offline;
    let deviceState: DeviceWatchState;
    // An online device seen online before stays as it was (nextDeviceState would answer an equal new object).
    if (deviceBefore !== undefined && observation.online && deviceBefore.offlineSince === null) deviceState = deviceBefore;
    // So does an offline device seen offline before whose report time is the one its last answer had (its ok row's):
    // that report dated the outage then, and nextDeviceState would parse the same date again (per offline device per
    // cycle) to answer an equal new object. Only observe sets `offline`, and the row it keeps is that answer's.
    else if (
      deviceBefore !== undefined &&
      !observation.online &&
      deviceBefore.offlineSince !== null &&
      previous.state === 'ok' &&
      previous.lastSeenAt === device.last_updated_at
    )
      deviceState = deviceBefore;
    else {
      deviceState = nextDeviceState(deviceBefore ?? ONLINE, observation);
      if (deviceBefore !== undefined && deviceBefore.offlineSince === deviceState.offlineSince) deviceState = deviceBefore;
      else tracked.offline = deviceState;
    }
    const history = this.historyOf(tracked);
    if (history) {
      history.observe(at, device.is_online, device.status, readings);
      if (this.rules.readsForecast) observation.daysUntilFull = history.daysUntilFull(at);
    }
    this.advance(tracked, device.name, at, { observation, device: deviceState });
  }

  /** The device's history, when the console keeps device history. */
  private historyOf(tracked: TrackedDevice): DeviceHistoryOf | undefined {
    return (tracked.history ??= this.deps.history?.deviceOf(this.profileId, tracked.id));
  }

  /** Steps the device's rules by one poll: raised and cleared alerts go to the list, every change to the alert log. */
  private advance(tracked: TrackedDevice, deviceName: string | null, at: number, read: PollRead | null): void {
    const { events, changes } = this.rules.poll(tracked.rules, tracked.id, deviceName, at, read, this.deps.alerts !== undefined);
    if (events) {
      this.deps.onTransitions(events);
      // The row's count of active alerts changed.
      this.rows.touched(tracked.id);
    }
    if (changes) this.deps.alerts!.report(changes);
  }
}
