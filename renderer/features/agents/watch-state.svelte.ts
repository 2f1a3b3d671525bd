import type { AlertList, WatchListInput, WatchListSummary, WatchView } from '../../../preload/contract/agents';
import type { AppError } from '../../../preload/contract/app-error';
import { api } from '../../lib/api';

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

  /** Subscribes to main's events; call from an $effect and return the result. */
  connect(): () => void {
    const offChanged = api.on('watch.changed', (summary) => {
      const index = this.lists.findIndex((l) => l.id === summary.id);
      if (index >= 0) this.lists[index] = summary;
      else this.lists = [...this.lists, summary];
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
    this.lists = result.value;
    if (!this.selectedId && result.value[0]) this.select(result.value[0].id);
  }

  select(id: string | null): void {
    this.selectedId = id;
    this.view = null;
    if (id) void this.loadView();
  }

  async loadView(): Promise<void> {
    const id = this.selectedId;
    if (!id) return;
    const request = ++this.#viewRequest;
    const result = await api.agents.watchView({ id });
    // An answer for a list that is no longer open (or an older answer) is dropped.
    if (request !== this.#viewRequest || id !== this.selectedId) return;
    if (result.ok) this.view = result.value;
    else this.failure = result.error;
  }

  async loadAlerts(): Promise<void> {
    const result = await api.agents.alerts();
    if (result.ok) this.alerts = result.value;
  }

  /** Saves the list; answers the error (with field errors) or null. */
  async save(input: WatchListInput): Promise<AppError | null> {
    const result = await api.agents.watchSave(input);
    if (!result.ok) return result.error;
    await this.loadLists();
    this.select(result.value.id);
    return null;
  }

  async remove(id: string): Promise<void> {
    const result = await api.agents.watchDelete({ id });
    if (!result.ok) {
      this.failure = result.error;
      return;
    }
    this.selectedId = null;
    this.view = null;
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

  async acknowledge(alertIds: string[] | 'all'): Promise<void> {
    const result = await api.agents.acknowledge(alertIds === 'all' ? { all: true } : { alertIds });
    if (result.ok) this.alerts = result.value;
    else this.failure = result.error;
  }
}
