/**
 * Tokens whose history write was refused (a full disk, a folder that could not be written), written again every
 * `everyMs` while the console runs until the disk takes them: the warning beside them told the operator Watchdesk saves
 * again as soon as there is room. Nothing is waited for at exit: what is still unwritten then is what the warning told
 * the operator to copy or export.
 */
export class RefusedWrites<T> {
  readonly #waiting: T[] = [];
  #timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly write: (items: T[]) => Promise<unknown>,
    private readonly told: { written?: (items: T[]) => void; refused?: (error: unknown) => void } = {},
    private readonly everyMs = 2_000,
  ) {}

  add(items: readonly T[]): void {
    this.#waiting.push(...items);
    this.#soon();
  }

  /** Forgets what waits (the history it was for is cleared), and gives it to the caller (an undo of the clear adds it back). */
  drop(): T[] {
    return this.#waiting.splice(0);
  }

  #soon(): void {
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#again();
    }, this.everyMs);
    this.#timer.unref();
  }

  async #again(): Promise<void> {
    const items = this.#waiting.splice(0);
    if (items.length === 0) return;
    try {
      await this.write(items);
    } catch (error) {
      this.#waiting.unshift(...items);
      this.told.refused?.(error);
      this.#soon();
      return;
    }
    this.told.written?.(items);
  }
}
