import type { AppError } from '../../preload/contract/app-error';
import type { CameraCreateRequest, CameraCreateResponse, OutboxEntry, OutboxSummary } from '../../preload/contract/onboarding';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { t } from '../shared/i18n';
import { log } from '../shared/log';
import { checkedCameraRequest } from '../platform/client';
import { newEntryIds } from './entry-ids';
import type { OutboxStore } from './outbox-store';
import { backoffDelay, entryWith, isDue, meaningOf, queuedEntry, transition, type EntryMeta, type OutboxEvent } from './outbox-state';

/** Sends one entry's request; throws AppFailure for every failure (the platform client does). */
export type SendCamera = (entry: OutboxEntry, signal: AbortSignal) => Promise<CameraCreateResponse>;

export interface OutboxOptions {
  store: OutboxStore;
  send: SendCamera;
  /** Requests on the wire at once (default 4). */
  concurrency?: number;
  /** Backoff of the first retry; doubles per attempt up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  now?: () => number;
  random?: () => number;
  /** Called (at most every `changeThrottleMs`) with the new summary after any change. */
  onChange?: (summary: OutboxSummary) => void;
  changeThrottleMs?: number;
  sessionOnly?: boolean;
  /** A sentence about a saved outbox that could not be read and was set aside (the screen shows it). */
  unreadable?: string | null;
  /** Records appended before the file is rewritten as one snapshot. */
  compactAfterRecords?: number;
  /**
   * Entries dispatched by one durable record, ahead of the sends that need it (default 64 × concurrency: the next
   * record is written while half of these are still to send, and on a busy disk an fsync took as long as 200 sends;
   * after a crash these are the entries retried as "maybe created", which their external ids settle).
   */
  dispatchAhead?: number;
  /** Outcomes gathered this long before they are written as one record (default 100 ms). */
  outcomeDelayMs?: number;
}

/** Queued, sending or retrying: the runner may still have to send it. */
function isActive(state: OutboxEntry['state']): boolean {
  return state === 'queued' || state === 'sending' || state === 'retrying';
}

/**
 * A caller of `settled`: woken by the entry's answer, its time limit (`deadline`, ms since epoch) or its signal. Plain
 * data, finished by the Outbox (`#finish`): a closure per waiter cost more than the rest of a wait.
 */
interface Waiter {
  deadline: number;
  slot: Slot;
  resolve(entry: OutboxEntry): void;
  reject(error: unknown): void;
  signal: AbortSignal | undefined;
  /** The signal's listener, made only for a caller that passed a signal. */
  onAbort: (() => void) | null;
  waiting: boolean;
}

/**
 * An entry and what the runner keeps about it, in one place: each step of a send reads and changes one object
 * instead of looking the id up in a map per concern (entries, dispatch marks, waiters), which cost more than the
 * step itself in a thousand-camera import.
 */
interface Slot {
  entry: OutboxEntry;
  /**
   * The entry as it was when a synced `dispatch` record covered it: the mark holds only while the entry is unchanged
   * (any change is a new object, and its record cancels the mark on disk as well).
   */
  dispatched: OutboxEntry | null;
  /** Callers of `settled` waiting for this entry's answer. */
  waiters: Waiter[] | null;
}

/** A place on the wire taken by a send that has not returned its promise yet. */
const TAKEN: Promise<void> = Promise.resolve();

/** What `settled` waits for: an answer (created, needs fixing, held), or a failed try that will be retried. */
function isAnswered(entry: OutboxEntry): boolean {
  return entry.state === 'retrying' ? entry.attempts > 0 : !isActive(entry.state);
}

function appErrorOf(error: unknown): AppError {
  if (isAppFailure(error)) return error.appError;
  log.error('outbox', `unexpected failure while sending: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  return new AppFailure('Internal', t('errors.outbox.internal'), { retryable: false }).appError;
}

/** One request of a batch checked against the wire schema; a failure names its fields under `requests.<row>.`. */
function checkedRow(request: CameraCreateRequest, row: number): CameraCreateRequest {
  try {
    return checkedCameraRequest(request);
  } catch (error) {
    if (!isAppFailure(error)) throw error;
    const fieldErrors = Object.fromEntries(Object.entries(error.appError.fieldErrors).map(([field, messages]) => [`requests.${row}.${field}`, messages]));
    throw new AppFailure(error.appError, { message: error.message, fieldErrors });
  }
}

/**
 * The durable outbox every camera submission goes through. Entries are saved before they are acknowledged and before
 * each request leaves; a runner sends the due ones with bounded concurrency, backs off while the server cannot be
 * reached, parks 422s as "needs fixing", and after a lost answer lets the external id tell it whether the camera
 * was created. Changes are reported through `onChange` (the header's sync indicator). A request is checked against
 * the wire schema once, as it is queued or edited: neither the journal nor the client checks it again.
 */
export class Outbox {
  readonly #store: OutboxStore;
  readonly #send: SendCamera;
  readonly #concurrency: number;
  readonly #baseDelayMs: number;
  readonly #maxDelayMs: number;
  readonly #now: () => number;
  readonly #random: () => number;
  readonly #onChange: ((summary: OutboxSummary) => void) | undefined;
  readonly #changeThrottleMs: number;
  readonly #compactAfter: number;
  readonly #sessionOnly: boolean;
  readonly #unreadable: string | null;
  readonly #dispatchAhead: number;
  readonly #outcomeDelayMs: number;

  /** Every entry, in creation order, with the runner's marks. */
  #slots = new Map<string, Slot>();
  /** Ids that may still need sending (queued, sending, retrying): the runner scans only these. */
  #active = new Set<string>();
  #inFlight = new Map<string, Promise<void>>();
  /** Outcome records still being written (awaited on dispose). */
  #saving = new Set<Promise<void>>();
  #abort = new AbortController();
  #timer: NodeJS.Timeout | null = null;
  #changeTimer: NodeJS.Timeout | null = null;
  /** No new request starts before this time: the server was unreachable. */
  #pausedUntil = 0;
  #offline = false;
  #records = 0;
  /** Saves in progress (compaction waits for none). */
  #writes = 0;
  #disposed = false;
  #loaded: Promise<void> | null = null;
  /** Callers of `settled` waiting (each in its entry's slot). */
  #waiterCount = 0;
  /**
   * One timer for every waiter's time limit, set for the earliest (an import waits on a thousand entries at once: a
   * timer each cost more than the rest of their bookkeeping). When it fires, the waiters whose time is up are woken.
   */
  #waitTimer: NodeJS.Timeout | null = null;
  #waitTimerAt = Number.POSITIVE_INFINITY;
  /** Slots whose dispatch mark is set (see `Slot.dispatched`). */
  #dispatchedCount = 0;
  /** Dispatched entries in dispatch order, the runner's queue: started from `#readyHead`, skipped when their mark is gone. */
  #ready: Slot[] = [];
  #readyHead = 0;
  /** A dispatch record being written (one at a time; each covers many entries). */
  #dispatching = false;
  /**
   * False once a scan found every entry still to send on the wire or dispatched: nothing is scanned again until an
   * entry may need a record again (queued or retrying anew, or its mark dropped by a compaction). Without it, the
   * last few hundred sends of an import each scanned every entry still active and found nothing.
   */
  #mayDispatch = true;
  /** Outcomes not yet written, and the timer that writes them. */
  #outcomes: OutboxEntry[] = [];
  #outcomeTimer: NodeJS.Timeout | null = null;

  constructor(options: OutboxOptions) {
    this.#store = options.store;
    this.#send = options.send;
    this.#concurrency = options.concurrency ?? 4;
    this.#baseDelayMs = options.baseDelayMs ?? 1_000;
    this.#maxDelayMs = options.maxDelayMs ?? 60_000;
    this.#now = options.now ?? Date.now;
    this.#random = options.random ?? Math.random;
    this.#onChange = options.onChange;
    this.#changeThrottleMs = options.changeThrottleMs ?? 100;
    this.#compactAfter = options.compactAfterRecords ?? 2_000;
    this.#sessionOnly = options.sessionOnly ?? false;
    this.#unreadable = options.unreadable ?? null;
    this.#dispatchAhead = Math.max(1, options.dispatchAhead ?? this.#concurrency * 64);
    this.#outcomeDelayMs = options.outcomeDelayMs ?? 100;
  }

  /** Reads the saved entries (once); an entry found mid-send was perhaps created, so it is retried with that in mind. */
  load(): Promise<void> {
    this.#loaded ??= (async () => {
      const saved = await this.#store.load();
      const at = new Date(this.#now());
      const recovered: OutboxEntry[] = [];
      for (const entry of saved) {
        const current = entry.state === 'sending' ? transition(entry, { type: 'recovered', at }) : entry;
        if (current !== entry) recovered.push(current);
        this.#set(current);
      }
      this.#records = 1;
      if (recovered.length > 0) await this.#store.put(recovered);
      this.#pump();
    })();
    return this.#loaded;
  }

  /** Takes over another outbox's entries (the operator switched to session-only mode): saved into this store. */
  async adopt(entries: OutboxEntry[]): Promise<void> {
    await this.#store.compact(entries);
  }

  get unreadable(): string | null {
    return this.#unreadable;
  }

  entries(): OutboxEntry[] {
    return Array.from(this.#slots.values(), (slot) => slot.entry);
  }

  get(id: string): OutboxEntry | undefined {
    return this.#slots.get(id)?.entry;
  }

  /** Adds entries durably (one write for all of them) and starts sending. */
  async enqueue(requests: CameraCreateRequest[], meta: EntryMeta): Promise<OutboxEntry[]> {
    const at = new Date(this.#now()).toISOString();
    const checked = requests.length === 1 ? [checkedCameraRequest(requests[0])] : requests.map(checkedRow);
    const ids = newEntryIds(checked.length);
    const added = checked.map((request, index) => queuedEntry(ids[index]!, request, meta, at));
    const saved = this.#persist(added).then(() => {
      for (const entry of added) this.#set(entry);
      this.#changed();
    });
    // When these are next in line, the first ones' dispatch record is appended right behind the put: both go in one
    // write and one fsync, so the first request waits for one sync, not two in a row. Read back after a crash, they
    // are maybe sent, as after any dispatch record.
    if (this.#nextInLine() && this.#now() >= this.#pausedUntil) this.#dispatch(added.slice(0, this.#dispatchAhead), saved);
    await saved;
    this.#pump();
    return added;
  }

  /** Replaces an entry's request (a fix after a 422, or a change before it was sent) and queues it again. */
  async edit(id: string, request: CameraCreateRequest): Promise<OutboxEntry> {
    return this.#apply(id, { type: 'edited', at: new Date(this.#now()), request: checkedCameraRequest(request) });
  }

  /** Tries one entry (or every waiting one) now instead of at its backoff time. */
  async retry(id?: string): Promise<void> {
    this.#pausedUntil = 0;
    const ids = id ? [id] : this.entries().filter((e) => e.state === 'retrying' || e.state === 'held').map((e) => e.id);
    const changed: OutboxEntry[] = [];
    for (const one of ids) {
      const entry = this.#need(one);
      if (entry.state === 'queued' || entry.state === 'sending') continue;
      changed.push(transition(entry, { type: 'retry-requested', at: new Date(this.#now()) }));
    }
    await this.#persist(changed);
    for (const entry of changed) this.#set(entry);
    this.#changed();
    this.#pump();
  }

  /** Removes entries that are not on the wire and not created (created ones are cleared, not discarded). */
  async discard(ids: string[]): Promise<void> {
    for (const id of ids) {
      const entry = this.#need(id);
      if (entry.state === 'sending' || entry.state === 'created') {
        throw new AppFailure('Conflict', t('errors.outbox.busy'));
      }
    }
    await this.#store.remove(ids);
    this.#records += 1;
    for (const id of ids) {
      const slot = this.#slots.get(id);
      if (!slot) continue;
      this.#slots.delete(id);
      this.#active.delete(id);
      this.#unmark(slot);
      // Its callers of `settled` learn now that it is gone.
      this.#wake(slot);
    }
    this.#changed();
  }

  /** Hides created entries from the outbox; they stay in the list of created cameras. */
  async clearCreated(): Promise<void> {
    const at = new Date(this.#now()).toISOString();
    const cleared = this.entries().filter((e) => e.state === 'created' && e.clearedAt === null).map((e) => entryWith(e, { clearedAt: at }));
    await this.#persist(cleared);
    for (const entry of cleared) this.#set(entry);
    this.#changed();
  }

  /**
   * Resolves when the entry has an answer (created, needs fixing, held) or is waiting to retry, after `timeoutMs`, or
   * when `signal` aborts (the caller stopped waiting; the entry itself carries on).
   */
  settled(id: string, timeoutMs: number, signal?: AbortSignal): Promise<OutboxEntry> {
    // A plain promise, not an async function awaiting one: an import waits on a thousand entries at once, and the
    // extra promise and turns of the wrapper were a good part of what each wait cost.
    const slot = this.#slots.get(id);
    if (!slot) return Promise.reject(new AppFailure('NotFound', t('errors.outbox.entryGone')));
    if (isAnswered(slot.entry) || signal?.aborted) return Promise.resolve(slot.entry);
    return new Promise<OutboxEntry>((resolve, reject) => {
      const waiter: Waiter = { deadline: Date.now() + timeoutMs, slot, resolve, reject, signal, onAbort: null, waiting: true };
      if (signal) {
        waiter.onAbort = () => this.#finish(waiter);
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      (slot.waiters ??= []).push(waiter);
      this.#waiterCount += 1;
      if (waiter.deadline < this.#waitTimerAt) this.#armWaitTimer(waiter.deadline);
    });
  }

  summary(): OutboxSummary {
    const counts = { queued: 0, sending: 0, retrying: 0, 'needs-fixing': 0, held: 0, created: 0 };
    let next: number | null = null;
    for (const { entry } of this.#slots.values()) {
      counts[entry.state] += 1;
      if (entry.state === 'retrying' && entry.nextAttemptAt) {
        const at = Date.parse(entry.nextAttemptAt);
        if (next === null || at < next) next = at;
      }
    }
    return {
      queued: counts.queued,
      sending: counts.sending,
      retrying: counts.retrying,
      needsFixing: counts['needs-fixing'],
      held: counts.held,
      created: counts.created,
      pending: counts.queued + counts.sending + counts.retrying,
      offline: this.#offline,
      nextAttemptAt: next === null ? null : new Date(Math.max(next, this.#pausedUntil)).toISOString(),
      sessionOnly: this.#sessionOnly,
      unreadable: this.#unreadable,
    };
  }

  /** Stops sending: requests on the wire are cancelled (their entries are retried on the next start) and awaited. */
  async dispose(): Promise<void> {
    this.#disposed = true;
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#changeTimer) clearTimeout(this.#changeTimer);
    this.#abort.abort();
    await Promise.allSettled([...this.#inFlight.values()]);
    this.#writeOutcomes();
    await Promise.allSettled([...this.#saving]);
    await this.#store.close();
  }

  // --- inside ---

  /** Sets the waiters' timer for `at` (or for none when nobody waits). */
  #armWaitTimer(at: number): void {
    if (this.#waitTimer) clearTimeout(this.#waitTimer);
    this.#waitTimer = null;
    this.#waitTimerAt = at;
    if (!Number.isFinite(at)) return;
    this.#waitTimer = setTimeout(() => this.#wakeExpired(), Math.max(1, at - Date.now()));
  }

  /** Wakes the waiters whose time is up and sets the timer for the next deadline. */
  #wakeExpired(): void {
    const now = Date.now();
    const expired: Waiter[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const { waiters } of this.#slots.values()) {
      for (const waiter of waiters ?? []) {
        if (waiter.deadline <= now) expired.push(waiter);
        else next = Math.min(next, waiter.deadline);
      }
    }
    for (const waiter of expired) this.#finish(waiter);
    this.#armWaitTimer(next);
  }

  #needSlot(id: string): Slot {
    const slot = this.#slots.get(id);
    if (!slot) throw new AppFailure('NotFound', t('errors.outbox.entryGone'));
    return slot;
  }

  #need(id: string): OutboxEntry {
    return this.#needSlot(id).entry;
  }

  /** Clears a slot's dispatch mark. */
  #unmark(slot: Slot): void {
    if (slot.dispatched === null) return;
    slot.dispatched = null;
    this.#dispatchedCount -= 1;
  }

  /** Wakes the callers of `settled` waiting in this slot. */
  #wake(slot: Slot): void {
    const waiters = slot.waiters;
    if (!waiters) return;
    slot.waiters = null;
    for (const waiter of waiters) this.#finish(waiter);
  }

  /** Answers a caller of `settled` (once): with its entry as it is now, or NotFound when it was discarded meanwhile. */
  #finish(waiter: Waiter): void {
    if (!waiter.waiting) return;
    waiter.waiting = false;
    if (waiter.onAbort) waiter.signal!.removeEventListener('abort', waiter.onAbort);
    // Woken by its time or its signal: still in the slot's list (an answer empties the list first).
    const { slot } = waiter;
    const index = slot.waiters?.indexOf(waiter) ?? -1;
    if (index >= 0) slot.waiters!.splice(index, 1);
    this.#waiterCount -= 1;
    if (this.#waiterCount === 0) this.#armWaitTimer(Number.POSITIVE_INFINITY);
    const current = this.#slots.get(slot.entry.id);
    if (current) waiter.resolve(current.entry);
    else waiter.reject(new AppFailure('NotFound', t('errors.outbox.entryGone')));
  }

  /** Makes `entry` the current one of its id; `slot`: its slot, when the caller holds it already. */
  #set(entry: OutboxEntry, slot = this.#slots.get(entry.id)): void {
    const active = isActive(entry.state);
    if (active && entry.state !== 'sending') this.#mayDispatch = true;
    if (!slot) {
      this.#slots.set(entry.id, { entry, dispatched: null, waiters: null });
      if (active) this.#active.add(entry.id);
      return;
    }
    if (isActive(slot.entry.state) !== active) {
      if (active) this.#active.add(entry.id);
      else this.#active.delete(entry.id);
    }
    slot.entry = entry;
    // A dispatch mark holds only for the entry as it was dispatched; a changed entry is dispatched again.
    if (slot.dispatched !== entry) this.#unmark(slot);
    if (isAnswered(entry)) this.#wake(slot);
  }

  /**
   * Writes entries durably: `put` whole (a new entry, or a change of its request or of who decides next), `update`
   * for an outcome (the request is already on disk). A `put` supersedes an outcome of the same entry not yet written,
   * which would otherwise land after it and bring the older state back on the next start.
   */
  async #persist(entries: OutboxEntry[], kind: 'put' | 'update' = 'put'): Promise<void> {
    if (entries.length === 0) return;
    if (kind === 'put' && this.#outcomes.length > 0) {
      const ids = new Set(entries.map((entry) => entry.id));
      this.#outcomes = this.#outcomes.filter((entry) => !ids.has(entry.id));
    }
    this.#writes += 1;
    try {
      await (kind === 'put' ? this.#store.put(entries) : this.#store.update(entries));
      this.#records += 1;
    } finally {
      this.#writes -= 1;
    }
  }

  /**
   * Rewrites the journal as one snapshot once it has grown. Only when nothing is being written or sent: then memory
   * and disk agree, and any later record is appended after the snapshot.
   */
  #maybeCompact(): void {
    if (this.#records <= this.#compactAfter || this.#writes > 0 || this.#inFlight.size > 0 || this.#disposed) return;
    this.#records = 1;
    // The snapshot holds no dispatch marks: nothing is on the wire now, and what is sent next is dispatched again.
    for (const slot of this.#slots.values()) this.#unmark(slot);
    this.#mayDispatch = true;
    this.#store.compact(this.entries()).catch((error) => log.warn('outbox', `compaction failed: ${String(error)}`));
  }

  async #apply(id: string, event: OutboxEvent): Promise<OutboxEntry> {
    const next = transition(this.#need(id), event);
    await this.#persist([next]);
    this.#set(next);
    this.#changed();
    this.#pump();
    return next;
  }

  #changed(): void {
    this.#maybeCompact();
    if (!this.#onChange || this.#changeTimer || this.#disposed) return;
    this.#changeTimer = setTimeout(() => {
      this.#changeTimer = null;
      this.#onChange?.(this.summary());
    }, this.#changeThrottleMs);
    this.#changeTimer.unref?.();
  }

  /**
   * Starts dispatched entries up to the concurrency limit, oldest first, then sleeps until the next one is due. An
   * entry goes on the wire only once a synced `dispatch` record covers it; those records are written ahead, for many
   * entries at once, while earlier ones are being sent, so a request never waits for its own fsync. Runs after every
   * answer: the usual call starts one entry and looks at no other.
   */
  #pump(): void {
    if (this.#disposed) return;
    const now = this.#now();
    if (now >= this.#pausedUntil) {
      let started = false;
      const startedAt = new Date(now);
      while (this.#inFlight.size < this.#concurrency && this.#readyHead < this.#ready.length) {
        const slot = this.#ready[this.#readyHead++]!;
        const entry = slot.entry;
        // Changed, removed or compacted since it was dispatched: no longer covered by that record.
        if (slot.dispatched !== entry) continue;
        this.#unmark(slot);
        const id = entry.id;
        const sending = transition(entry, { type: 'send-started', at: startedAt });
        this.#set(sending, slot);
        started = true;
        // Taken before the send starts: a send that fails at once frees it again before this line's next one.
        this.#inFlight.set(id, TAKEN);
        const run = this.#sendOne(sending, slot);
        if (this.#inFlight.get(id) === TAKEN) this.#inFlight.set(id, run);
      }
      if (this.#readyHead === this.#ready.length || this.#readyHead > 4_096) {
        this.#ready = this.#ready.slice(this.#readyHead);
        this.#readyHead = 0;
      }
      if (started) this.#changed();
      // Read ahead: the next record is written while half of the last one is still to be sent, so the sends never
      // wait for its fsync (on a busy disk an fsync outlasts a round of answers from a nearby server).
      if (!this.#dispatching && this.#dispatchedCount <= this.#dispatchAhead / 2) this.#dispatchNext(now);
    }
    this.#wakeAt();
  }

  /** Dispatches the next due entries (not on the wire, not dispatched yet), oldest first, up to `dispatchAhead`. */
  #dispatchNext(now: number): void {
    if (!this.#mayDispatch) return;
    const toDispatch: OutboxEntry[] = [];
    let undispatched = false;
    for (const id of this.#active) {
      if (this.#inFlight.has(id)) continue;
      const slot = this.#slots.get(id)!;
      if (slot.dispatched !== null) continue;
      undispatched = true;
      const entry = slot.entry;
      if (!isDue(entry, now)) continue;
      toDispatch.push(entry);
      if (toDispatch.length >= this.#dispatchAhead) break;
    }
    // An entry found here stays a reason to look again: not due yet, or its record may fail to be written.
    this.#mayDispatch = undispatched;
    if (toDispatch.length > 0) this.#dispatch(toDispatch);
  }

  /** True when every entry still to send is on the wire or dispatched: entries queued now go next. */
  #nextInLine(): boolean {
    return !this.#dispatching && !this.#disposed && this.#active.size === this.#inFlight.size + this.#dispatchedCount;
  }

  /**
   * Writes one dispatch record for `entries`; once it is on disk they are ready to send. `saved`: the write that puts
   * them in the outbox, when it was appended just before (the record then marks them once both are done).
   */
  #dispatch(entries: OutboxEntry[], saved?: Promise<void>): void {
    if (this.#dispatching) return;
    this.#dispatching = true;
    this.#writes += 1;
    const written = this.#store.dispatch(entries.map((entry) => entry.id));
    (saved ? Promise.all([written, saved]) : written)
      .then(
        () => {
          this.#records += 1;
          // An entry changed or removed while the record was written is dispatched again (or not at all).
          for (const entry of entries) {
            const slot = this.#slots.get(entry.id);
            if (slot?.entry !== entry) continue;
            if (slot.dispatched === null) this.#dispatchedCount += 1;
            slot.dispatched = entry;
            this.#ready.push(slot);
          }
        },
        (error) => {
          log.warn('outbox', `could not save before sending, will try later: ${String(error)}`);
          this.#pausedUntil = this.#now() + this.#baseDelayMs;
        },
      )
      .finally(() => {
        this.#dispatching = false;
        this.#writes -= 1;
        this.#pump();
      });
  }

  #wakeAt(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    // An answer or the dispatch record being written pumps again when it lands: no timer needed meanwhile.
    if (this.#inFlight.size >= this.#concurrency || this.#dispatching) return;
    let next = Number.POSITIVE_INFINITY;
    for (const id of this.#active) {
      const entry = this.#slots.get(id)!.entry;
      if (entry.state === 'retrying' && entry.nextAttemptAt) next = Math.min(next, Date.parse(entry.nextAttemptAt));
      else if (entry.state === 'queued') next = Math.min(next, this.#pausedUntil);
    }
    if (!Number.isFinite(next)) return;
    next = Math.max(next, this.#pausedUntil);
    const delay = Math.max(0, next - this.#now());
    if (delay === 0 && this.#inFlight.size > 0) return;
    this.#timer = setTimeout(() => this.#pump(), Math.max(delay, 1));
    this.#timer.unref?.();
  }

  /**
   * Sends an entry the runner has just marked as sending. Its dispatch record is on disk: a crash from here on is an
   * unknown outcome, recovered on restart. The "sending" state itself is not written; the outcome record replaces it.
   */
  async #sendOne(sending: OutboxEntry, slot: Slot): Promise<void> {
    try {
      let next: OutboxEntry;
      try {
        const response = await this.#send(sending, this.#abort.signal);
        this.#offline = false;
        next = transition(sending, { type: 'answered', at: new Date(this.#now()), response });
      } catch (error) {
        next = this.#failedTry(sending, error);
      }
      this.#set(next, slot);
      this.#saveOutcome(next);
      this.#changed();
    } finally {
      // Its place on the wire is free: the next dispatched entry goes out now.
      this.#inFlight.delete(sending.id);
      this.#maybeCompact();
      this.#pump();
    }
  }

  /** The entry after a failed request, and what that failure means for the runner. */
  #failedTry(sending: OutboxEntry, error: unknown): OutboxEntry {
    const appError = appErrorOf(error);
    const delay = backoffDelay(sending.attempts, this.#random, this.#baseDelayMs, this.#maxDelayMs);
    const next = transition(sending, { type: 'failed', at: new Date(this.#now()), error: appError, retryDelayMs: delay });
    const meaning = meaningOf(appError);
    if (meaning.next === 'retrying' && appError.kind !== 'Cancelled') {
      // The server is out of reach: hold every entry until this one's retry, instead of each failing on its own.
      this.#offline = appError.kind === 'Offline' || appError.kind === 'Timeout';
      this.#pausedUntil = Math.max(this.#pausedUntil, Date.parse(next.nextAttemptAt!));
    } else {
      this.#offline = false;
    }
    return next;
  }

  /**
   * The slot is free as soon as the answer is in: outcomes are gathered for `outcomeDelayMs` and written as one
   * record. Until it lands the disk says "dispatched", which a restart reads as "maybe created" and settles by the
   * external id, so nothing is lost or sent twice either way.
   */
  #saveOutcome(entry: OutboxEntry): void {
    this.#outcomes.push(entry);
    if (this.#outcomeTimer || this.#disposed) return;
    this.#outcomeTimer = setTimeout(() => this.#writeOutcomes(), this.#outcomeDelayMs);
    this.#outcomeTimer.unref?.();
  }

  #writeOutcomes(): void {
    if (this.#outcomeTimer) clearTimeout(this.#outcomeTimer);
    this.#outcomeTimer = null;
    // An entry that changed since its answer wrote its own record (an edit, a retry, a discard), or was dispatched
    // and sent again (a restart reads it as maybe created): its older outcome must not land after that.
    const batch = this.#outcomes.filter((entry) => this.#slots.get(entry.id)?.entry === entry);
    this.#outcomes = [];
    if (batch.length === 0) return;
    const saving = this.#persist(batch, 'update')
      .catch((error) => log.warn('outbox', `could not save the outcome of ${batch.length} entries: ${String(error)}`))
      .finally(() => {
        this.#saving.delete(saving);
        this.#maybeCompact();
      });
    this.#saving.add(saving);
  }
}
