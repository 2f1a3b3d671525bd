import { randomUUID } from 'node:crypto';
import type { AppErrorKind } from '../../preload/contract/app-error';
import type { Said } from '../../preload/contract/said';
import type { BatchProgress, BatchRow, BatchRowState, BatchStatus, Grant } from '../../preload/contract/tokens';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { AdaptiveLimit, retryAfterMs } from './adaptive-limit';
import { said, say } from '../shared/i18n';
import { expiryOf } from './batch-times';
import { BatchHistory, type Issued } from './batch-history';

export interface BatchDeps {
  /** Issues one token; must honour `signal` (in-flight requests are aborted on cancel). */
  issue(stream: string, signal: AbortSignal): Promise<string>;
  /** A failure as a row sentence. */
  describe(error: unknown, stream: string): { message: string; kind: AppErrorKind; said?: Said | undefined };
  /**
   * Writes rows that got a token to the history. Called as answers arrive (rows that arrive while a write is under
   * way go together in the next one); a row is shown as issued only once its write has landed or failed.
   */
  record(rows: ReadonlyArray<Issued>): Promise<void>;
  now(): Date;
}

export interface BatchOptions {
  streams: string[];
  grant: Grant;
  notes: string[];
  profileName: string;
  /**
   * The operator's cap on requests in flight (default 16: fast on a LAN, gentle on a media server). The batch
   * starts at half of it and adapts to the server's latency and overload answers (see adaptive-limit.ts).
   */
  concurrency?: number;
  /** Requests in flight at the start (default: half the cap); the limit adapts from there. */
  initialConcurrency?: number;
  /** Consecutive connection failures after which the batch pauses instead of trying every row. Default 8. */
  breakerThreshold?: number;
  deps: BatchDeps;
  /**
   * Told of every change (a row moved, the run ended, a history write landed); `urgent` when the screen should hear
   * at once (the run ended, paused or was cancelled) rather than at the next coalesced push (see batch-progress.ts).
   */
  onChange?: (urgent: boolean) => void;
}

/** Failures that say the server cannot be reached at all: a run of them stops the batch (see `breakerThreshold`). */
const connectionKinds = new Set<AppErrorKind>(['Offline', 'Timeout', 'TlsUntrusted', 'TlsPinMismatch', 'Unavailable']);
/** Failures that may go away on their own; the others (no such stream, not private, refused token) will not. */
const retryableKinds = new Set<AppErrorKind>(['Offline', 'Timeout', 'Unavailable', 'RateLimited', 'ServerError', 'Cancelled']);

/** A row refused with 429 is queued again this many times (after the server's Retry-After) before it fails. */
const MAX_RATE_LIMITED_ATTEMPTS = 3;


/**
 * One pasted list of streams issued with one permission set. Rows go pending -> running -> ok | failed |
 * cancelled; a retry runs only the rows without a token, so no stream gets a second token from the desk.
 */
export class TokenBatch {
  readonly id = randomUUID();
  private readonly rows: BatchRow[];
  private rev = 0;
  /** Kept up to date on every change, so a status poll does not count the whole batch. */
  private readonly counts: Record<BatchRowState, number> = { pending: 0, running: 0, ok: 0, failed: 0, cancelled: 0 };
  private controller: AbortController | null = null;
  private current: Promise<void> | null = null;
  /** True from start until every row of the run is final (set synchronously, so a status taken then is final too). */
  private active = false;
  /** Status callers waiting for the run to end or the history write to land (`waitForChange`). */
  private readonly waiters = new Set<() => void>();
  /** Issued rows on their way into the history (a row shows as issued once its group landed). */
  private readonly history: BatchHistory;
  /** Requests in flight: adapted to the server's answers, never above the operator's cap. */
  private readonly limit: AdaptiveLimit;
  /** How often each row was refused with 429 in this batch (it is re-queued a few times before it fails). */
  private readonly rateLimitedAttempts = new Map<number, number>();
  private readonly breakerThreshold: number;
  private consecutiveConnectionFailures = 0;
  /** Set when the breaker stopped the run: the sentence of the last connection failure; pending rows wait for resume(). */
  private pausedBecause: { message: string; said?: Said; kind: AppErrorKind } | null = null;

  constructor(private readonly options: BatchOptions) {
    this.limit = new AdaptiveLimit({ max: options.concurrency ?? 16, ...(options.initialConcurrency ? { initial: options.initialConcurrency } : {}) });
    this.breakerThreshold = Math.max(1, options.breakerThreshold ?? 8);
    this.rows = options.streams.map((stream, index) => ({
      index,
      stream,
      state: 'pending',
      token: null,
      expiresAt: null,
      error: null,
      errorKind: null,
      rev: 0,
    }));
    this.counts.pending = this.rows.length;
    this.history = new BatchHistory({
      record: (items) => options.deps.record(items),
      expected: () => this.counts.running,
      landed: (rows) => {
        for (const row of rows) this.move(row, 'ok');
        // The last write of a finished run clears `savingHistory` (or brings a warning): the screen hears it at once.
        queueMicrotask(() => this.options.onChange?.(!this.active));
      },
      changed: () => {
        this.rev += 1;
        this.options.onChange?.(true);
      },
    });
  }

  get running(): boolean {
    return this.active;
  }

  /** True while the breaker holds rows for resume(): such a batch is not finished. */
  get paused(): boolean {
    return this.pausedBecause !== null;
  }

  get savingHistory(): boolean {
    return this.history.busy;
  }

  /** Runs every pending row. Resolves when every row is final; the history write may still be landing (`settled`). */
  start(): Promise<void> {
    if (this.current) return this.current;
    const controller = new AbortController();
    this.controller = controller;
    this.active = true;
    this.current = this.runPending(controller.signal).finally(() => {
      this.current = null;
      this.controller = null;
    });
    return this.current;
  }

  /** After the breaker paused the batch: runs the rows that were not tried yet. */
  resume(): Promise<void> {
    if (this.current) throw new AppFailure('Conflict', said('errors.history.batchRunning'));
    this.pausedBecause = null;
    this.consecutiveConnectionFailures = 0;
    return this.start();
  }

  /** Puts failed and cancelled rows back in the queue and runs them; rows with a token are left alone. */
  retry(): Promise<void> {
    if (this.current) throw new AppFailure('Conflict', said('errors.history.batchRunning'));
    this.pausedBecause = null;
    this.consecutiveConnectionFailures = 0;
    for (const row of this.rows) {
      if (row.state === 'failed' || row.state === 'cancelled') this.settle(row, 'pending', null, null);
    }
    return this.start();
  }

  /** Aborts in-flight requests and marks the rest cancelled; resolves once no row is running. */
  async cancel(): Promise<void> {
    this.controller?.abort();
    await this.current;
    if (this.pausedBecause) {
      // A paused batch has rows waiting for resume(): cancelling ends them too.
      this.pausedBecause = null;
      for (const row of this.rows) if (row.state === 'pending') this.settle(row, 'cancelled', said('errors.history.cancelledQueued'), 'Cancelled');
      this.wakeWaiters();
    }
  }

  /** Resolves when the current run and its history write (if any) are over. */
  async settled(): Promise<void> {
    await this.current;
    await this.history.drained();
  }

  /**
   * Resolves when the run ends (every row final) or its history write lands, or after `waitMs`, whichever is first;
   * at once when neither is pending. The screen long-polls with it: progress a few times a second, and the final
   * rows the moment they are final rather than at the next tick.
   */
  waitForChange(waitMs: number): Promise<void> {
    if (waitMs <= 0 || (!this.running && !this.savingHistory)) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, waitMs);
      this.waiters.add(wake);
    });
  }

  get grant(): Grant {
    return this.options.grant;
  }

  allRows(): readonly BatchRow[] {
    return this.rows;
  }

  status(since = 0): BatchStatus {
    return {
      id: this.id,
      running: this.running,
      savingHistory: this.savingHistory,
      total: this.rows.length,
      counts: { ...this.counts },
      rev: this.rev,
      // Each row carries the revision of its last change; a scan of a few thousand rows costs microseconds, and none
      // is made when nothing changed after `since` (a progress push asks for the counts this way ten times a second).
      rows: since === 0 ? this.rows.map((row) => ({ ...row })) : since >= this.rev ? [] : this.rows.filter((row) => row.rev > since).map((row) => ({ ...row })),
      grant: this.options.grant,
      notes: this.options.notes,
      historyWarning: this.history.warning,
      profileName: this.options.profileName,
      paused: this.pausedBecause
        ? { ...this.pausedBecause, failures: this.consecutiveConnectionFailures }
        : null,
      concurrency: { limit: this.limit.limit, cap: this.limit.cap },
      // Counted only when some row failed: most batches have none, and the screen asks for this many times a second.
      retryableFailures: this.counts.failed === 0 ? 0 : this.rows.reduce((n, row) => n + (row.state === 'failed' && row.errorKind !== null && retryableKinds.has(row.errorKind) ? 1 : 0), 0),
    };
  }

  /** The progress push: counts and the rows changed after `since` (never the whole batch, unless all changed). */
  progress(since: number): BatchProgress {
    const { grant: _grant, notes: _notes, profileName: _profileName, rows: _none, ...rest } = this.status(Number.MAX_SAFE_INTEGER);
    return { ...rest, rows: this.rows.filter((row) => row.rev > since).map((row) => ({ ...row })), since };
  }

  private wakeWaiters(): void {
    for (const wake of [...this.waiters]) wake();
    this.options.onChange?.(true);
  }

  /** Moves a row to `state` (fields written in place: a batch of thousands makes three moves per row). */
  private move(row: BatchRow, state: BatchRowState): void {
    this.counts[row.state] -= 1;
    this.counts[state] += 1;
    row.state = state;
    row.rev = ++this.rev;
    this.options.onChange?.(false);
  }

  /** Moves a row to a state without a token, with the sentence that says why (or none). */
  private settle(row: BatchRow, state: BatchRowState, error: string | Said | null, errorKind: AppErrorKind | null, errorSaid?: Said): void {
    const saidAs = error !== null && typeof error === 'object' ? error : errorSaid;
    row.error = error !== null && typeof error === 'object' ? say(error) : error;
    if (saidAs) row.errorSaid = saidAs;
    else delete row.errorSaid;
    row.errorKind = errorKind;
    this.move(row, state);
  }

  private async runPending(signal: AbortSignal): Promise<void> {
    const queue = this.rows.filter((row) => row.state === 'pending');
    let next = 0;
    let inFlight = 0;
    let holdTimer: NodeJS.Timeout | null = null;

    // Rows start as the adaptive limit allows: more while the server keeps up, fewer when it slows or says 429/503.
    await new Promise<void>((done) => {
      const pump = (): void => {
        const stopped = signal.aborted || this.pausedBecause !== null;
        if (!stopped) {
          const hold = this.limit.holdMs();
          if (hold > 0 && next < queue.length) {
            holdTimer ??= setTimeout(() => {
              holdTimer = null;
              pump();
            }, hold);
          } else {
            while (inFlight < this.limit.limit && next < queue.length) {
              const row = queue[next++]!;
              inFlight += 1;
              void this.runRow(row, signal, () => queue.push(row)).finally(() => {
                inFlight -= 1;
                pump();
              });
            }
          }
        }
        if (inFlight === 0 && (stopped || next >= queue.length)) {
          if (holdTimer) clearTimeout(holdTimer);
          signal.removeEventListener('abort', pump);
          done();
        }
      };
      signal.addEventListener('abort', pump);
      pump();
    });
    // A token the server issued is recorded even when the run was cancelled meanwhile: issued rows hold no request
    // slot while their history write is under way, but the run waits for every write.
    await this.history.drained();
    for (const row of queue) {
      if (row.state === 'running' || (row.state === 'pending' && this.pausedBecause === null)) {
        this.settle(row, 'cancelled', said('errors.history.cancelledQueued'), 'Cancelled');
      }
    }
    this.active = false;
    this.wakeWaiters();
  }

  /**
   * Issues one row's token; a row the server refused for load (429) goes back in the queue via `requeue`. Resolves
   * once the server has answered, freeing the request slot; the history write goes on (see group-commit.ts), so the disk's
   * fsync time does not hold back the next request.
   */
  private async runRow(row: BatchRow, signal: AbortSignal, requeue: () => void): Promise<void> {
    const { deps, grant } = this.options;
    this.move(row, 'running');
    const sentAt = performance.now();
    let token: string;
    try {
      token = await deps.issue(row.stream, signal);
    } catch (error) {
      if (signal.aborted) {
        this.settle(row, 'cancelled', said('errors.history.cancelledInFlight'), 'Cancelled');
        return;
      }
      const kind = isAppFailure(error) ? error.kind : null;
      if (kind === 'RateLimited' || kind === 'Unavailable' || kind === 'Timeout') {
        const retryAfter = isAppFailure(error) && error.appError.kind === 'RateLimited' ? error.appError.data?.retryAfter : undefined;
        this.limit.overloaded(retryAfterMs(retryAfter));
      }
      // A 429 issued nothing: the row is tried again after the pause, a few times, before it counts as failed.
      const attempts = (this.rateLimitedAttempts.get(row.index) ?? 0) + 1;
      if (kind === 'RateLimited' && attempts <= MAX_RATE_LIMITED_ATTEMPTS) {
        this.rateLimitedAttempts.set(row.index, attempts);
        this.settle(row, 'pending', null, null);
        requeue();
        return;
      }
      const { message, kind: sentenceKind, said: saidAs } = deps.describe(error, row.stream);
      this.settle(row, 'failed', message, sentenceKind, saidAs);
      this.countFailure(message, sentenceKind, saidAs);
      return;
    }
    this.limit.succeeded(performance.now() - sentAt);
    this.consecutiveConnectionFailures = 0;
    const issuedAt = deps.now();
    const expiresAt = expiryOf(issuedAt, grant.ttl);
    row.token = token;
    row.expiresAt = expiresAt;
    // Shown as issued only once it is in the history: a crash after this point loses nothing the operator saw.
    this.history.add(row, { stream: row.stream, token, issuedAt, expiresAt });
  }

  /** A run of connection failures in a row trips the breaker: the rows not tried yet wait for resume(). */
  private countFailure(message: string, kind: AppErrorKind, saidAs?: Said): void {
    if (!connectionKinds.has(kind)) {
      this.consecutiveConnectionFailures = 0;
      return;
    }
    this.consecutiveConnectionFailures += 1;
    if (this.consecutiveConnectionFailures >= this.breakerThreshold && this.pausedBecause === null) {
      this.pausedBecause = { message, ...(saidAs ? { said: saidAs } : {}), kind };
      this.rev += 1;
      this.wakeWaiters();
    }
  }
}
