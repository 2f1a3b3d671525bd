import type { AppError } from '../../../preload/contract/app-error';
import type { OutboxSummary, OutboxView } from '../../../preload/contract/onboarding';
import { api } from '../../lib/api';

/**
 * The outbox as the screen and the header see it: the summary pushed by main on every change (`outbox.changed`), and
 * the entry list reloaded when a change arrives while the list is shown. Stale answers are dropped by a counter.
 */
class OutboxState {
  summary = $state<OutboxSummary | null>(null);
  view = $state<OutboxView | null>(null);
  failure = $state<AppError | null>(null);
  #watchers = 0;
  #listWatchers = 0;
  #request = 0;
  #off: (() => void) | null = null;

  /** Starts following the pushed summary; returns the stop function (for `$effect`). */
  watch(): () => void {
    this.#watchers += 1;
    if (this.#watchers === 1) {
      this.#off = api.on('outbox.changed', (summary) => {
        this.summary = summary;
        if (this.#listWatchers > 0) void this.reload();
      });
      void api.outbox.summary().then((answer) => {
        if (answer.ok) this.summary = answer.value;
      });
    }
    return () => {
      this.#watchers -= 1;
      if (this.#watchers === 0) {
        this.#off?.();
        this.#off = null;
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

  async reload(): Promise<void> {
    const request = ++this.#request;
    const answer = await api.outbox.list();
    if (request !== this.#request) return;
    if (answer.ok) {
      this.view = answer.value;
      this.summary = answer.value.summary;
      this.failure = null;
    } else this.failure = answer.error;
  }

  take(view: OutboxView): void {
    this.#request += 1;
    this.view = view;
    this.summary = view.summary;
  }
}

export const outbox = new OutboxState();
