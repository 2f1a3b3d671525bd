import {
  ALERT_STATES_WINDOW_MAX,
  alertStateSortColumns,
  type AlertStateSort,
  type AlertStateSortColumn,
  type AlertStatesWindow,
  type AlertStateView,
} from '../../../preload/contract/agents-alerts';
import type { AppError, Result } from '../../../preload/contract/app-error';
import type { Bridge } from '../../../preload/contract';
import { coalesced } from '../../lib/coalesced';
import { downloadText } from '../../lib/download';
import { RowWindow } from '../../lib/row-window.svelte';
import type { SortState } from '../../lib/ui/table';

/** How long "Snooze" keeps an alert quiet. */
export const SNOOZE_MS = 3_600_000;

type AlertStatesQuery = { sort: AlertStateSort; filter: string };
export type AlertStateRows = RowWindow<AlertStateView, AlertStatesQuery, AlertStatesWindow>;

const isAlertColumn = (column: string): column is AlertStateSortColumn => (alertStateSortColumns as readonly string[]).includes(column);

/**
 * The alert states of one watch list (Normal ones are not listed). A list of 5,000 devices can have thousands of them:
 * main keeps them and the page holds the window its table shows (`rows`), read again (that window only) whenever main
 * says the list's states changed, and after the operator acknowledges, snoozes or mutes.
 */
export class AlertStates {
  /** The open list's states, one window of them; null before the first read. */
  rows = $state.raw<AlertStateRows | null>(null);
  /** What an acknowledge, snooze, mute or export was refused for. */
  failure = $state<AppError | null>(null);
  busy = $state(false);
  #query: AlertStatesQuery = { sort: null, filter: '' };
  #reread: (() => Promise<void>) | null = null;

  constructor(
    private readonly api: Bridge,
    private readonly listId: () => string | null,
    private readonly download: (filename: string, text: string) => void = downloadText,
  ) {}

  /** The states the page holds now (the window in view and its margin). */
  get states(): AlertStateView[] {
    return this.rows?.rows ?? [];
  }

  /** What the panel says went wrong: a refused action, or a window that could not be read. */
  get error(): AppError | null {
    return this.failure ?? this.rows?.error ?? null;
  }

  /** Opens the current list's window and re-reads it on every change main announces; returns the unsubscribe. */
  connect(): () => void {
    void this.load();
    const offs = [
      this.api.on('watch.alertStates', ({ listIds }) => {
        const id = this.listId();
        if (id && listIds.includes(id)) void this.#reread?.();
      }),
      // A page that fell behind the event stream (the web host) may have missed announcements: the window is read once.
      this.api.on('events.resync', () => void this.#reread?.()),
    ];
    return () => {
      for (const off of offs) off();
      this.rows?.dispose();
    };
  }

  /** Opens the window of the list `listId()` names (or none), and reads it. */
  async load(): Promise<void> {
    this.rows?.dispose();
    this.rows = null;
    this.#reread = null;
    const listId = this.listId();
    if (!listId) return;
    const rows: AlertStateRows = new RowWindow(
      (query, offset, limit) => this.api.agents.alertStatesWindow({ listId, offset, limit, ...query }),
      this.#query,
      { max: ALERT_STATES_WINDOW_MAX },
    );
    this.rows = rows;
    // A burst of commits costs one read in flight plus one, each of the window only.
    this.#reread = coalesced(() => rows.refresh());
    await this.#reread();
  }

  /** The table's sort and the filter text: main answers the window for them (a typed filter after a pause). */
  setQuery(sort: SortState, filter: string): void {
    const typed = filter !== this.#query.filter;
    this.#query = { sort: sort && isAlertColumn(sort.column) ? { column: sort.column, direction: sort.direction } : null, filter };
    this.rows?.setQuery(this.#query, typed);
  }

  // The channels answer at most the changed state; the page reads its window again (the state's place in the sort may
  // have moved, and a mute changes every state of the device).
  private async apply(call: Promise<Result<unknown>>): Promise<boolean> {
    this.busy = true;
    const result = await call;
    if (result.ok) await this.#reread?.();
    this.busy = false;
    if (!result.ok) {
      this.failure = result.error;
      return false;
    }
    this.failure = null;
    return true;
  }

  acknowledge(state: AlertStateView, note: string): Promise<boolean> {
    return this.apply(this.api.agents.alertAcknowledge({ listId: state.listId, deviceId: state.deviceId, ruleId: state.ruleId, note }));
  }

  snooze(state: AlertStateView, now: number): Promise<boolean> {
    const until = state.snoozedUntil !== null && state.snoozedUntil > now ? null : now + SNOOZE_MS;
    return this.apply(this.api.agents.alertSnooze({ listId: state.listId, deviceId: state.deviceId, ruleId: state.ruleId, until }));
  }

  mute(state: AlertStateView): Promise<boolean> {
    return this.apply(this.api.agents.deviceMute({ listId: state.listId, deviceId: state.deviceId, muted: !state.muted }));
  }

  async exportLog(listName: string): Promise<void> {
    const listId = this.listId();
    if (!listId) return;
    const result = await this.api.agents.alertLogCsv({ listId });
    if (!result.ok) {
      this.failure = result.error;
      return;
    }
    this.download(`alert-log-${listName.replace(/[^\p{L}\p{N}_-]+/gu, '-')}.csv`, result.value);
  }
}
