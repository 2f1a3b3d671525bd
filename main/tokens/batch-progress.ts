import type { BatchProgress } from '../../preload/contract/tokens';

/** At most this many pushes a second per batch while it runs (the progress bar needs no more). */
const pushesPerSecond = 10;

interface Followed {
  progress(since: number): BatchProgress;
}

/**
 * Turns a batch's changes into `batch.progress` pushes: coalesced to at most ten a second, each with the counts and
 * only the rows changed since the previous push; an urgent change (the run ended, paused, was cancelled, its last
 * history write landed) is pushed at once so the screen shows final rows without waiting for the next tick.
 */
export class ProgressPusher {
  #since = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #lastPush = Number.NEGATIVE_INFINITY;
  #batch: Followed | null = null;

  constructor(
    private readonly emit: (progress: BatchProgress) => void,
    private readonly intervalMs = 1000 / pushesPerSecond,
  ) {}

  follow(batch: Followed): void {
    this.#batch = batch;
  }

  /** The screen got everything up to `rev` in a call's answer (e.g. batchStart): later pushes start after it. */
  sent(rev: number): void {
    this.#since = Math.max(this.#since, rev);
  }

  changed(urgent: boolean): void {
    if (urgent) return this.flush();
    if (this.#timer !== undefined) return;
    const wait = Math.max(0, this.#lastPush + this.intervalMs - performance.now());
    this.#timer = setTimeout(() => this.flush(), wait);
  }

  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (!this.#batch) return;
    this.#lastPush = performance.now();
    const progress = this.#batch.progress(this.#since);
    this.#since = progress.rev;
    this.emit(progress);
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
