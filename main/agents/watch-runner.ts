import type { AppErrorKind } from '../../preload/contract/app-error';
import type { WatchListChange, WatchListSummary, WatchRow, WatchState, WatchView } from '../../preload/contract/agents';
import type { WatchRowChanges, WatchWindow, WatchWindowQuery } from '../../preload/contract/agents-watch';
import type { PlatformClient } from '../platform';
import { isAppFailure } from '../shared/app-failure';
import { said, say } from '../shared/i18n';
import type { Said } from '../../preload/contract/said';
import { log } from '../shared/log';
import type { StoredList } from '../storage/repositories/watch-repository';
import { WatchDeviceSteps, type DeviceStepDeps } from './watch-device-steps';
import { applyListEdit } from './watch-edit-endings';
import { pollDevices } from './watch-poll';
import { countRows, nextSummarySeq } from './watch-row-counts';
import { WatchRowPushes } from './watch-row-pushes';
import { WatchRuleSteps } from './watch-rule-steps';
import { newDevice, rowOut, startFromKnownStates, type TrackedDevice } from './watch-tracked-device';
import { createWatchRowWindows } from './watch-window';

/** While paused, the server is tried again this often (or at the list's interval, when shorter). */
export const PAUSED_RETRY_SEC = 15;

export interface RunnerDeps extends DeviceStepDeps {
  /** The client of the list's server; throws (NotFound) when that profile is gone. */
  clientFor(profileId: string): Promise<{ client: PlatformClient; profileName: string }>;
  /** Every change of the summary (state, a finished cycle); its device ids only when they changed (see WatchListChange). */
  onChanged(summary: WatchListChange): void;
  /** Rows that changed (in batches while a cycle runs, the rest at its end); rows null: read the window again. */
  onRows(changes: WatchRowChanges): void;
  /** Raised alerts per `deviceId|ruleId` (so a restart does not raise them again). */
  isRaised(deviceId: string, ruleId: string): boolean;
  activeAlertsOf(listId: string): Map<string, number>;
}

/**
 * Polls one watch list in main: one cycle reads every device with at most `concurrency` requests in flight, feeds
 * each answer to the rules, then waits `intervalSec`. The server being unreachable pauses the list (retried by
 * itself); a refused token or permission stops it with one sentence instead of hundreds of failed rows.
 */
export class WatchRunner {
  private list: StoredList;
  private readonly rules: WatchRuleSteps;
  /** Applies each poll's outcome (an answer, a failed read, no data) to its device's record. */
  private readonly steps: WatchDeviceSteps;
  /** Each device of the list, in the list's order. */
  private tracked = new Map<string, TrackedDevice>();
  /**
   * The rows counted by state, until a row is replaced: a summary is written several times per cycle (its start, each
   * timed push, its end, the answer to Poll now), and a steady cycle replaces no row.
   */
  private counts: WatchListSummary['counts'] | null = null;
  private state: WatchState = 'idle';
  private message: string | null = null;
  /** How `message` was said, for the page to say it in its language. */
  private messageSaid: Said | null = null;
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
    // Made once per runner, not per answer: a step that replaced or changed a row tells the counts, pushes and windows.
    this.steps = new WatchDeviceSteps(list.profileId, deps, this.rules, {
      replaced: () => {
        this.counts = null;
      },
      touched: (id) => this.touch(id),
    });
    this.resetRows();
    startFromKnownStates(list, deps.alerts, this.tracked);
    if (list.active) this.schedule(0);
  }

  get id(): string {
    return this.list.id;
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
    this.steps.profileId = list.profileId;
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

  /** Its server, deleted while the list polled (which stopped it), was brought back by an undo: it polls again. */
  serverBack(): void {
    if (this.state === 'stopped' && this.reason === 'NotFound' && this.list.active) this.setActive(true);
  }

  /** Runs a cycle now (or joins the one running) and resolves when it has finished. */
  async pollNow(): Promise<void> {
    if (this.cycle) return this.cycle;
    this.clearTimer();
    await this.runCycle();
  }

  summary(): WatchListSummary {
    const counts = { ...(this.counts ??= countRows(this.tracked.values())) };
    let activeAlerts = 0;
    for (const n of this.deps.activeAlertsOf(this.list.id).values()) activeAlerts += n;
    const { createdAt: _createdAt, ...list } = this.list;
    return {
      ...list,
      profileName: this.profileName,
      state: this.state,
      message: this.message,
      ...(this.messageSaid ? { messageSaid: this.messageSaid } : {}),
      reason: this.reason,
      lastCycleAt: this.lastCycleAt,
      lastCycleMs: this.lastCycleMs,
      nextCycleAt: this.nextCycleAt,
      counts,
      activeAlerts,
      seq: nextSummarySeq(),
    };
  }

  /** The summary to push: with the device ids the first time after they changed, without them after that. */
  private pushedSummary(): WatchListChange {
    const summary: WatchListChange = this.summary();
    if (this.idsPushed) summary.deviceIds = null;
    this.idsPushed = true;
    return summary;
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
    this.tell(null);
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
      this.stop(said('agents.watchState.stoppedNoProfile'), isAppFailure(error) ? error.kind : 'NotFound');
      return;
    }

    // One options object for the whole pass, not one per read.
    const reading = { signal: abort.signal };
    const steps = this.steps;
    const { successes, unreachable: unreachableRows, refusal, outage } = await pollDevices({
      // The records themselves, in the list's order: an answer is applied to its device's record without a lookup.
      devices: [...this.tracked.values()],
      concurrency: this.list.concurrency,
      abort,
      read: (tracked) => client.getCameraAgent(tracked.id, reading),
      observe: (tracked, device) => steps.observe(tracked, device),
      fail: (tracked, error) => steps.fail(tracked, error),
    });
    if (this.abort === abort) this.abort = null;
    // Disposed, or halted or stopped while the cycle ran. (A list switched off can still be polled once on demand.)
    if (this.disposed || this.state !== 'polling') return;

    if (refusal !== null) {
      const forbidden = isAppFailure(refusal) && refusal.kind === 'Forbidden';
      // No token stored is not the server refusing one: say which, so the operator adds rather than replaces it.
      const noToken = isAppFailure(refusal) && refusal.appError.kind === 'Unauthorized' && refusal.appError.data?.reason === 'no-token';
      const sentence = forbidden ? 'agents.watchState.stoppedForbidden' : noToken ? 'agents.watchState.stoppedNoToken' : 'agents.watchState.stoppedUnauthorized';
      this.stop(said(sentence), forbidden ? 'Forbidden' : 'Unauthorized');
      return;
    }
    const firstUnreachable = unreachableRows[0]?.error;
    if (outage !== null || (successes === 0 && firstUnreachable !== undefined)) {
      const cause = outage ?? firstUnreachable;
      const detail = isAppFailure(cause) ? (cause.appError.said ?? cause.appError.message) : '';
      // The devices asked could not be read: their rules see no data (a firing alert stays firing).
      for (const { device } of unreachableRows) steps.noData(device);
      this.state = 'paused';
      this.reason = isAppFailure(cause) ? cause.kind : 'Offline';
      this.tell(said('agents.watchState.paused', { detail }));
      if (!wasPaused) log.warn('agents', `watch list ${this.list.name} paused: the server cannot be reached`);
      this.lastCycleMs = this.deps.now() - started;
      this.schedule(Math.min(this.list.intervalSec, PAUSED_RETRY_SEC) * 1000);
      this.changed();
      return;
    }
    // The server answered: devices that alone did not answer are failed rows.
    for (const { device, error } of unreachableRows) steps.fail(device, error);
    this.state = this.list.active ? 'waiting' : 'idle';
    this.tell(null);
    this.reason = null;
    this.lastCycleAt = new Date(this.deps.now()).toISOString();
    this.lastCycleMs = this.deps.now() - started;
    this.schedule(this.list.intervalSec * 1000);
    this.changed();
  }

  /** The list's sentence, kept as how it was said too. */
  private tell(sentence: Said | null): void {
    this.message = sentence ? say(sentence) : null;
    this.messageSaid = sentence;
  }

  private stop(sentence: Said, reason: AppErrorKind): void {
    this.clearTimer();
    this.state = 'stopped';
    this.tell(sentence);
    this.reason = reason;
    this.nextCycleAt = null;
    log.warn('agents', `watch list ${this.list.name} stopped (${reason})`);
    this.changed();
  }
}
