import type { AppError } from '../../../preload/contract/app-error';
import type { Bridge } from '../../../preload/contract';
import type { OutboxEntry, OutboxSummary, OutboxView } from '../../../preload/contract/onboarding';
import { t } from '../../lib/i18n.svelte';
import { UndoOffer } from '../../lib/undo-offer.svelte';

/**
 * The outbox as the screen and the header see it: the summary pushed by main on every change (`outbox.changed`), and
 * the entry list read again when a change arrives while a panel shows it, or when the page's event stream fell behind
 * (`events.resync`: pushes were dropped, so the summary is read once). Stale answers are dropped by a counter.
 */
export class OutboxState {
  summary = $state<OutboxSummary | null>(null);
  view = $state.raw<OutboxView | null>(null);
  failure = $state<AppError | null>(null);
  /** The last remove or "Clear created", while it can be undone. */
  readonly undo: UndoOffer;
  #watchers = 0;
  #listWatchers = 0;
  #request = 0;
  #reading: Promise<void> | null = null;
  #readAgain = false;
  /** Summaries pushed so far: one pushed while a read of the summary was out is newer than what that read answers. */
  #pushes = 0;
  #off: Array<() => void> = [];

  constructor(private readonly api: Bridge) {
    this.undo = new UndoOffer((undo) => api.onboarding.undo({ undo }));
  }

  get entries(): OutboxEntry[] {
    return this.view?.entries ?? [];
  }

  /** How many entries the outbox holds in all (more than the list shows when it is long). */
  get total(): number {
    return this.view?.total ?? this.entries.length;
  }

  /** Starts following the pushed summary; returns the stop function (for `$effect`). */
  watch(): () => void {
    this.#watchers += 1;
    if (this.#watchers === 1) {
      this.#off = [
        this.api.on('outbox.changed', (summary) => {
          this.#pushes += 1;
          this.summary = summary;
          if (this.#listWatchers > 0) void this.reload();
        }),
        this.api.on('events.resync', () => void this.#catchUp()),
      ];
      void this.#catchUp();
    }
    return () => {
      this.#watchers -= 1;
      if (this.#watchers === 0) {
        for (const off of this.#off) off();
        this.#off = [];
      }
    };
  }

  /** Keeps the entry list loaded while a panel shows it. */
  watchList(): () => void {
    const stop = this.watch();
    this.#listWatchers += 1;
    void this.reload();
    return () => {
      this.#listWatchers -= 1;
      stop();
    };
  }

  /**
   * Reads the list again. Changes pushed while a read is out are taken by one more read after it (an import pushes
   * about ten a second: the list is read at most once at a time, never once per push).
   */
  reload(): Promise<void> {
    if (this.#reading) {
      this.#readAgain = true;
      return this.#reading;
    }
    this.#reading = this.#read().finally(() => {
      this.#reading = null;
      if (this.#readAgain) {
        this.#readAgain = false;
        void this.reload();
      }
    });
    return this.#reading;
  }

  async #read(): Promise<void> {
    const request = ++this.#request;
    const answer = await this.api.outbox.list();
    if (request !== this.#request) return;
    if (answer.ok) this.#take(answer.value);
    else this.failure = answer.error;
  }

  /** Tries every waiting entry (or one) now instead of at its backoff time. */
  retry(id?: string): Promise<void> {
    return this.#act(this.api.outbox.retry(id ? { id } : {}));
  }

  /** Takes an entry out; the answer's undo is offered. */
  discard(entry: OutboxEntry): Promise<void> {
    // Named, so after several removes the note says which camera its Undo brings back.
    const name = entry.request.name ?? t('onboarding.outbox.unreadableName');
    return this.#act(this.api.outbox.discard({ id: entry.id }), () => t('onboarding.outbox.removed', { name }));
  }

  clearCreated(): Promise<void> {
    return this.#act(this.api.outbox.clearCreated(), () => t('onboarding.outbox.cleared'));
  }

  /** Runs the offered undo and shows the list as it is then (a read already out answers for before the undo: dropped). */
  async runUndo(): Promise<void> {
    if (await this.undo.run()) await this.#read();
  }

  /** One entry with its password, to reopen it in the wizard; null (and the failure shown) when it cannot be read. */
  async entry(id: string): Promise<OutboxEntry | null> {
    const answer = await this.api.outbox.get({ id });
    if (answer.ok) return answer.value;
    this.failure = answer.error;
    return null;
  }

  async #act(call: ReturnType<Bridge['outbox']['list']>, done?: () => string): Promise<void> {
    const answer = await call;
    if (!answer.ok) {
      this.failure = answer.error;
      return;
    }
    this.#request += 1;
    this.#take(answer.value);
    if (done && answer.value.undo) this.undo.offer(done, answer.value.undo);
  }

  #take(view: OutboxView): void {
    this.view = view;
    this.summary = view.summary;
    this.failure = null;
  }

  /** The summary (and the list, while shown) read once: at the start, and after pushes were dropped. */
  async #catchUp(): Promise<void> {
    if (this.#listWatchers > 0) return this.reload();
    const pushes = this.#pushes;
    const answer = await this.api.outbox.summary();
    // Every change is pushed, so a push that came while this read was out holds the count as it is now: the answer
    // (by another channel) may have left main before that change.
    if (answer.ok && pushes === this.#pushes) this.summary = answer.value;
  }
}
