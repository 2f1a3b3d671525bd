import type { AppErrorKind } from '../../preload/contract/app-error';
import type { WatchListChange, WatchListSummary, WatchRow, WatchState, WatchView } from '../../preload/contract/agents';
import type { WatchRowChanges, WatchWindow, WatchWindowQuery } from '../../preload/contract/agents-watch';
import { nextDeviceState, type DeviceWatchState } from '../../preload/contract/agents-rules';
import type { AlertService } from '../alerts/alert-service';
import type { DeviceHistoryOf, DeviceHistoryService } from '../alerts/device-history';
import type { CameraAgent } from '../../preload/contract/wire/platform';
import type { PlatformClient } from '../platform';
import { isAppFailure } from '../shared/app-failure';
import { t } from '../shared/i18n';
import { log } from '../shared/log';
import { rowError } from './agent-errors';
import { pollDevices } from './watch-poll';
import { storageReadings } from './watch-storage-readings';
import { observationOf, okRow, okRowUnchanged, pendingRow, polledAt, rowChanged } from './watch-observation';
import { createWatchRowWindows } from './watch-window';
import { WatchRuleSteps, type PollRead, type RuleTransitionEvent } from './watch-rule-steps';
import { WatchRowPushes } from './watch-row-pushes';
import { applyListEdit } from './watch-edit-endings';
import type { MachineState } from '../alerts/rule-state';
import type { StoredList } from '../storage/repositories/watch-repository';

/** While paused, the server is tried again this often (or at the list's interval, when shorter). */
export const PAUSED_RETRY_SEC = 15;

export interface RunnerDeps {
  /** The client of the list's server; throws (NotFound) when that profile is gone. */
  clientFor(profileId: string): Promise<{ client: PlatformClient; profileName: string }>;
  /** Every change of the summary (state, a finished cycle); its device ids only when they changed (see WatchListChange). */
  onChanged(summary: WatchListChange): void;
  /** Rows that changed (in batches while a cycle runs, the rest at its end); rows null: read the window again. */
  onRows(changes: WatchRowChanges): void;
  /** Called once per poll with every rule that raised or cleared on it. */
  onTransitions(events: RuleTransitionEvent[]): void;
  /** Raised alerts per `deviceId|ruleId` (so a restart does not raise them again). */
  isRaised(deviceId: string, ruleId: string): boolean;
  activeAlertsOf(listId: string): Map<string, number>;
  now(): number;
  /** Every change of an alert's state (Normal / Pending / Firing / NoData), for its log and notifications. */
  alerts?: AlertService;
  /** Each device's online/status transitions and storage samples; the forecast the "disk full" rule reads. */
  history?: DeviceHistoryService;
}

/** A device not yet seen offline. */
const ONLINE: DeviceWatchState = { offlineSince: null };

/**
 * What a runner keeps of one device of its list, in one record that a cycle's pass carries with the device: an answer
 * needs no lookup by id (a map each for the row, the offline state, the rules and the history before: lookups in maps
 * of thousands, each one memory the cache no longer held, added up to a good part of a cycle's own work).
 */
interface TrackedDevice {
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

function newDevice(id: string): TrackedDevice {
  return { id, row: pendingRow(id), offline: undefined, rules: [], history: undefined, polledAt: null };
}

/** The copy of a device's row that leaves the runner: its poll time and its count of active alerts filled in. */
function rowOut(tracked: TrackedDevice, alerts: ReadonlyMap<string, number>): WatchRow {
  const row = tracked.row;
  return { ...row, polledAt: tracked.polledAt === null ? row.polledAt : polledAt(tracked.polledAt), activeAlerts: alerts.get(tracked.id) ?? 0 };
}

/** Numbers every summary written, across lists (see `WatchListSummary.seq`). */
let summarySeq = 0;

/**
 * Polls one watch list in main: one cycle reads every device with at most `concurrency` requests in flight, feeds
 * each answer to the rules, then waits `intervalSec`. The server being unreachable pauses the list (retried by
 * itself); a refused token or permission stops it with one sentence instead of hundreds of failed rows.
 */
export class WatchRunner {
  private list: StoredList;
  private readonly rules: WatchRuleSteps;
  /** Each device of the list, in the list's order. */
  private tracked = new Map<string, TrackedDevice>();
  /**
   * The rows counted by state, until a row is replaced: a summary is written several times per cycle (its start, each
   * timed push, its end, the answer to Poll now), and a steady cycle replaces no row.
   */
  private counts: WatchListSummary['counts'] | null = null;
  private state: WatchState = 'idle';
  private message: string | null = null;
  private reason: AppErrorKind | null = null;
  private profileName = '';
  private lastCycleAt: string | null = null;
  private lastCycleMs: number | null = null;
  private nextCycleAt: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private cycle: Promise<void> | null = null;
  private abort: AbortController | null = null;
  private disposed = false;
  /** Whether the list's device ids went out with a pushed summary since they last changed. */
  private idsPushed = false;
  /** Devices whose row changed since the last push. */
  private readonly pushes = new WatchRowPushes(
    (ids) => {
      const alerts = this.deps.activeAlertsOf(this.list.id);
      return ids.map((id) => rowOut(this.tracked.get(id) ?? newDevice(id), alerts));
    },
    (rows) => this.deps.onRows({ listId: this.list.id, rows }),
    () => this.deps.onChanged(this.pushedSummary()),
  );
  private readonly windows = createWatchRowWindows(() => this.currentRows());

  constructor(
    list: StoredList,
    private readonly deps: RunnerDeps,
  ) {
    this.list = list;
    this.rules = new WatchRuleSteps(list, deps.isRaised);
    this.resetRows();
    this.startFromKnownStates();
    if (list.active) this.schedule(0);
  }

  get id(): string {
    return this.list.id;
  }

  /**
   * The alert states kept from before a restart that are neither normal nor firing (No data, Pending): each device's
   * rules start from them, so that its next answers step it out of them and say so. Started from normal (a firing one
   * starts from `isRaised`, see WatchRuleSteps), such a state was never told over and stayed in Alert states for good.
   */
  private startFromKnownStates(): void {
    const alerts = this.deps.alerts;
    if (alerts === undefined || this.list.rules.length === 0) return;
    const places = new Map(this.list.rules.map((rule, index) => [rule.id, index]));
    for (const view of alerts.states(this.list.id)) {
      if (view.state !== 'pending' && view.state !== 'nodata') continue;
      const tracked = this.tracked.get(view.deviceId);
      const index = places.get(view.ruleId);
      if (tracked !== undefined && index !== undefined) tracked.rules[index] = { state: view.state, since: view.since, streak: 0 };
    }
  }

  get stored(): StoredList {
    return this.list;
  }

  /**
   * Applies an edit: new ids start as pending rows, removed ids drop out, rule changes start those rules afresh; the
   * alert states that the edit ended (of removed devices and of rules changed or removed) are told over.
   */
  update(list: StoredList): void {
    if (list.profileId !== this.list.profileId) for (const device of this.tracked.values()) device.history = undefined;
    const ended = applyListEdit(this.list, list, this.tracked.values(), this.deps.now());
    this.list = list;
    this.idsPushed = false;
    this.rules.update(list);
    if (ended.length > 0) this.deps.alerts?.report(ended);
    this.resetRows();
    this.windows.invalidate();
    this.pushes.readAgain();
    this.setActive(list.active, true);
  }

  setActive(active: boolean, restart = false): void {
    this.list = { ...this.list, active };
    if (!active) {
      this.halt('idle');
    } else if (restart || this.state === 'idle' || this.state === 'stopped') {
      this.halt('waiting');
      this.schedule(0);
    }
    this.changed();
  }

  /** Runs a cycle now (or joins the one running) and resolves when it has finished. */
  async pollNow(): Promise<void> {
    if (this.cycle) return this.cycle;
    this.clearTimer();
    await this.runCycle();
  }

  summary(): WatchListSummary {
    const counts = { ...(this.counts ??= this.countRows()) };
    let activeAlerts = 0;
    for (const n of this.deps.activeAlertsOf(this.list.id).values()) activeAlerts += n;
    const { createdAt: _createdAt, ...list } = this.list;
    return {
      ...list,
      profileName: this.profileName,
      state: this.state,
      message: this.message,
      reason: this.reason,
      lastCycleAt: this.lastCycleAt,
      lastCycleMs: this.lastCycleMs,
      nextCycleAt: this.nextCycleAt,
      counts,
      activeAlerts,
      seq: ++summarySeq,
    };
  }

  /** The summary to push: with the device ids the first time after they changed, without them after that. */
  private pushedSummary(): WatchListChange {
    const summary: WatchListChange = this.summary();
    if (this.idsPushed) summary.deviceIds = null;
    this.idsPushed = true;
    return summary;
  }

  private countRows(): WatchListSummary['counts'] {
    const counts = { online: 0, offline: 0, failed: 0, pending: 0 };
    for (const { row } of this.tracked.values()) {
      if (row.state === 'failed') counts.failed += 1;
      else if (row.state === 'pending') counts.pending += 1;
      else if (row.online) counts.online += 1;
      else counts.offline += 1;
    }
    return counts;
  }

  view(): WatchView {
    return { ...this.summary(), rows: this.currentRows() };
  }

  /** The rows the page shows: one window, sorted and filtered here. */
  window(query: Omit<WatchWindowQuery, 'listId'>): WatchWindow {
    return { listId: this.list.id, ...this.windows.window(query) };
  }

  /** Every row in the list's order, with its device's active alerts. */
  private currentRows(): WatchRow[] {
    const alerts = this.deps.activeAlertsOf(this.list.id);
    return this.list.deviceIds.map((id) => {
      return rowOut(this.tracked.get(id) ?? newDevice(id), alerts);
    });
  }

  /** A device's row (or its alerts) changed: it is pushed with the next batch, and windows are read afresh. */
  private touch(id: string): void {
    this.pushes.touch(id);
    this.windows.invalidate();
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.pushes.stop();
    this.clearTimer();
    this.abort?.abort();
    await this.cycle?.catch(() => undefined);
  }

  private resetRows(): void {
    const next = new Map<string, TrackedDevice>();
    for (const id of this.list.deviceIds) next.set(id, this.tracked.get(id) ?? newDevice(id));
    this.tracked = next;
    this.counts = null;
  }

  private halt(state: WatchState): void {
    this.clearTimer();
    this.abort?.abort();
    this.state = state;
    this.message = null;
    this.reason = null;
    this.nextCycleAt = null;
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delayMs: number): void {
    if (this.disposed || !this.list.active) return;
    this.clearTimer();
    this.nextCycleAt = new Date(this.deps.now() + delayMs).toISOString();
    this.timer = setTimeout(() => {
      this.timer = null;
      // A cycle that was halted may still be winding down: the next one starts once it has.
      void (this.cycle ?? Promise.resolve()).then(() => this.runCycle());
    }, delayMs);
    this.timer.unref?.();
  }

  private changed(): void {
    // The rows first: a page that sees the cycle's end has its rows already.
    this.pushes.flush();
    // Poll times moved too (they are not pushed): the next window reads them.
    this.windows.invalidate();
    this.deps.onChanged(this.pushedSummary());
  }

  private async runCycle(): Promise<void> {
    if (this.cycle) return this.cycle;
    this.cycle = this.cycleOnce().finally(() => {
      this.cycle = null;
    });
    return this.cycle;
  }

  private async cycleOnce(): Promise<void> {
    const started = this.deps.now();
    const abort = new AbortController();
    this.abort = abort;
    const wasPaused = this.state === 'paused' ? { message: this.message, reason: this.reason } : null;
    this.state = 'polling';
    this.nextCycleAt = null;
    this.changed();

    let client: PlatformClient;
    try {
      const found = await this.deps.clientFor(this.list.profileId);
      client = found.client;
      this.profileName = found.profileName;
    } catch (error) {
      this.stop(t('agents.watchState.stoppedNoProfile'), isAppFailure(error) ? error.kind : 'NotFound');
      return;
    }

    // One options object for the whole pass, not one per read.
    const reading = { signal: abort.signal };
    const { successes, unreachable: unreachableRows, refusal, outage } = await pollDevices({
      // The records themselves, in the list's order: an answer is applied to its device's record without a lookup.
      devices: [...this.tracked.values()],
      concurrency: this.list.concurrency,
      abort,
      read: (tracked) => client.getCameraAgent(tracked.id, reading),
      observe: (tracked, device) => this.observe(tracked, device),
      fail: (tracked, error) => this.fail(tracked, error),
    });
    if (this.abort === abort) this.abort = null;
    // Disposed, or halted or stopped while the cycle ran. (A list switched off can still be polled once on demand.)
    if (this.disposed || this.state !== 'polling') return;

    if (refusal !== null) {
      const forbidden = isAppFailure(refusal) && refusal.kind === 'Forbidden';
      // No token stored is not the server refusing one: say which, so the operator adds rather than replaces it.
      const noToken = isAppFailure(refusal) && refusal.appError.kind === 'Unauthorized' && refusal.appError.data?.reason === 'no-token';
      const sentence = forbidden ? 'agents.watchState.stoppedForbidden' : noToken ? 'agents.watchState.stoppedNoToken' : 'agents.watchState.stoppedUnauthorized';
      this.stop(t(sentence), forbidden ? 'Forbidden' : 'Unauthorized');
      return;
    }
    const firstUnreachable = unreachableRows[0]?.error;
    if (outage !== null || (successes === 0 && firstUnreachable !== undefined)) {
      const cause = outage ?? firstUnreachable;
      const detail = isAppFailure(cause) ? cause.appError.message : '';
      // The devices asked could not be read: their rules see no data (a firing alert stays firing).
      for (const { device } of unreachableRows) this.noData(device);
      this.state = 'paused';
      this.reason = isAppFailure(cause) ? cause.kind : 'Offline';
      this.message = t('agents.watchState.paused', { detail });
      if (!wasPaused) log.warn('agents', `watch list ${this.list.name} paused: the server cannot be reached`);
      this.lastCycleMs = this.deps.now() - started;
      this.schedule(Math.min(this.list.intervalSec, PAUSED_RETRY_SEC) * 1000);
      this.changed();
      return;
    }
    // The server answered: devices that alone did not answer are failed rows.
    for (const { device, error } of unreachableRows) this.fail(device, error);
    this.state = this.list.active ? 'waiting' : 'idle';
    this.message = null;
    this.reason = null;
    this.lastCycleAt = new Date(this.deps.now()).toISOString();
    this.lastCycleMs = this.deps.now() - started;
    this.schedule(this.list.intervalSec * 1000);
    this.changed();
  }

  private stop(message: string, reason: AppErrorKind): void {
    this.clearTimer();
    this.state = 'stopped';
    this.message = message;
    this.reason = reason;
    this.nextCycleAt = null;
    log.warn('agents', `watch list ${this.list.name} stopped (${reason})`);
    this.changed();
  }

  private fail(tracked: TrackedDevice, error: unknown): void {
    const { message, kind } = rowError(error);
    const previous = tracked.row;
    const next: WatchRow = { ...previous, state: 'failed', error: message, errorKind: kind };
    tracked.row = next;
    this.counts = null;
    if (rowChanged(previous, next)) this.touch(tracked.id);
    this.noData(tracked);
  }

  /** The device could not be read on this poll. */
  private noData(tracked: TrackedDevice): void {
    const at = this.deps.now();
    this.historyOf(tracked)?.unreadable(at);
    this.advance(tracked, tracked.row.name, at, null);
  }

  /** The device's history, when the console keeps device history. */
  private historyOf(tracked: TrackedDevice): DeviceHistoryOf | undefined {
    return (tracked.history ??= this.deps.history?.deviceOf(this.list.profileId, tracked.id));
  }

  /** Steps the device's rules by one poll: raised and cleared alerts go to the list, every change to the alert log. */
  private advance(tracked: TrackedDevice, deviceName: string | null, at: number, read: PollRead | null): void {
    const { events, changes } = this.rules.poll(tracked.rules, tracked.id, deviceName, at, read, this.deps.alerts !== undefined);
    if (events) {
      this.deps.onTransitions(events);
      // The row's count of active alerts changed.
      this.touch(tracked.id);
    }
    if (changes) this.deps.alerts!.report(changes);
  }

  private observe(tracked: TrackedDevice, device: CameraAgent): void {
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
      this.counts = null;
      this.touch(tracked.id);
    }
    // The same for the device's offline state: an unchanged one is kept, not replaced by an equal copy.
    const deviceBefore = tracked.offline;
    let deviceState: DeviceWatchState;
    // An online device seen online before stays as it was (nextDeviceState would answer an equal new object).
    if (deviceBefore !== undefined && observation.online && deviceBefore.offlineSince === null) deviceState = deviceBefore;
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
}

