import type { OutboxEntry } from '../../preload/contract/onboarding';
import { entryGone as gone } from './outbox-requests';

/** What `settled` waits for: an answer (created, needs fixing, held), or a failed try that will be retried. */
export function isAnswered(entry: Pick<OutboxEntry, 'state' | 'attempts'>): boolean {
  return entry.state === 'retrying' ? entry.attempts > 0 : entry.state !== 'queued' && entry.state !== 'sending';
}

/** One caller of `Outbox.settled`: how to answer it, until when it waits, and the next caller waiting on the same entry. */
class Waiter {
  next: Waiter | null = null;
  /** Listens to the caller's signal, when it gave one. */
  onAbort: (() => void) | null = null;

  constructor(
    readonly id: string,
    /** A time of `performance.now()`. */
    readonly deadline: number,
    readonly resolve: (entry: OutboxEntry) => void,
    readonly reject: (error: unknown) => void,
    readonly signal: AbortSignal | undefined,
  ) {}
}

/**
 * Callers of `Outbox.settled`, by entry id: each is woken by its entry's committed answer, its time limit or its
 * signal (then with the entry as `current` reads it, or NotFound when it was removed meanwhile). A thousand-camera
 * import waits on every entry at once: the callers share one timer, armed for the earliest time limit, and each is a
 * plain object with no closures of its own (a timer and two closures per caller were most of a wait's cost).
 */
export class Waiters {
  /** The first caller waiting on each entry; the others follow it through `next`. */
  readonly #byId = new Map<string, Waiter>();
  readonly #current: (id: string) => OutboxEntry | undefined;
  #timer: NodeJS.Timeout | null = null;
  /** When the timer fires, as a time of `performance.now()`. */
  #timerAt = Number.POSITIVE_INFINITY;

  constructor(current: (id: string) => OutboxEntry | undefined) {
    this.#current = current;
  }

  wait(id: string, timeoutMs: number, signal: AbortSignal | undefined): Promise<OutboxEntry> {
    let waiter!: Waiter;
    const promise = new Promise<OutboxEntry>((resolve, reject) => {
      waiter = new Waiter(id, performance.now() + timeoutMs, resolve, reject, signal);
    });
    if (signal) {
      waiter.onAbort = () => this.#stop(waiter);
      signal.addEventListener('abort', waiter.onAbort, { once: true });
    }
    waiter.next = this.#byId.get(id) ?? null;
    this.#byId.set(id, waiter);
    if (waiter.deadline < this.#timerAt) this.#arm(waiter.deadline);
    return promise;
  }

  /** Answers the entry's waiters: with the entry, or NotFound when it is gone. False when nobody waited. */
  wake(id: string, entry: OutboxEntry | null): boolean {
    let waiter: Waiter | null | undefined = this.#byId.get(id);
    if (!waiter) return false;
    this.#byId.delete(id);
    for (; waiter; waiter = waiter.next) {
      this.#unlisten(waiter);
      if (entry) waiter.resolve(entry);
      else waiter.reject(gone());
    }
    this.#disarmWhenIdle();
    return true;
  }

  ids(): string[] {
    return [...this.#byId.keys()];
  }

  /** A caller stops waiting (its time is up or its signal aborted): answered with the entry as it is now. */
  #stop(waiter: Waiter): void {
    let first: Waiter | null | undefined = this.#byId.get(waiter.id);
    if (first === waiter) {
      if (waiter.next) this.#byId.set(waiter.id, waiter.next);
      else this.#byId.delete(waiter.id);
    } else {
      while (first && first.next !== waiter) first = first.next;
      // Not in the list: already answered.
      if (!first) return;
      first.next = waiter.next;
    }
    this.#unlisten(waiter);
    this.#disarmWhenIdle();
    const entry = this.#current(waiter.id);
    if (entry) waiter.resolve(entry);
    else waiter.reject(gone());
  }

  #unlisten(waiter: Waiter): void {
    if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
  }

  #arm(at: number): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(() => this.#expire(), Math.max(1, Math.ceil(at - performance.now())));
  }

  /** The timer fired: callers whose time is up are answered, and the timer is armed for the next time limit. */
  #expire(): void {
    this.#timer = null;
    this.#timerAt = Number.POSITIVE_INFINITY;
    const now = performance.now();
    const due: Waiter[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const first of this.#byId.values()) {
      for (let waiter: Waiter | null = first; waiter; waiter = waiter.next) {
        if (waiter.deadline <= now) due.push(waiter);
        else next = Math.min(next, waiter.deadline);
      }
    }
    for (const waiter of due) this.#stop(waiter);
    if (Number.isFinite(next)) this.#arm(next);
  }

  /** Nobody waits: no timer keeps the process up. */
  #disarmWhenIdle(): void {
    if (this.#byId.size > 0 || !this.#timer) return;
    clearTimeout(this.#timer);
    this.#timer = null;
    this.#timerAt = Number.POSITIVE_INFINITY;
  }
}
