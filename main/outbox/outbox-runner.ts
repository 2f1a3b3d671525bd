import type { CameraCreateResponse, OutboxEntry } from '../../preload/contract/onboarding';
import { isAppFailure } from '../shared/app-failure';
import { log } from '../shared/log';
import type { OutboxRepository } from '../storage/repositories/outbox-repository';
import { appErrorOf, untilDone } from './outbox-requests';
import type { SendCamera, Tuning } from './outbox-options';
import { isAnswered } from './outbox-waiters';
import { ClockWatch, CLOCK_SET_BACK_MS } from './clock-watch';
import { backoffDelay, entryWith, transition } from './outbox-state';

/** Commits written and not synced yet at most: one syncing, and the next one marking more entries meanwhile. */
const MAX_UNSYNCED = 2;

export interface OutboxRunnerOptions {
  repository: OutboxRepository;
  send: SendCamera;
  tuning: Tuning;
  /** An answer is now on disk: whoever waits for its entry may hear it. */
  tell: (entry: OutboxEntry) => void;
  /** Something the summary counts may have changed (the outbox throttles what it tells). */
  changed: () => void;
}

/**
 * The sending half of the outbox: it marks due entries as on the wire in one commit ahead of their sends, sends them
 * (`concurrency` at a time), gathers the answers and commits them in groups, telling each only once the WAL is synced.
 * A failed write changes nothing: the answers stay gathered, are tried again, and the runner pauses meanwhile. While
 * the server is out of reach it holds every entry and probes with one at a time on its own backoff.
 */
export class OutboxRunner {
  readonly #repo: OutboxRepository;
  readonly #send: SendCamera;
  /** The options with their defaults. */
  readonly #o: Tuning;
  readonly #tell: (entry: OutboxEntry) => void;
  readonly #changed: () => void;

  /** Marked as on the wire on disk (synced), not started yet, oldest first. */
  #ready: OutboxEntry[] = [];
  #inFlight = new Map<string, Promise<void>>();
  /** Answers not committed yet: the disk still says "sending" (a restart would ask the server again). */
  #unsaved = new Map<string, OutboxEntry>();
  /** Answers written by the commit under way, told once the WAL is synced (until then they are not acknowledged). */
  #syncing = new Map<string, OutboxEntry>();
  /** The last commit under way, from its write until its sync and every earlier commit's are done. */
  #committing: Promise<void> | null = null;
  /** Commits written and not synced yet (at most `MAX_UNSYNCED`), and the entries they marked as on the wire. */
  #unsynced = 0;
  #marking = 0;
  /**
   * Entries the outbox queued and the runner has not marked as on the wire yet, as they were queued: the commit that
   * marks them starts from these instead of reading and opening their rows again (see `OutboxRepository.dispatch`).
   */
  #held = new Map<string, OutboxEntry>();
  #abort = new AbortController();
  #timer: NodeJS.Timeout | null = null;
  #outcomeTimer: NodeJS.Timeout | null = null;
  /** No new request starts before this time (the server was out of reach); then one probes. */
  #pausedUntil = 0;
  #offline = false;
  #probes = 0;
  /** False when the last look found nothing due: nothing is looked up again until something may be. */
  #mayBeDue = true;
  #disposed = false;
  /** The clock at the runner's last look: due times move back with a clock set back (see clock-watch.ts). */
  readonly #clock = new ClockWatch();

  constructor(options: OutboxRunnerOptions) {
    this.#repo = options.repository;
    this.#send = options.send;
    this.#o = options.tuning;
    this.#tell = options.tell;
    this.#changed = options.changed;
  }

  /** The server was out of reach at the last try: new requests wait for the probe. */
  get offline(): boolean {
    return this.#offline;
  }

  /** No new request starts before this time (0: no pause). */
  get pausedUntil(): number {
    return this.#pausedUntil;
  }

  /** Answers written by the commit under way and not yet synced: the summary still counts them as sending. */
  get syncing(): Iterable<OutboxEntry> {
    return this.#syncing.values();
  }

  /** The last commit under way, done once it and every earlier one are synced and told, or null. */
  get committing(): Promise<void> | null {
    return this.#committing;
  }

  /** The entry's answer not committed (or not synced) yet, which the disk does not show. */
  answerOf(id: string): OutboxEntry | undefined {
    return this.#unsaved.get(id) ?? this.#syncing.get(id);
  }

  /** An entry just queued (its row committed, not marked as on the wire yet). */
  hold(entry: OutboxEntry): void {
    this.#held.set(entry.id, entry);
  }

  /** An entry's row was rewritten or removed: the next commit that marks it reads it again, if it is still there. */
  forget(id: string): void {
    this.#held.delete(id);
  }

  /**
   * The operator changed the entry from the answer the console shows (an edit, a retry) and its row says so now: an
   * answer not committed yet is dropped (committed later, it wrote the old answer over the change, and an edited
   * camera was never sent), and one being synced is not told (its waiters hear the change's own answer).
   */
  superseded(id: string): void {
    this.forget(id);
    this.#unsaved.delete(id);
    this.#syncing.delete(id);
  }

  /** The operator asked for a try now: the pause for a server out of reach ends. */
  unpause(): void {
    this.#pausedUntil = 0;
  }

  /** The connection check reached the server: retries are due now and the pause ends. */
  wake(): void {
    this.#reached(true);
  }

  /** After a committed change: something may be due, the summary hears of it, and the runner looks. */
  nudge(): void {
    this.#mayBeDue = true;
    this.#changed();
    this.#pump();
  }

  /** The first look, once the outbox is loaded: starts what is due and sleeps until the next one is. */
  start(): void {
    this.#pump();
  }

  /** Commits the answers gathered so far at once (synced) and tells them. */
  saveAnswers(): void {
    const answers = [...this.#unsaved.values()];
    this.#repo.save(answers);
    this.#told(answers);
  }

  /** Stops sending: requests on the wire are cancelled and awaited, answers and unsent marks committed. */
  async dispose(): Promise<void> {
    this.#disposed = true;
    this.#held.clear();
    for (const timer of [this.#timer, this.#outcomeTimer]) if (timer) clearTimeout(timer);
    this.#abort.abort();
    await Promise.allSettled([...this.#inFlight.values()]);
    await this.#committing;
    try {
      this.saveAnswers();
      // Marked as on the wire but never sent: back to waiting, not "maybe created".
      this.#repo.undispatch(this.#ready.map((entry) => entry.id));
      this.#ready = [];
    } catch (error) {
      log.warn('outbox', `could not save at shutdown (a restart asks the server): ${String(error)}`);
    }
  }

  /**
   * One commit: the answers gathered so far, and (when the runner needs more) up to `want` due entries marked as on
   * the wire, written without waiting for the disk; once the WAL is synced (off the event loop) the answers are told
   * and the marked entries go out. While one is syncing, a second may be written only to mark more entries (a sync
   * takes milliseconds, tens on a busy disk, and the sends would run dry meanwhile); each is told in order, after its
   * own sync and every earlier one. A failed write changes nothing: the answers stay gathered and are tried again, and
   * the runner pauses.
   */
  #commit(want: number): void {
    if (this.#disposed) return;
    if (this.#committing && (want === 0 || this.#offline || this.#unsynced >= MAX_UNSYNCED)) return this.#scheduleOutcomes(this.#o.outcomeDelayMs);
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
    this.#unsynced += 1;
    this.#marking += dispatched.length;
    // Told only once on disk: a sync that fails (a full disk) is tried again, the runner paused meanwhile.
    const synced = untilDone(() => this.#repo.sync(), (error) => this.#failedWrite(error), this.#o.baseDelayMs);
    const earlier = this.#committing;
    // After every earlier commit is told, whatever became of it: each commit's answers and marks in order.
    const inTurn = earlier ? earlier.then(() => synced, () => synced) : synced;
    const done: Promise<void> = inTurn.then(() => {
      this.#unsynced -= 1;
      this.#marking -= dispatched.length;
      // An answer the operator's change superseded meanwhile is no longer kept apart, and not told.
      const current = outcomes.filter((entry) => this.#syncing.get(entry.id) === entry);
      for (const entry of current) this.#syncing.delete(entry.id);
      this.#told(current);
      this.#ready.push(...dispatched);
      if (this.#committing === done) this.#committing = null;
      this.#changed();
      this.#pump();
      if (this.#unsaved.size > 0 && this.#inFlight.size === 0 && this.#ready.length === 0) this.#commit(0);
    });
    this.#committing = done;
  }

  /** One relaxed commit of `outcomes` and of up to `limit` due entries marked as on the wire; answers those entries. */
  #dispatch(limit: number, outcomes: OutboxEntry[], probe: boolean): OutboxEntry[] {
    const now = this.#o.now();
    const marked = this.#repo.dispatch(limit, now, outcomes, probe, true, this.#held);
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

  /** Answers now committed: no longer kept apart, and their waiters hear them. */
  #told(outcomes: OutboxEntry[]): void {
    for (const entry of outcomes) {
      if (this.#unsaved.get(entry.id) === entry) this.#unsaved.delete(entry.id);
      if (isAnswered(entry)) this.#tell(entry);
    }
  }

  #scheduleOutcomes(delay: number): void {
    if (this.#outcomeTimer || this.#disposed) return;
    this.#outcomeTimer = setTimeout(() => {
      this.#outcomeTimer = null;
      if (this.#unsaved.size > 0) this.#commit(this.#refill());
      this.#changed();
    }, delay);
    this.#outcomeTimer.unref?.();
  }

  /**
   * Starts ready entries up to the concurrency limit; when fewer than half of `dispatchAhead` are ready or being
   * marked, one commit marks the next due ones (with the answers gathered meanwhile). Then sleeps until the next one
   * is due.
   */
  #pump(): void {
    if (this.#disposed) return;
    const now = this.#o.now();
    this.#noticeClock(now);
    const ahead = this.#ready.length + this.#marking;
    if ((this.#offline ? !this.#committing : this.#unsynced < MAX_UNSYNCED) && now >= this.#pausedUntil && ahead <= this.#o.dispatchAhead / 2 && (this.#mayBeDue || this.#offline)) {
      this.#commit(this.#offline ? 1 : this.#o.dispatchAhead - ahead);
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

  /**
   * Due entries to mark as on the wire in a commit of answers: what `#pump` would ask for now (none while the server
   * is out of reach, where `#pump` probes). Without them, the answers' commit held the next marks back until its sync
   * was done, and the sends ran dry meanwhile (a sync takes milliseconds, tens on a busy disk).
   */
  #refill(): number {
    const ahead = this.#ready.length + this.#marking;
    if (this.#offline || this.#o.now() < this.#pausedUntil || !this.#mayBeDue || ahead > this.#o.dispatchAhead / 2) return 0;
    return this.#o.dispatchAhead - ahead;
  }

  /** The pause and the due times move back with a clock set back; at a start, due times written by a clock ahead do. */
  #noticeClock(now: number): void {
    const back = this.#clock.look(now);
    if (back === null) return;
    if (back !== 'first' && this.#pausedUntil > now) this.#pausedUntil = Math.max(now, this.#pausedUntil - back);
    this.#mayBeDue = true;
    try {
      if (back === 'first') this.#repo.dueBy(now + this.#o.maxDelayMs + CLOCK_SET_BACK_MS, now);
      else this.#repo.clockSetBack(now, back);
    } catch (error) {
      log.warn('outbox', `could not move the due times back with the clock: ${String(error)}`);
    }
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
    if (this.#unsaved.size >= this.#o.dispatchAhead || (this.#inFlight.size === 0 && this.#ready.length === 0)) this.#commit(this.#refill());
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
