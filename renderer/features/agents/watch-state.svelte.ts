import type { AlertList, WatchListInput, WatchListSummary, WatchView } from '../../../preload/contract/agents';
import type { AppError } from '../../../preload/contract/app-error';
import { api } from '../../lib/api';
import { coalesced } from '../../lib/coalesced';
import { mergedLists, withSummary } from './watch-summaries';

/**
 * The watch lists and the alerts, kept current by main's events (`watch.changed`, `watch.alert`): the screen never
 * polls the devices itself; it re-reads the open list's rows when main says a cycle finished.
 */
export class WatchState {
  lists = $state<WatchListSummary[]>([]);
  selectedId = $state<string | null>(null);
  view = $state<WatchView | null>(null);
  alerts = $state<AlertList>({ alerts: [], unacknowledged: 0 });
  failure = $state<AppError | null>(null);
  #viewRequest = 0;
  #alertsVersion = 0;
  // Event storms (a cycle over thousands of devices raises and clears alerts by the hundred) re-read each list at most
  // once in flight plus once after it, instead of once per event.
  readonly #alertsReader = coalesced(() => this.#readAlerts());
  readonly #viewReaders = new Map<string, () => Promise<void>>();

  /** Subscribes to main's events; call from an $effect and return the result. */
  connect(): () => void {
    const offChanged = api.on('watch.changed', (summary) => {
      this.lists = withSummary(this.lists, summary);
      if (summary.id === this.selectedId) void this.loadView();
    });
    const offAlert = api.on('watch.alert', () => void this.loadAlerts());
    void this.loadLists();
    void this.loadAlerts();
    return () => {
      offChanged();
      offAlert();
    };
  }

  get selected(): WatchListSummary | null {
    return this.lists.find((l) => l.id === this.selectedId) ?? null;
  }

  async loadLists(): Promise<void> {
    const result = await api.agents.watchLists();
    if (!result.ok) {
      this.failure = result.error;
      return;
    }
    this.lists = mergedLists(this.lists, result.value);
    if (!this.selectedId && result.value[0]) this.select(result.value[0].id);
  }

  select(id: string | null): void {
    this.selectedId = id;
    this.view = null;
    if (id) void this.loadView();
  }

  /** Re-reads the open list's rows (coalesced per list: one read in flight, one trailing). */
  loadView(): Promise<void> {
    const id = this.selectedId;
    if (!id) return Promise.resolve();
    let reader = this.#viewReaders.get(id);
    if (!reader) {
      reader = coalesced(() => this.#readView(id));
      this.#viewReaders.set(id, reader);
    }
    return reader();
  }

  async #readView(id: string): Promise<void> {
    if (id !== this.selectedId) return;
    const request = ++this.#viewRequest;
    const result = await api.agents.watchView({ id });
    // An answer for a list that is no longer open (or an older answer) is dropped.
    if (request !== this.#viewRequest || id !== this.selectedId) return;
    if (result.ok) this.view = result.value;
    else this.failure = result.error;
  }

  /** Re-reads the alerts (coalesced: one read in flight, one trailing). */
  loadAlerts(): Promise<void> {
    return this.#alertsReader();
  }

  async #readAlerts(): Promise<void> {
    const version = this.#alertsVersion;
    const result = await api.agents.alerts();
    // An acknowledgement answered meanwhile is newer than this read.
    if (result.ok && version === this.#alertsVersion) this.alerts = result.value;
  }

  /** Saves the list and opens it; answers its id, or the error (with field errors). */
  async save(input: WatchListInput): Promise<{ ok: true; id: string } | { ok: false; error: AppError }> {
    const result = await api.agents.watchSave(input);
    if (!result.ok) return result;
    await this.loadLists();
    this.select(result.value.id);
    return { ok: true, id: result.value.id };
  }

  async remove(id: string): Promise<void> {
    const result = await api.agents.watchDelete({ id });
    if (!result.ok) {
      this.failure = result.error;
      return;
    }
    this.selectedId = null;
    this.view = null;
    this.#viewReaders.delete(id);
    await this.loadLists();
    await this.loadAlerts();
  }

  async setActive(id: string, active: boolean): Promise<void> {
    const result = await api.agents.watchSetActive({ id, active });
    if (!result.ok) this.failure = result.error;
  }

  async pollNow(id: string): Promise<void> {
    const result = await api.agents.watchPollNow({ id });
    if (!result.ok) this.failure = result.error;
    else await this.loadView();
  }

  /** Acknowledges alerts; answers whether it worked (the panel then moves the focus on). */
  async acknowledge(alertIds: string[] | 'all'): Promise<boolean> {
    const result = await api.agents.acknowledge(alertIds === 'all' ? { all: true } : { alertIds });
    if (result.ok) {
      this.#alertsVersion += 1;
      this.alerts = result.value;
      return true;
    }
    this.failure = result.error;
    return false;
  }
}
