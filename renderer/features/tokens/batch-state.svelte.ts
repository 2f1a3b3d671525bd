import { api } from '../../lib/api';
import type { AppError } from '../../../preload/contract/app-error';
import type { BatchRow, BatchStatus } from '../../../preload/contract/tokens';
import { downloadText } from './download';

/** The longest a status call waits in main: the progress bar moves about four times a second. */
const POLL_WAIT_MS = 250;

/**
 * A batch as the screen follows it. Main runs the batch; the screen long-polls `tokens.batchStatus` (there is no
 * push channel): each call answers after at most 250 ms, or at once when the rows are all final or the history write
 * has landed, and carries only the rows changed since the last answer.
 */
export class BatchState {
  #status = $state<BatchStatus | null>(null);
  #rows = $state<BatchRow[]>([]);
  #error = $state<AppError | null>(null);
  #starting = $state(false);
  /** True while a status call is out, so there is never more than one. */
  #polling = false;
  /** Bumped when the screen goes away, so a late poll answer is ignored. */
  #generation = 0;

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

  async start(input: Parameters<typeof api.tokens.batchStart>[0]): Promise<AppError | null> {
    this.#starting = true;
    this.#error = null;
    const result = await api.tokens.batchStart(input);
    this.#starting = false;
    if (!result.ok) return result.error;
    this.#take(result.value, true);
    return null;
  }

  async cancel(): Promise<void> {
    if (!this.#status) return;
    const result = await api.tokens.batchCancel({ batchId: this.#status.id });
    if (result.ok) this.#take(result.value, true);
    else this.#error = result.error;
  }

  async retry(): Promise<void> {
    if (!this.#status) return;
    const result = await api.tokens.batchRetry({ batchId: this.#status.id });
    if (result.ok) this.#take(result.value, true);
    else this.#error = result.error;
  }

  async exportCsv(): Promise<void> {
    if (!this.#status) return;
    const result = await api.tokens.batchExportCsv({ batchId: this.#status.id });
    if (result.ok) downloadText(result.value.filename, result.value.csv);
    else this.#error = result.error;
  }

  /** Stops polling (the screen unmounted); the batch itself keeps running in main. */
  stop(): void {
    this.#generation += 1;
    this.#polling = false;
  }

  /** Picks the batch up again after the screen was away. */
  resume(): void {
    if (this.#status && needsPolling(this.#status)) void this.#poll();
  }

  #take(status: BatchStatus, full: boolean): void {
    if (full) {
      this.#rows = status.rows;
    } else if (status.rows.length > 0) {
      const next = this.#rows.slice();
      for (const row of status.rows) next[row.index] = row;
      this.#rows = next;
    }
    this.#status = status;
    if (needsPolling(status)) void this.#poll();
  }

  async #poll(): Promise<void> {
    if (this.#polling) return;
    const asked = this.#status;
    if (!asked) return;
    this.#polling = true;
    const generation = this.#generation;
    const result = await api.tokens.batchStatus({ batchId: asked.id, since: asked.rev, waitMs: POLL_WAIT_MS });
    if (generation !== this.#generation) return;
    this.#polling = false;
    if (!result.ok) {
      this.#error = result.error;
      return;
    }
    // A start, cancel or retry may have answered while this call was out: its status is as new or newer, so an
    // answer for another batch or an older revision is dropped, and polling goes on from the newer status.
    const current = this.#status;
    if (current && result.value.id === current.id && result.value.rev >= current.rev) this.#take(result.value, false);
    else if (current && needsPolling(current)) void this.#poll();
  }
}

/** Rows still being issued, or the history write still landing (it may end in a warning to show). */
function needsPolling(status: BatchStatus): boolean {
  return status.running || status.savingHistory;
}
