import type { Bridge, InputOf } from '../../../preload/contract';
import type { AppError } from '../../../preload/contract/app-error';
import type { BatchProgress, BatchRow, BatchStatus } from '../../../preload/contract/tokens';
import { downloadText } from '../../lib/download';

/** Pushes for a batch whose start answer has not arrived yet (the event stream can overtake the call's answer). */
const EARLY_PUSHES_KEPT = 50;

/**
 * A batch as the screen follows it. Main runs the batch and pushes `batch.progress` events (counts plus the rows
 * changed since its previous push, at most about ten a second, and at once when every row is final); the screen
 * applies them. It asks `tokens.batchStatus` only to catch up: when it comes back to a batch after being away, or
 * when a push says it missed one (its `since` is newer than what the screen holds).
 */
export class BatchState {
  // Raw state: both are replaced whole on each change, never mutated, so a batch of 10,000 rows is not wrapped in
  // 10,000 deep proxies (which cost a long main-thread task on every push).
  #status = $state.raw<BatchStatus | null>(null);
  #rows = $state.raw<BatchRow[]>([]);
  #error = $state<AppError | null>(null);
  #starting = $state(false);
  #unsubscribe: (() => void) | null = null;
  #early: BatchProgress[] = [];
  /** True while a catch-up call is out, so there is never more than one. */
  #catchingUp = false;

  /** `save` offers an export as a file (a download in the page; tests pass a recorder). */
  constructor(
    private readonly api: Bridge,
    private readonly save: (filename: string, text: string) => void = downloadText,
  ) {}

  get status(): BatchStatus | null {
    return this.#status;
  }
  get rows(): BatchRow[] {
    return this.#rows;
  }
  get error(): AppError | null {
    return this.#error;
  }
  get busy(): boolean {
    return this.#starting || (this.#status?.running ?? false);
  }
  get done(): number {
    const counts = this.#status?.counts;
    return counts ? counts.ok + counts.failed + counts.cancelled : 0;
  }
  get retryable(): number {
    const counts = this.#status?.counts;
    return counts ? counts.failed + counts.cancelled : 0;
  }

  /**
   * Whether "Retry" can help: some failure may go away (offline, timeout, rate limit) or rows were cancelled. When
   * every failure is permanent (not private, no such stream), retrying would only fail the same way again.
   */
  get retryHelps(): boolean {
    const status = this.#status;
    return status !== null && (status.retryableFailures > 0 || status.counts.cancelled > 0);
  }

  async start(input: InputOf<'tokens.batchStart'>): Promise<AppError | null> {
    this.#listen();
    this.#starting = true;
    this.#error = null;
    this.#early = [];
    const result = await this.api.tokens.batchStart(input);
    this.#starting = false;
    if (!result.ok) return result.error;
    this.#take(result.value);
    return null;
  }

  async cancel(): Promise<void> {
    if (!this.#status) return;
    const result = await this.api.tokens.batchCancel({ batchId: this.#status.id });
    if (result.ok) this.#take(result.value);
    else this.#error = result.error;
  }

  async retry(): Promise<void> {
    if (!this.#status) return;
    const result = await this.api.tokens.batchRetry({ batchId: this.#status.id });
    if (result.ok) this.#take(result.value);
    else this.#error = result.error;
  }

  /** After the breaker paused the batch: runs the rows not tried yet. */
  async resumeRun(): Promise<void> {
    if (!this.#status) return;
    const result = await this.api.tokens.batchResume({ batchId: this.#status.id });
    if (result.ok) this.#take(result.value);
    else this.#error = result.error;
  }

  async exportCsv(): Promise<void> {
    if (!this.#status) return;
    const result = await this.api.tokens.batchExportCsv({ batchId: this.#status.id });
    if (result.ok) this.save(result.value.filename, result.value.csv);
    else this.#error = result.error;
  }

  /** Stops following (the screen unmounted); the batch itself keeps running in main. */
  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }

  /** Follows again after the screen was away: listens, and catches up once on what it missed meanwhile. */
  resume(): void {
    this.#listen();
    if (this.#status && (this.#status.running || this.#status.savingHistory)) void this.#catchUp();
  }

  #listen(): void {
    this.#unsubscribe ??= this.api.on('batch.progress', (progress) => this.#apply(progress));
  }

  /** A full status from a call's answer (start, cancel, retry, catch-up). */
  #take(status: BatchStatus): void {
    const current = this.#status;
    if (current && current.id === status.id && status.rev < current.rev) return; // an older answer than the pushes applied
    this.#rows = status.rows;
    this.#status = status;
    const early = this.#early.filter((progress) => progress.id === status.id);
    this.#early = [];
    for (const progress of early) this.#apply(progress);
  }

  #apply(progress: BatchProgress): void {
    const current = this.#status;
    if (!current || current.id !== progress.id) {
      if (this.#starting) this.#early = [...this.#early.slice(-(EARLY_PUSHES_KEPT - 1)), progress];
      return;
    }
    if (progress.rev < current.rev) return; // older than what the screen holds
    if (progress.since > current.rev) {
      void this.#catchUp(); // a push was missed: its rows are not in this one
      return;
    }
    if (progress.rows.length > 0) {
      const next = this.#rows.slice();
      for (const row of progress.rows) next[row.index] = row;
      this.#rows = next;
    }
    const { since: _since, ...fields } = progress;
    this.#status = { ...current, ...fields, rows: progress.rows };
  }

  async #catchUp(): Promise<void> {
    const asked = this.#status;
    if (!asked || this.#catchingUp) return;
    this.#catchingUp = true;
    const result = await this.api.tokens.batchStatus({ batchId: asked.id, since: 0 });
    this.#catchingUp = false;
    if (result.ok) this.#take(result.value);
    else this.#error = result.error;
  }
}
