/**
 * Writes items in groups, one write at a time: items that arrive while a write is under way go together in the next
 * one, and while more answers are on their way a group waits up to `waitMs` (or until it holds `maxItems`) to grow.
 * Without the wait a group held only what arrived during the previous commit, a few dozen rows on a fast disk: a
 * 10,000 batch made some 400 commits. Each item is handed to `landed` once the write holding it has committed or
 * failed, never before: only then may the operator see it as issued.
 */
export class GroupCommit<T> {
  private writing: Promise<void> | null = null;
  private waiting: T[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly options: {
      write(items: T[]): Promise<void>;
      landed(items: T[], error: unknown): void;
      /** Items whose answers are still on their way (the group may wait for them). */
      expected(): number;
      waitMs: number;
      maxItems: number;
    },
  ) {}

  /** True while a write is under way or items wait for one. */
  get busy(): boolean {
    return this.writing !== null || this.waiting.length > 0;
  }

  /** How many items wait for the next write. */
  get pending(): number {
    return this.waiting.length;
  }

  add(item: T): void {
    this.waiting.push(item);
    this.flush();
  }

  /** Resolves once nothing is being written or waits (each write starts the next one as it ends). */
  async drained(): Promise<void> {
    while (this.busy) {
      if (!this.writing) this.flush(true);
      await this.writing;
    }
  }

  /** Starts the next write, unless one is under way or, without `now`, the group may still grow. */
  private flush(now = false): void {
    if (this.writing || this.waiting.length === 0) return;
    const { options } = this;
    if (!now && options.expected() > 0 && this.waiting.length < options.maxItems) {
      this.timer ??= setTimeout(() => {
        this.timer = null;
        this.flush(true);
      }, options.waitMs);
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const group = this.waiting;
    this.waiting = [];
    let failure: unknown = null;
    this.writing = options
      .write(group)
      .catch((error: unknown) => void (failure = error ?? new Error('not written')))
      .finally(() => {
        this.writing = null;
        options.landed(group, failure);
        this.flush();
      });
  }
}
