import { randomUUID } from 'node:crypto';
import type { CameraCreateRequest, OutboxEntry, OutboxSummary } from '../../preload/contract/onboarding';
import { AppFailure } from '../shared/app-failure';
import { said } from '../shared/i18n';
import { log } from '../shared/log';
import { checkedCameraRequest } from '../platform/client';
import type { OutboxRepository } from '../storage/repositories/outbox-repository';
import { isUniqueViolation } from '../storage/sqlite-errors';
import { inPreparedChunks } from './chunks';
import { checkedRow, duplicateExternalId as duplicate, entryGone, keptExternalId } from './outbox-requests';
import { withDefaults, type OutboxOptions, type SendCamera, type Tuning } from './outbox-options';
import { OutboxRunner } from './outbox-runner';
import { summaryOf } from './outbox-summary';
import { isAnswered, Waiters } from './outbox-waiters';
import { newEntryIds } from './entry-ids';
import { queuedEntry, transition, type EntryMeta, type OutboxEvent } from './outbox-state';

export type { OutboxOptions, SendCamera };

/**
 * The outbox every camera submission goes through, kept in the database. An entry is acknowledged (queued) once its
 * row is committed; before a request leaves, a commit marks it as on the wire (many at once, ahead of the sends), so
 * a restart retries it as "maybe created" and its external id decides. Answers are committed in small groups, and a
 * caller of `settled` hears an answer only once it is on disk. While the server is out of reach the outbox pauses and
 * probes on its own backoff; an answer (or `wake`, when the connection check succeeds) makes every retry due now.
 * Sending is the runner's job (`OutboxRunner`); this class takes the operator's changes and answers the screens.
 */
export class Outbox {
  readonly #repo: OutboxRepository;
  readonly #onChange: ((summary: OutboxSummary) => void) | undefined;
  /** The options with their defaults. */
  readonly #o: Tuning;
  readonly #runner: OutboxRunner;

  /**
   * Entries this outbox queued whose answer it has not told yet: their callers of `settled` wait without a look at the
   * database (an import waits on all of its entries at once, and a read per entry cost as much as its wait).
   */
  #pending = new Set<string>();
  /**
   * Final answers (created, needs fixing, held) told while the call that queued their entries was still running,
   * before its caller could wait for them: kept until the turn after that call returns, for its `settled`, which
   * would otherwise read each from the database and open its sealed request group again (a thousand-camera import
   * had hundreds answered by then). Emptied by any change the operator makes.
   */
  #early = new Map<string, OutboxEntry>();
  /** `queue` calls under way. */
  #queueing = 0;
  #waiters = new Waiters((id) => this.get(id));
  #changeTimer: NodeJS.Timeout | null = null;
  #disposed = false;
  #loaded: Promise<void> | null = null;

  constructor(options: OutboxOptions) {
    this.#repo = options.repository;
    this.#onChange = options.onChange;
    this.#o = withDefaults(options);
    this.#runner = new OutboxRunner({
      repository: options.repository,
      send: options.send,
      tuning: this.#o,
      tell: (entry) => {
        const queuedHere = this.#pending.delete(entry.id);
        const waited = this.#waiters.wake(entry.id, entry);
        // Only answers that stay until the operator changes something (which empties the map): a retry would go on
        // the wire again without being told.
        if (!waited && queuedHere && this.#queueing > 0 && entry.state !== 'retrying') this.#early.set(entry.id, entry);
        else this.#early.delete(entry.id);
      },
      changed: () => this.#changed(),
    });
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
      this.#runner.start();
    })();
    return this.#loaded;
  }

  /** Reads for the screens (lists, counts, checks of an import) go straight to the database. */
  get repository(): OutboxRepository {
    return this.#repo;
  }

  /** The entry as the console knows it: an answer not yet committed shows as it will be. */
  get(id: string): OutboxEntry | undefined {
    return this.#runner.answerOf(id) ?? this.#repo.get(id) ?? undefined;
  }

  /** Queues entries, `chunkRows` per transaction with a turn of the event loop between them; sending starts after the
   * first. An entry whose external id this profile has already is not queued: its index is in `refused` (and one
   * whose MAC or serial it has, with `skipKnown`; see `OutboxRepository.insert`). */
  async queue(requests: CameraCreateRequest[], meta: EntryMeta, options: { skipKnown?: boolean | 'pending' } = {}): Promise<{ added: OutboxEntry[]; refused: number[] }> {
    this.#queueing += 1;
    try {
      const at = new Date(this.#o.now()).toISOString();
      const ids = newEntryIds(requests.length);
      // Each row checked ahead of its slice's transaction, in short turns (see inPreparedChunks).
      const prepare = (request: CameraCreateRequest, index: number): OutboxEntry =>
        queuedEntry(ids[index]!, requests.length === 1 ? checkedCameraRequest(request) : checkedRow(request, index), meta, at);
      const results = await inPreparedChunks(requests, this.#o.chunkRows, prepare, (slice, offset, deadline) => {
        const { added, refused, done } = this.#repo.insert(slice, options.skipKnown ?? false, true, deadline);
        for (const entry of added) {
          this.#pending.add(entry.id);
          this.#runner.hold(entry);
        }
        this.#runner.nudge();
        return { done, result: { added, refused: refused.map((index) => index + offset) } };
      });
      // Acknowledged once on disk: one sync of the WAL for all the slices, on a thread of the pool.
      await this.#repo.sync();
      return { added: results.flatMap((r) => r.added), refused: results.flatMap((r) => r.refused) };
    } finally {
      this.#queueing -= 1;
      // The caller's `settled` calls run before this (in the continuation of its await); nobody asks for the rest.
      setImmediate(() => {
        if (this.#queueing === 0) this.#early.clear();
      });
    }
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

  /**
   * Replaces an entry's request (a fix after a 422, or a change before it was sent) and queues it again. An entry the
   * server may have created keeps its external id (one not given is the old one; another one is refused on that
   * field): under a new one, the next try would create a second camera instead of being recognised by it.
   */
  async edit(id: string, request: CameraCreateRequest): Promise<OutboxEntry> {
    const current = this.#need(id);
    const next = transition(current, { type: 'edited', at: new Date(this.#o.now()), request: keptExternalId(current, checkedCameraRequest(request)) });
    try {
      this.#repo.save([next], true);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
    // Its row is rewritten: the next send reads it, and an answer not committed yet no longer applies.
    this.#runner.superseded(id);
    return this.#after(next);
  }

  /** A server's delete was undone: its cameras held or waiting meanwhile (the server was gone) are tried now. */
  retryServer(profileId: string): void {
    this.#runner.unpause();
    this.#repo.retryAll(this.#o.now(), profileId);
    this.#after(null);
  }

  /** Tries one entry (or every waiting one) now instead of at its backoff time. */
  async retry(id?: string): Promise<void> {
    this.#runner.unpause();
    if (id === undefined) {
      this.#repo.retryAll(this.#o.now());
      this.#after(null);
      return;
    }
    const entry = this.#need(id);
    if (entry.state === 'queued' || entry.state === 'sending') return;
    const next = this.#change(id, { type: 'retry-requested', at: new Date(this.#o.now()) });
    this.#repo.save([next]);
    this.#runner.superseded(id);
    this.#after(next);
  }

  /**
   * Takes entries out that are not on the wire, not created and not perhaps created; answers the mark that
   * `undoDiscard` takes. One the server may have created (its answer was lost) stays until a try settles it: taken
   * out, its MAC, serial and external id would no longer be known, and the same camera entered again would be a
   * second camera on the server (as an import's cancel leaves such entries to finish).
   */
  async discard(ids: string[]): Promise<string> {
    for (const id of ids) {
      const entry = this.#need(id);
      if (entry.state === 'sending' || entry.state === 'created') throw new AppFailure('Conflict', said('errors.outbox.busy'));
      if (entry.maybeCreated) throw new AppFailure('Conflict', said('errors.outbox.maybeCreated'));
    }
    const mark = `${new Date(this.#o.now()).toISOString()} ${randomUUID()}`;
    this.#repo.discard(ids, mark);
    for (const id of ids) {
      this.#pending.delete(id);
      this.#runner.forget(id);
      this.#waiters.wake(id, null);
    }
    this.#after(null);
    return mark;
  }

  /**
   * Brings back what a discard (`discard:<mark>`) or a clear (`clear:<time>`) took out; refused when an external id was
   * queued again since, and when a later discard forgot what this one took out (the undo's button would otherwise
   * go as if the entries came back).
   */
  async undo(kind: 'discard' | 'clear', mark: string): Promise<number> {
    try {
      if (kind === 'clear') return this.#repo.undoClear(mark);
      const restored = this.#repo.undoDiscard(mark);
      if (restored === 0) throw new AppFailure('Conflict', said('onboarding.errors.nothingToUndo'));
      return restored;
    } catch (error) {
      throw isUniqueViolation(error) ? new AppFailure('Conflict', said('onboarding.errors.undoTaken')) : error;
    } finally {
      this.#after(null);
    }
  }

  /** Hides created entries from the outbox (they stay in the created list and stay known); answers the undo mark. */
  async clearCreated(): Promise<string> {
    // Answers being synced are waited for, and those not committed yet committed: all shown as created are cleared.
    while (this.#runner.committing) await this.#runner.committing;
    const at = new Date(this.#o.now()).toISOString();
    this.#runner.saveAnswers();
    this.#repo.clearCreated(at);
    this.#after(null);
    return at;
  }

  /** The connection check reached the server: retries are due now and the pause ends. */
  wake(): void {
    if (this.#disposed) return;
    this.#runner.wake();
    this.#after(null);
  }

  /**
   * Resolves when the entry has a committed answer (created, needs fixing, held) or waits to retry, after `timeoutMs`,
   * or when `signal` aborts (the caller stopped waiting; the entry carries on).
   */
  settled(id: string, timeoutMs: number, signal?: AbortSignal): Promise<OutboxEntry> {
    const early = this.#early.get(id);
    if (early) {
      this.#early.delete(id);
      return Promise.resolve(early);
    }
    // Queued here and not answered yet: nothing to read.
    if (this.#pending.has(id) && !signal?.aborted) return this.#waiters.wait(id, timeoutMs, signal);
    const saved = this.#repo.stateOf(id);
    if (!saved) return Promise.reject(entryGone());
    // An answer not committed yet is not told: the caller waits for the commit.
    if ((isAnswered(saved) && !this.#runner.answerOf(id)) || signal?.aborted) return Promise.resolve(this.#need(id));
    return this.#waiters.wait(id, timeoutMs, signal);
  }

  summary(): OutboxSummary {
    return summaryOf(this.#repo.counts(), this.#runner.syncing, { offline: this.#runner.offline, pausedUntil: this.#runner.pausedUntil, sessionOnly: this.#o.sessionOnly });
  }

  /** Stops sending: requests on the wire are cancelled and awaited, answers and unsent marks committed. */
  async dispose(): Promise<void> {
    this.#disposed = true;
    this.#pending.clear();
    this.#early.clear();
    if (this.#changeTimer) clearTimeout(this.#changeTimer);
    await this.#runner.dispose();
    // Whoever still waits hears the entry as it is on disk now.
    for (const id of this.#waiters.ids()) this.#waiters.wake(id, this.#repo.get(id));
  }

  #need = (id: string): OutboxEntry => {
    const entry = this.get(id);
    if (!entry) throw entryGone();
    return entry;
  };

  #change = (id: string, event: OutboxEvent): OutboxEntry => transition(this.#need(id), event);

  /** After a committed change: waiters, the summary and the runner hear of it. */
  #after(entry: OutboxEntry | null): OutboxEntry {
    this.#early.clear();
    if (entry && isAnswered(entry)) this.#waiters.wake(entry.id, entry);
    this.#runner.nudge();
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
}
