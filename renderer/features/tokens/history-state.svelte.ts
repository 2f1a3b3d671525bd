import type { Bridge } from '../../../preload/contract';
import type { AppError } from '../../../preload/contract/app-error';
import type { HistoryView, IssuedTokenView } from '../../../preload/contract/tokens';
import { downloadText } from '../../lib/download';
import { t } from '../../lib/i18n.svelte';
import { UndoOffer } from '../../lib/undo-offer.svelte';

/** The token history as the screen shows it: a search, a selection for export, and the recent streams. */
export class HistoryState {
  /**
   * Replaced whole on every load, never changed in place: raw, so 500 entries are not wrapped in proxies. The table
   * is virtualised and keyed by id, so a new answer redraws only the rows in view that changed.
   */
  #view = $state.raw<HistoryView | null>(null);
  #error = $state<AppError | null>(null);
  #selected = $state<ReadonlySet<string>>(new Set());
  #loading = $state(false);
  search = $state('');
  #searchTimer: ReturnType<typeof setTimeout> | null = null;
  /** Numbers each load; an answer that is not from the latest one is dropped, so a slow early search cannot win. */
  #request = 0;

  /** The last clear, while it can be undone. */
  readonly undo: UndoOffer;

  /** `save` offers an export as a file (a download in the page; tests pass a recorder). */
  constructor(
    private readonly api: Bridge,
    private readonly save: (filename: string, text: string) => void = downloadText,
  ) {
    this.undo = new UndoOffer(() => api.tokens.undoClearHistory());
  }

  /** The loaded entries, newest first. */
  get entries(): IssuedTokenView[] {
    return this.#view?.entries ?? [];
  }
  /** Every entry the last load brought (what "showing the newest N" counts). */
  get loaded(): number {
    return this.#view?.entries.length ?? 0;
  }
  get total(): number {
    return this.#view?.total ?? 0;
  }
  get matched(): number {
    return this.#view?.matched ?? 0;
  }
  get recentStreams(): string[] {
    return this.#view?.recentStreams ?? [];
  }
  get unreadable(): string | null {
    return this.#view?.unreadable ?? null;
  }
  /** Damaged records cut off the history (or the backup of a cleared unreadable one) this session. */
  get setAside(): HistoryView['setAside'] {
    return this.#view?.setAside ?? null;
  }
  /** Batches an earlier run stopped in the middle of (a crash): issued and not. */
  get interrupted(): HistoryView['interrupted'] {
    return this.#view?.interrupted ?? [];
  }
  get sessionOnly(): boolean {
    return this.#view?.sessionOnly ?? false;
  }
  get error(): AppError | null {
    return this.#error;
  }
  get loading(): boolean {
    return this.#loading;
  }
  get selected(): ReadonlySet<string> {
    return this.#selected;
  }

  async load(): Promise<void> {
    const request = ++this.#request;
    this.#loading = true;
    const result = await this.api.tokens.history({ search: this.search });
    if (request !== this.#request) return;
    this.#loading = false;
    if (result.ok) {
      this.#view = result.value;
      this.#error = null;
      const visible = new Set(result.value.entries.map((entry) => entry.id));
      this.#selected = new Set([...this.#selected].filter((id) => visible.has(id)));
    } else {
      this.#error = result.error;
    }
  }

  /** Searching as one types, without a call per keystroke. */
  searchSoon(): void {
    if (this.#searchTimer) clearTimeout(this.#searchTimer);
    this.#searchTimer = setTimeout(() => {
      this.#searchTimer = null;
      void this.load();
    }, 200);
  }

  toggle(id: string, on: boolean): void {
    const next = new Set(this.#selected);
    if (on) next.add(id);
    else next.delete(id);
    this.#selected = next;
  }

  selectAll(on: boolean): void {
    this.#selected = on ? new Set((this.#view?.entries ?? []).map((entry) => entry.id)) : new Set();
  }

  async setNote(id: string, note: string): Promise<AppError | null> {
    const result = await this.api.tokens.setNote({ id, note });
    if (!result.ok) return result.error;
    if (this.#view) this.#view = { ...this.#view, entries: this.#view.entries.map((entry) => (entry.id === id ? result.value : entry)) };
    return null;
  }

  /** Lists an interrupted batch's issued tokens (the history search matches batch ids). */
  showBatch(batchId: string): void {
    this.search = batchId;
    void this.load();
  }

  async dismissInterrupted(batchId: string): Promise<AppError | null> {
    const result = await this.api.tokens.dismissInterrupted({ batchId });
    if (!result.ok) return result.error;
    if (this.#view) this.#view = { ...this.#view, interrupted: this.#view.interrupted.filter((batch) => batch.batchId !== batchId) };
    return null;
  }

  async exportSelected(): Promise<AppError | null> {
    const result = await this.api.tokens.exportCsv({ ids: [...this.#selected] });
    if (!result.ok) return result.error;
    this.save(result.value.filename, result.value.csv);
    return null;
  }

  async clear(): Promise<AppError | null> {
    const count = this.total;
    const result = await this.api.tokens.clearHistory({ confirm: true });
    if (!result.ok) return result.error;
    this.#selected = new Set();
    this.undo.offer(() => t('tokens.history.clearedCount', { count }), 'clear');
    await this.load();
    return null;
  }

  /** Brings the cleared history back, and shows it. */
  async runUndo(): Promise<void> {
    if (await this.undo.run()) await this.load();
  }
}
