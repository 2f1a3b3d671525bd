import type { Bridge } from '../../../preload/contract';
import type { AlertList, WatchAlert, WatchListInput, WatchListSummary, WatchRow } from '../../../preload/contract/agents';
import { WATCH_WINDOW_MAX, watchSortColumns, type WatchRowChanges, type WatchSort, type WatchSortColumn, type WatchWindow } from '../../../preload/contract/agents-watch';
import type { AppError } from '../../../preload/contract/app-error';
import { coalesced } from '../../lib/coalesced';
import { t } from '../../lib/i18n.svelte';
import { UndoOffer } from '../../lib/undo-offer.svelte';
import { ReadOrder } from '../../lib/read-order';
import { RowWindow } from '../../lib/row-window.svelte';
import type { SortState } from '../../lib/ui/table';
import { mergedLists, withSummary } from './watch-summaries';

type WatchQuery = { sort: WatchSort; filter: string };
export type WatchRows = RowWindow<WatchRow, WatchQuery, WatchWindow>;

const isWatchColumn = (column: string): column is WatchSortColumn => (watchSortColumns as readonly string[]).includes(column);
const deviceKey = (row: WatchRow) => row.deviceId;

/** The alerts with their count of active, unacknowledged ones. */
const counted = (alerts: WatchAlert[]): AlertList => ({ alerts, unacknowledged: alerts.filter((a) => a.clearedAt === null && a.acknowledgedAt === null).length });

/** Alerts newest first with the changed ones taken in: a known alert is replaced, a new one goes on top. */
export function withAlertChanges(list: AlertList, changes: readonly WatchAlert[]): AlertList {
  const changed = new Map(changes.map((a) => [a.id, a]));
  const kept = list.alerts.map((a) => changed.get(a.id) ?? a);
  const known = new Set(list.alerts.map((a) => a.id));
  const added = changes.filter((a) => !known.has(a.id)).reverse();
  return counted(added.length > 0 ? [...added, ...kept] : kept);
}

/** The list without the alerts of `listIds`. */
function withoutAlertsOf(list: AlertList, listIds: ReadonlySet<string>): AlertList {
  return counted(list.alerts.filter((a) => !listIds.has(a.listId)));
}

/** How far an alert has gone: raised, then acknowledged and cleared (in either order); it never goes back. */
const progressOf = (a: WatchAlert) => (a.clearedAt === null ? 0 : 2) + (a.acknowledgedAt === null ? 0 : 1);

/**
 * The list with pushed copies of alerts laid over it: the whole list as main answered it with those pushed while the
 * answer was on its way, or the list shown with one event. Answers and events come by different channels, so any copy
 * may be the newer: of the copies of one alert (the list's and the pushed ones, which may have arrived out of order),
 * the one further along is kept.
 */
export function withPushedAlerts(list: AlertList, pushed: readonly WatchAlert[]): AlertList {
  if (pushed.length === 0) return list;
  const answered = new Map(list.alerts.map((a) => [a.id, a]));
  const newer = new Map<string, WatchAlert>();
  for (const a of pushed) {
    const known = newer.get(a.id) ?? answered.get(a.id);
    if (known === undefined || progressOf(a) >= progressOf(known)) newer.set(a.id, a);
  }
  return withAlertChanges(list, [...newer.values()]);
}

/**
 * The watch lists and the alerts, kept current by main's events: the screen never polls the devices itself. Main keeps
 * every row; the page holds the window its table shows (`rows`), patched with the rows a cycle pushes (`watch.rows`),
 * and takes in the alerts raised and cleared (`watch.alerts`). A page that fell behind (`events.resync`) reads once.
 */
export class WatchState {
  /** Replaced, never changed in place (a summary carries up to 5,000 device ids: no deep proxies for them). */
  lists = $state.raw<WatchListSummary[]>([]);
  selectedId = $state<string | null>(null);
  /** The open list's rows, one window of them; null with no list open. */
  rows = $state.raw<WatchRows | null>(null);
  alerts = $state.raw<AlertList>({ alerts: [], unacknowledged: 0 });
  failure = $state<AppError | null>(null);
  /**
   * Alerts pushed while a read of the whole list (or an acknowledgement, which answers it) is in flight: laid over its
   * answer, which may have left main before them. An alert raised during a read was lost from the list otherwise.
   */
  #pushedDuringReads: WatchAlert[] = [];
  #readsInFlight = 0;
  /**
   * Lists this page deleted (until their Undo). Main drops their alerts with them, but an event that left main before
   * the delete may arrive after it (another channel than the answers): its alerts would be shown for a list gone.
   */
  readonly #deleted = new Set<string>();
  #query: WatchQuery = { sort: null, filter: '' };
  // Pushed changes under a sort or filter can move rows: the window is read again, at most once in flight plus once.
  #reread: (() => Promise<void>) | null = null;
  readonly #alertsReader = coalesced(() => this.#readAlerts());

  /** The list deleted last, while it can be brought back. */
  readonly undo: UndoOffer;
  readonly #listReads = new ReadOrder();

  constructor(private readonly api: Bridge) {
    this.undo = new UndoOffer((id) => api.agents.watchRestore({ id }));
  }

  /** Subscribes to main's events; call from an $effect and return the result. */
  connect(): () => void {
    const offs = [
      this.api.on('watch.changed', (summary) => {
        const lists = withSummary(this.lists, summary);
        // A list this page has not seen, pushed without its device ids: read with the lists instead.
        if (lists === this.lists && !lists.some((l) => l.id === summary.id)) void this.loadLists();
        else this.lists = lists;
      }),
      this.api.on('watch.rows', (changes) => this.#applyRows(changes)),
      this.api.on('watch.alerts', (event) => {
        const alerts = event.alerts.filter((a) => !this.#deleted.has(a.listId));
        // An acknowledgement's answer may have arrived before an event that left main earlier (a clear): not undone.
        this.alerts = withPushedAlerts(this.alerts, alerts);
        this.#heardDuringReads(alerts);
      }),
      this.api.on('events.resync', () => void this.resync()),
    ];
    void this.loadLists();
    void this.loadAlerts();
    return () => {
      for (const off of offs) off();
      this.rows?.dispose();
    };
  }

  get selected(): WatchListSummary | null {
    return this.lists.find((l) => l.id === this.selectedId) ?? null;
  }

  /** Reads the lists; an answer older than the one shown is dropped (a list brought back by Undo would vanish). */
  async loadLists(): Promise<void> {
    const fresh = this.#listReads.begin();
    const result = await this.api.agents.watchLists();
    if (!fresh()) return;
    if (!result.ok) {
      this.failure = result.error;
      return;
    }
    this.lists = mergedLists(this.lists, result.value);
    if (!this.selectedId && result.value[0]) this.select(result.value[0].id);
  }

  select(id: string | null): void {
    if (id === this.selectedId && this.rows) return;
    this.selectedId = id;
    this.rows?.dispose();
    this.rows = null;
    this.#reread = null;
    if (!id) return;
    const rows: WatchRows = new RowWindow(
      (query, offset, limit) => this.api.agents.watchRows({ listId: id, offset, limit, ...query }),
      this.#query,
      { max: WATCH_WINDOW_MAX },
    );
    this.rows = rows;
    this.#reread = coalesced(() => rows.refresh());
    void rows.refresh();
  }

  /** The table's sort and the filter text: main answers the window for them (a typed filter after a pause). */
  setQuery(sort: SortState, filter: string): void {
    const typed = filter !== this.#query.filter;
    this.#query = { sort: sort && isWatchColumn(sort.column) ? { column: sort.column, direction: sort.direction } : null, filter };
    this.rows?.setQuery(this.#query, typed);
  }

  #applyRows(changes: WatchRowChanges): void {
    const rows = this.rows;
    if (!rows || changes.listId !== this.selectedId) return;
    if (changes.rows === null) {
      void this.#reread?.();
      return;
    }
    rows.patch(changes.rows, deviceKey);
    // A changed row may now sort elsewhere or pass the filter differently.
    if (this.#query.sort !== null || this.#query.filter.trim() !== '') void this.#reread?.();
  }

  /** The page missed events: the lists, the open window and the alerts are read once. */
  async resync(): Promise<void> {
    await Promise.all([this.loadLists(), this.#reread?.(), this.loadAlerts()]);
  }

  /** Re-reads the alerts (coalesced: one read in flight, one trailing). */
  loadAlerts(): Promise<void> {
    return this.#alertsReader();
  }

  async #readAlerts(): Promise<void> {
    const result = await this.#wholeAlerts(() => this.api.agents.alerts());
    if (result.ok) this.alerts = result.value;
  }

  #heardDuringReads(alerts: readonly WatchAlert[]): void {
    if (this.#readsInFlight > 0) this.#pushedDuringReads.push(...alerts);
  }

  /** A call that answers the whole alert list, its answer with the alerts pushed meanwhile laid over it. */
  async #wholeAlerts<R extends { ok: true; value: AlertList } | { ok: false; error: AppError }>(call: () => Promise<R>): Promise<R> {
    const from = this.#pushedDuringReads.length;
    this.#readsInFlight += 1;
    try {
      const result = await call();
      return result.ok ? { ...result, value: this.#withoutDeleted(withPushedAlerts(result.value, this.#pushedDuringReads.slice(from))) } : result;
    } finally {
      this.#readsInFlight -= 1;
      if (this.#readsInFlight === 0) this.#pushedDuringReads = [];
    }
  }

  /** The list without alerts of lists this page deleted (an answer that left main before the delete still has them). */
  #withoutDeleted(list: AlertList): AlertList {
    return list.alerts.some((a) => this.#deleted.has(a.listId)) ? withoutAlertsOf(list, this.#deleted) : list;
  }

  /** Saves the list and opens it; answers its id, or the error (with field errors). */
  async save(input: WatchListInput): Promise<{ ok: true; id: string } | { ok: false; error: AppError }> {
    const result = await this.api.agents.watchSave(input);
    if (!result.ok) return result;
    // A save ends the alerts of devices taken off the list and of rules changed or removed: main clears them as it
    // saves, without a `watch.alerts` event, so the alerts are read again (or they would still show as active).
    await Promise.all([this.loadLists(), this.loadAlerts()]);
    this.select(result.value.id);
    return { ok: true, id: result.value.id };
  }

  async remove(id: string): Promise<void> {
    const name = this.lists.find((l) => l.id === id)?.name ?? '';
    const result = await this.api.agents.watchDelete({ id });
    if (!result.ok) {
      this.failure = result.error;
      return;
    }
    this.undo.offer(() => t('agents.watch.deleted', { name }), id);
    this.#deleted.add(id);
    this.alerts = this.#withoutDeleted(this.alerts);
    this.select(null);
    await this.loadLists();
    await this.loadAlerts();
  }

  /** Brings the deleted list back and opens it. */
  async runUndo(): Promise<void> {
    const id = this.undo.token;
    if (!id || !(await this.undo.run())) return;
    // Back without its past alerts: the alerts it raises from now on are new ones.
    this.#deleted.delete(id);
    await this.loadLists();
    this.select(id);
  }

  async setActive(id: string, active: boolean): Promise<void> {
    const result = await this.api.agents.watchSetActive({ id, active });
    if (!result.ok) this.failure = result.error;
  }

  async pollNow(id: string): Promise<void> {
    const result = await this.api.agents.watchPollNow({ id });
    if (!result.ok) this.failure = result.error;
  }

  /** Acknowledges alerts; answers whether it worked (the panel then moves the focus on). */
  async acknowledge(alertIds: string[] | 'all'): Promise<boolean> {
    const result = await this.#wholeAlerts(() => this.api.agents.acknowledge(alertIds === 'all' ? { all: true } : { alertIds }));
    if (result.ok) {
      this.alerts = result.value;
      // A read of the list still in flight left main before this acknowledgement.
      this.#heardDuringReads(result.value.alerts);
      return true;
    }
    this.failure = result.error;
    return false;
  }
}
