import type { OutboxEntry } from '../../preload/contract/onboarding';
import { AppFailure } from '../shared/app-failure';
import { t } from '../shared/i18n';

interface Waiter {
  resolve(entry: OutboxEntry): void;
  reject(error: unknown): void;
  done(): void;
}

/** What `settled` waits for: an answer (created, needs fixing, held), or a failed try that will be retried. */
export function isAnswered(entry: Pick<OutboxEntry, 'state' | 'attempts'>): boolean {
  return entry.state === 'retrying' ? entry.attempts > 0 : entry.state !== 'queued' && entry.state !== 'sending';
}

const gone = () => new AppFailure('NotFound', t('errors.outbox.entryGone'));

/**
 * Callers of `Outbox.settled`, by entry id: each is woken by its entry's committed answer, its time limit or its
 * signal (then with the entry as it is, or NotFound when it was removed meanwhile).
 */
export class Waiters {
  readonly #byId = new Map<string, Waiter[]>();

  wait(id: string, timeoutMs: number, signal: AbortSignal | undefined, current: () => OutboxEntry | undefined): Promise<OutboxEntry> {
    return new Promise<OutboxEntry>((resolve, reject) => {
      const stop = () => {
        waiter.done();
        const entry = current();
        if (entry) resolve(entry);
        else reject(gone());
      };
      const timer = setTimeout(stop, timeoutMs);
      const waiter: Waiter = {
        resolve,
        reject,
        done: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', stop);
          const rest = this.#byId.get(id)?.filter((one) => one !== waiter) ?? [];
          if (rest.length > 0) this.#byId.set(id, rest);
          else this.#byId.delete(id);
        },
      };
      signal?.addEventListener('abort', stop, { once: true });
      this.#byId.set(id, [...(this.#byId.get(id) ?? []), waiter]);
    });
  }

  /** Answers the entry's waiters: with the entry, or NotFound when it is gone. */
  wake(id: string, entry: OutboxEntry | null): void {
    for (const waiter of this.#byId.get(id) ?? []) {
      waiter.done();
      if (entry) waiter.resolve(entry);
      else waiter.reject(gone());
    }
  }

  ids(): string[] {
    return [...this.#byId.keys()];
  }
}
