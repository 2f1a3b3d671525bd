import { randomUUID } from 'node:crypto';
import type { CameraCreateRequest, CameraCreateResponse, OutboxEntry, OutboxSummary } from '../../preload/contract/onboarding';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { t } from '../shared/i18n';
import { log } from '../shared/log';
import { checkedCameraRequest } from '../platform/client';
import type { OutboxRepository } from '../storage/repositories/outbox-repository';
import { isUniqueViolation } from '../storage/sqlite-errors';
import { inChunks } from './chunks';
import { appErrorOf, checkedRow, duplicateExternalId as duplicate, entryGone, untilDone } from './outbox-requests';
import { withDefaults, type OutboxOptions, type SendCamera, type Tuning } from './outbox-options';
import { summaryOf } from './outbox-summary';
import { isAnswered, Waiters } from './outbox-waiters';
import { newEntryIds } from './entry-ids';
import { backoffDelay, entryWith, queuedEntry, transition, type EntryMeta, type OutboxEvent } from './outbox-state';

export type { OutboxOptions, SendCamera };

/**
 * The outbox every camera submission goes through, kept in the database. An entry is acknowledged (queued) once its
 * row is committed; before a request leaves, a commit marks it as on the wire (many at once, ahead of the sends), so
 * a restart retries it as "maybe created" and its external id decides. Answers are committed in small groups, and a
 * caller of `settled` hears an answer only once it is on disk. While the server is out of reach the outbox pauses and
 * probes on its own backoff; an answer (or `wake`, when the connection check succeeds) makes every retry due now.
 */
export class Outbox {
  readonly #repo: OutboxRepository;
  readonly #send: SendCamera;
  readonly #onChange: ((summary: OutboxSummary) => void) | undefined;
  /** The options with their defaults. */
  readonly #o: Tuning;

  /** Marked as on the wire on disk (synced), not started yet, oldest first. */
  #ready: OutboxEntry[] = [];
  #inFlight = new Map<string, Promise<void>>();
  /** Answers not committed yet: the disk still says "sending" (a restart would ask the server again). */
  #unsaved = new Map<string, OutboxEntry>();
  /** Answers written by the commit under way, told once the WAL is synced (until then they are not acknowledged). */
  #syncing = new Map<string, OutboxEntry>();
  /** The commit under way, from its write until its sync (one at a time). */
  #committing: Promise<void> | null = null;
  /**
   * Entries this outbox queued whose answer it has not told yet: their callers of `settled` wait without a look at the
   * database (an import waits on all of its entries at once, and a read per entry cost as much as its wait).
   */
  #pending = new Set<string>();
  /**
   * Entries this outbox queued and has not marked as on the wire yet, as it queued them: the commit that marks them
   * starts from these instead of reading and opening their rows again (see `OutboxRepository.dispatchHeld`).
   */
  #held = new Map<string, OutboxEntry>();
  #waiters = new Waiters((id) => this.get(id));
  #abort = new AbortController();
  #timer: NodeJS.Timeout | null = null;
  #changeTimer: NodeJS.Timeout | null = null;
  #outcomeTimer: NodeJS.Timeout | null = null;
  /** No new request starts before this time (the server was out of reach); then one probes. */
  #pausedUntil = 0;
  #offline = false;
  #probes = 0;
  /** False when the last look found nothing due: nothing is looked up again until something may be. */
  #mayBeDue = true;
  #disposed = false;
  #loaded: Promise<void> | null = null;

  constructor(options: OutboxOptions) {
    this.#repo = options.repository;
    this.#send = options.send;
    this.#onChange = options.onChange;
    this.#o = withDefaults(options);
  }

  /** Entries found on the wire by the last run were perhaps created: they are retried with that in mind. */
  load(): Promise<void> {
    this.#loaded ??= (async () => {
      try {
        this.#repo.recover(this.#o.now());
      } catch (error) {
        // A folder that cannot be written still shows its outbox; what was on the wire stays so until it can be.
        log.warn('outbox', `could not mark entries found on the wire for a retry: ${String(error)}`);
      }
      this.#pump();
    })();
    return this.#loaded;
  }

  /** Reads for the screens (lists, counts, checks of an import) go straight to the database. */
  get repository(): OutboxRepository {
    return this.#repo;
  }

  /** The entry as the console knows it: an answer not yet committed shows as it will be. */
  get(id: string): OutboxEntry | undefined {
    return this.#unsaved.get(id) ?? this.#syncing.get(id) ?? this.#repo.get(id) ?? undefined;
  }

  /** Queues entries, `chunkRows` per transaction with a turn of the event loop between them; sending starts after the
   * first. An entry whose external id this profile has already is not queued: its index is in `refused`. */
  async queue(requests: CameraCreateRequest[], meta: EntryMeta, options: { skipKnown?: boolean } = {}): Promise<{ added: OutboxEntry[]; refused: number[] }> {
    const at = new Date(this.#o.now()).toISOString();
    const ids = newEntryIds(requests.length);
    const results = await inChunks(requests, this.#o.chunkRows, (slice, offset, deadline) => {
      const entries = slice.map((request, i) => queuedEntry(ids[offset + i]!, requests.length === 1 ? checkedCameraRequest(request) : checkedRow(request, offset + i), meta, at));
      const { added, refused, done } = this.#repo.insert(entries, options.skipKnown ?? false, true, deadline);
      for (const entry of added) {
        this.#pending.add(entry.id);
        this.#held.set(entry.id, entry);
      }
      this.#mayBeDue = true;
      this.#changed();
      this.#pump();
      return { done, result: { added, refused: refused.map((index) => index + offset) } };
    });
    // Acknowledged once on disk: one sync of the WAL for all the slices, on a thread of the pool.
    await this.#repo.sync();
    return { added: results.flatMap((r) => r.added), refused: results.flatMap((r) => r.refused) };
  }

  /** `queue`, answering the entries queued. */
  async enqueue(requests: CameraCreateRequest[], meta: EntryMeta): Promise<OutboxEntry[]> {
    return (await this.queue(requests, meta)).added;
  }

  /** Queues one entry; an external id already in the outbox is a Validation failure on that field. */
  async add(request: CameraCreateRequest, meta: EntryMeta): Promise<OutboxEntry> {
    const { added } = await this.queue([request], meta);
    if (!added[0]) throw duplicate();
    return added[0];
  }

  /** Replaces an entry's request (a fix after a 422, or a change before it was sent) and queues it again. */
  async edit(id: string, request: CameraCreateRequest): Promise<OutboxEntry> {
    const next = this.#change(id, { type: 'edited', at: new Date(this.#o.now()), request: checkedCameraRequest(request) });
    // Its row is rewritten: the next send reads it.
    this.#held.delete(id);
    try {
      this.#repo.save([next], true);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
    return this.#after(next);
  }

  /** Tries one entry (or every waiting one) now instead of at its backoff time. */
  async retry(id?: string): Promise<void> {
    this.#pausedUntil = 0;
    if (id === undefined) {
      this.#repo.retryAll(this.#o.now());
      this.#after(null);
      return;
    }
    const entry = this.#need(id);
    if (entry.state === 'queued' || entry.state === 'sending') return;
    const next = this.#change(id, { type: 'retry-requested', at: new Date(this.#o.now()) });
    this.#repo.save([next]);
    this.#after(next);
  }

  /** Takes entries out that are not on the wire and not created; answers the mark that `undoDiscard` takes. */
  async discard(ids: string[]): Promise<string> {
    for (const id of ids) {
      const state = this.#need(id).state;
      if (state === 'sending' || state === 'created') throw new AppFailure('Conflict', t('errors.outbox.busy'));
    }
    const mark = `${new Date(this.#o.now()).toISOString()} ${randomUUID()}`;
    this.#repo.discard(ids, mark);
    for (const id of ids) {
      this.#pending.delete(id);
      this.#held.delete(id);
      this.#waiters.wake(id, null);
    }
    this.#after(null);
    return mark;
  }

  /** Brings back what a discard (`discard:<mark>`) or a clear (`clear:<time>`) took out; refused when an external id was queued again since. */
  async undo(kind: 'discard' | 'clear', mark: string): Promise<number> {
    try {
      return kind === 'discard' ? this.#repo.undoDiscard(mark) : this.#repo.undoClear(mark);
    } catch (error) {
      throw isUniqueViolation(error) ? new AppFailure('Conflict', t('onboarding.errors.undoTaken')) : error;
    } finally {
      this.#after(null);
    }
  }

  /** Hides created entries from the outbox (they stay in the created list and stay known); answers the undo mark. */
  async clearCreated(): Promise<string> {
    // Answers being synced are waited for, and those not committed yet committed: all shown as created are cleared.
    while (this.#committing) await this.#committing;
    const at = new Date(this.#o.now()).toISOString();
    this.#saveAnswers();
    this.#repo.clearCreated(at);
    this.#after(null);
    return at;
  }

  /** The connection check reached the server: retries are due now and the pause ends. */
  wake(): void {
    if (this.#disposed) return;
    this.#reached(true);
    this.#after(null);
  }

  /**
   * Resolves when the entry has a committed answer (created, needs fixing, held) or waits to retry, after `timeoutMs`,
   * or when `signal` aborts (the caller stopped waiting; the entry carries on).
   */
  settled(id: string, timeoutMs: number, signal?: AbortSignal): Promise<OutboxEntry> {
    // Queued here and not answered yet: nothing to read.
    if (this.#pending.has(id) && !signal?.aborted) return this.#waiters.wait(id, timeoutMs, signal);
    const saved = this.#repo.stateOf(id);
    if (!saved) return Promise.reject(new AppFailure('NotFound', t('errors.outbox.entryGone')));
    // An answer not committed yet is not told: the caller waits for the commit.
    if ((isAnswered(saved) && !this.#unsaved.has(id) && !this.#syncing.has(id)) || signal?.aborted) return Promise.resolve(this.#need(id));
    return this.#waiters.wait(id, timeoutMs, signal);
  }

  summary(): OutboxSummary {
    return summaryOf(this.#repo.counts(), this.#syncing.values(), { offline: this.#offline, pausedUntil: this.#pausedUntil, sessionOnly: this.#o.sessionOnly });
  }

  /** Stops sending: requests on the wire are cancelled and awaited, answers and unsent marks committed. */
  async dispose(): Promise<void> {
    this.#disposed = true;
    this.#pending.clear();
    this.#held.clear();
    for (const timer of [this.#timer, this.#changeTimer, this.#outcomeTimer]) if (timer) clearTimeout(timer);
    this.#abort.abort();
    await Promise.allSettled([...this.#inFlight.values()]);
    await this.#committing;
    try {
      this.#saveAnswers();
      // Marked as on the wire but never sent: back to waiting, not "maybe created".
      this.#repo.undispatch(this.#ready.map((entry) => entry.id));
      this.#ready = [];
    } catch (error) {
      log.warn('outbox', `could not save at shutdown (a restart asks the server): ${String(error)}`);
    }
    for (const id of this.#waiters.ids()) this.#waiters.wake(id, this.#repo.get(id));
  }

  #need = (id: string): OutboxEntry => this.get(id) ?? entryGone();

  #change = (id: string, event: OutboxEvent): OutboxEntry => transition(this.#need(id), event);

  /** After a committed change: waiters, the summary and the runner hear of it. */
  #after(entry: OutboxEntry | null): OutboxEntry {
    this.#mayBeDue = true;
    if (entry && isAnswered(entry)) this.#waiters.wake(entry.id, entry);
    this.#changed();
    this.#pump();
    return entry as OutboxEntry;
  }

  #changed(): void {
    if (!this.#onChange || this.#changeTimer || this.#disposed) return;
    this.#changeTimer = setTimeout(() => {
      this.#changeTimer = null;
      this.#onChange?.(this.summary());
    }, this.#o.changeThrottleMs);
    this.#changeTimer.unref?.();
  }

  /**
   * One commit: the answers gathered so far, and (when the runner needs more) up to `want` due entries marked as on
   * the wire, written without waiting for the disk; once the WAL is synced (off the event loop) the answers are told
   * and the marked entries go out. One at a time. A failed write changes nothing: the answers stay gathered and are
   * tried again, and the runner pauses.
   */
  #commit(want: number): void {
    if (this.#disposed) return;
    if (this.#committing) return this.#scheduleOutcomes(this.#o.outcomeDelayMs);
    const outcomes = [...this.#unsaved.values()];
    const probe = want > 0 && this.#offline;
    let dispatched: OutboxEntry[];
    try {
      dispatched = this.#dispatch(probe ? 1 : want, outcomes, probe);
    } catch (error) {
      this.#failedWrite(error);
      return;
    }
    if (!probe && dispatched.length < want) this.#mayBeDue = false;
    // Nothing left to probe with: there is no server to wait for.
    if (probe && dispatched.length === 0) this.#offline = false;
    // Nothing sent and no answers: no sync to wait for before the next look. The look may still have held entries
    // whose request no longer reads, so the summary is told again (throttled).
    if (outcomes.length === 0 && dispatched.length === 0) {
      if (want > 0) this.#changed();
      return;
    }
    for (const entry of outcomes) {
      this.#unsaved.delete(entry.id);
      this.#syncing.set(entry.id, entry);
    }
    // Told only once on disk: a sync that fails (a full disk) is tried again, the runner paused meanwhile.
    this.#committing = untilDone(() => this.#repo.sync(), (error) => this.#failedWrite(error), this.#o.baseDelayMs).then(() => {
      for (const entry of outcomes) if (this.#syncing.get(entry.id) === entry) this.#syncing.delete(entry.id);
      this.#told(outcomes);
      this.#ready.push(...dispatched);
      this.#committing = null;
      this.#changed();
      this.#pump();
      if (this.#unsaved.size > 0 && this.#inFlight.size === 0 && this.#ready.length === 0) this.#commit(0);
    });
  }

  /** One relaxed commit of `outcomes` and of up to `limit` due entries marked as on the wire; answers those entries. */
  #dispatch(limit: number, outcomes: OutboxEntry[], probe: boolean): OutboxEntry[] {
    const now = this.#o.now();
    const marked = this.#repo.dispatchHeld(limit, now, outcomes, probe, this.#held);
    const at = new Date(now);
    return marked.map((item) => {
      if (typeof item !== 'string') return item;
      const held = this.#held.get(item)!;
      this.#held.delete(item);
      // The same change the commit just wrote: queued, never tried -> sending, first try, at `now`.
      return transition(held, { type: 'send-started', at });
    });
  }

  #failedWrite(error: unknown): void {
    log.warn('outbox', `could not save, will try again: ${isAppFailure(error) ? error.message : String(error)}`);
    this.#pausedUntil = this.#o.now() + this.#o.baseDelayMs;
    this.#scheduleOutcomes(this.#o.baseDelayMs);
  }

  /** Commits the answers gathered so far at once (synced) and tells them. */
  #saveAnswers(): void {
    const answers = [...this.#unsaved.values()];
    this.#repo.save(answers);
    this.#told(answers);
  }

  /** Answers now committed: no longer kept apart, and their waiters hear them. */
  #told(outcomes: OutboxEntry[]): void {
    for (const entry of outcomes) {
      if (this.#unsaved.get(entry.id) === entry) this.#unsaved.delete(entry.id);
      if (isAnswered(entry)) {
        this.#pending.delete(entry.id);
        this.#waiters.wake(entry.id, entry);
      }
    }
  }

  #scheduleOutcomes(delay: number): void {
    if (this.#outcomeTimer || this.#disposed) return;
    this.#outcomeTimer = setTimeout(() => {
      this.#outcomeTimer = null;
      if (this.#unsaved.size > 0) this.#commit(0);
      this.#changed();
    }, delay);
    this.#outcomeTimer.unref?.();
  }

  /**
   * Starts ready entries up to the concurrency limit; when fewer than half of `dispatchAhead` are ready, one commit
   * marks the next due ones (with the answers gathered meanwhile). Then sleeps until the next one is due.
   */
  #pump(): void {
    if (this.#disposed) return;
    const now = this.#o.now();
    if (!this.#committing && now >= this.#pausedUntil && this.#ready.length <= this.#o.dispatchAhead / 2 && (this.#mayBeDue || this.#offline)) {
      this.#commit(this.#offline ? 1 : this.#o.dispatchAhead - this.#ready.length);
      if (this.#offline) this.#pausedUntil = Math.max(this.#pausedUntil, now + this.#probeDelay());
    }
    let started = false;
    while (this.#inFlight.size < this.#o.concurrency && this.#ready.length > 0) {
      const entry = this.#ready.shift()!;
      this.#inFlight.set(entry.id, this.#sendOne(entry));
      started = true;
    }
    if (started) this.#changed();
    this.#sleep(now);
  }

  #probeDelay = (): number => backoffDelay(++this.#probes, this.#o.random, this.#o.baseDelayMs, this.#o.maxProbeDelayMs);

  #sleep(now: number): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#inFlight.size >= this.#o.concurrency || this.#committing) return;
    let at = this.#offline ? this.#pausedUntil : Math.max(this.#pausedUntil, this.#repo.nextDueAt() ?? Number.POSITIVE_INFINITY);
    if (!Number.isFinite(at)) return;
    at = Math.max(at, now + 1);
    this.#timer = setTimeout(() => {
      this.#mayBeDue = true;
      this.#pump();
    }, at - now);
    this.#timer.unref?.();
  }

  /**
   * Sends one entry already marked as on the wire on disk, and gathers its answer for the next commit. A promise
   * chain, not an async function: an import sends a thousand, and each async layer is a promise and a suspended frame
   * per camera for the garbage collector.
   */
  #sendOne(sending: OutboxEntry): Promise<void> {
    let sent: Promise<CameraCreateResponse>;
    try {
      sent = this.#send(sending, this.#abort.signal);
    } catch (error) {
      sent = Promise.reject(error as Error);
    }
    return sent.then(
      (response) => this.#gather(this.#answered(sending, response)),
      (error: unknown) => this.#gather(this.#failedTry(sending, error)),
    );
  }

  /** The entry after the server's answer (a failed try, should the answer not fit the state machine). */
  #answered(sending: OutboxEntry, response: CameraCreateResponse): OutboxEntry {
    try {
      const next = transition(sending, { type: 'answered', at: new Date(this.#o.now()), response });
      this.#reached();
      return next;
    } catch (error) {
      return this.#failedTry(sending, error);
    }
  }

  /** An answer (or failure) in: kept for the next commit, and the next request starts. */
  #gather(next: OutboxEntry): void {
    this.#inFlight.delete(next.id);
    this.#unsaved.set(next.id, next);
    // The last answer of a burst (nothing else on the wire or ready) is committed at once: a lone "Create now" is
    // told without waiting for company; answers of an import are committed in groups.
    if (this.#unsaved.size >= this.#o.dispatchAhead || (this.#inFlight.size === 0 && this.#ready.length === 0)) this.#commit(0);
    else this.#scheduleOutcomes(this.#o.outcomeDelayMs);
    this.#changed();
    this.#pump();
  }

  /** The server answered (or the connection check reached it): after a pause for it, every retry is due now. */
  #reached(always = false): void {
    if (!always && !this.#offline && this.#probes === 0) return;
    this.#offline = false;
    this.#probes = 0;
    this.#pausedUntil = 0;
    this.#mayBeDue = true;
    // Failed tries not written yet are due now too, or their commit would set them a minute away after this.
    const now = new Date(this.#o.now()).toISOString();
    for (const [id, entry] of this.#unsaved) if (entry.state === 'retrying') this.#unsaved.set(id, entryWith(entry, { nextAttemptAt: now }));
    try {
      this.#repo.wake(this.#o.now());
    } catch (error) {
      log.warn('outbox', `could not save the retries as due: ${String(error)}`);
    }
  }

  /** The entry after a failed request, and what that failure means for the runner. */
  #failedTry(sending: OutboxEntry, error: unknown): OutboxEntry {
    const appError = appErrorOf(error);
    const delay = backoffDelay(sending.attempts, this.#o.random, this.#o.baseDelayMs, this.#o.maxDelayMs);
    const next = transition(sending, { type: 'failed', at: new Date(this.#o.now()), error: appError, retryDelayMs: delay });
    if (appError.kind === 'Offline' || appError.kind === 'Timeout') {
      // Out of reach: hold every entry and probe with one at a time on the outbox's own backoff.
      if (!this.#offline) this.#pausedUntil = this.#o.now() + this.#probeDelay();
      this.#offline = true;
    } else if (appError.kind !== 'Cancelled') {
      this.#reached();
    }
    return next;
  }
}
