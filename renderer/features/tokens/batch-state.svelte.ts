import { api } from '../../lib/api';
import type { AppError } from '../../../preload/app-error';
import type { BatchRow, BatchStatus } from '../../../preload/channels/tokens';
import { downloadText } from './download';

const POLL_MS = 250;

/**
 * A batch as the screen follows it. Main runs the batch; the screen polls `tokens.batchStatus` about four times a
 * second (there is no push channel), asking only for rows changed since the last answer.
 */
export class BatchState {
  #status = $state<BatchStatus | null>(null);
  #rows = $state<BatchRow[]>([]);
  #error = $state<AppError | null>(null);
  #starting = $state(false);
  #timer: ReturnType<typeof setTimeout> | null = null;
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
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** Picks the batch up again after the screen was away. */
  resume(): void {
    if (this.#status && needsPolling(this.#status)) this.#schedule();
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
    if (needsPolling(status)) this.#schedule();
  }

  #schedule(): void {
    if (this.#timer) clearTimeout(this.#timer);
    const generation = this.#generation;
    this.#timer = setTimeout(async () => {
      this.#timer = null;
      const current = this.#status;
      if (!current) return;
      const result = await api.tokens.batchStatus({ batchId: current.id, since: current.rev });
      if (generation !== this.#generation) return;
      if (result.ok) this.#take(result.value, false);
      else this.#error = result.error;
    }, POLL_MS);
  }
}

/** Rows still being issued, or the history write still landing (it may end in a warning to show). */
function needsPolling(status: BatchStatus): boolean {
  return status.running || status.savingHistory;
}
