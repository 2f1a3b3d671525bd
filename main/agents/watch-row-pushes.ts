import type { WatchRow } from '../../preload/contract/agents';
import { MAX_PUSHED_ROWS } from '../../preload/contract/agents-watch';

/** Rows changed in a running cycle are pushed this often (and at its end), so a long cycle shows its progress. */
export const ROW_PUSH_MS = 250;

/**
 * The rows of a watch list that changed since the last push, pushed together every ROW_PUSH_MS while a cycle runs and
 * at its end. More than MAX_PUSHED_ROWS at once are pushed as "read your window again" (rows null) instead.
 */
export class WatchRowPushes {
  #dirty = new Set<string>();
  #timer: NodeJS.Timeout | null = null;
  #stopped = false;

  constructor(
    private readonly rowsOf: (ids: string[]) => WatchRow[],
    private readonly push: (rows: WatchRow[] | null) => void,
    /** After a timed push (not one at a cycle's end): the summary's counts moved with the rows. */
    private readonly afterTimedPush: () => void,
  ) {}

  /** A device's row (or its alerts) changed: it goes with the next push. */
  touch(id: string): void {
    this.#dirty.add(id);
    if (this.#timer || this.#stopped) return;
    this.#timer = setTimeout(() => {
      if (this.flush()) this.afterTimedPush();
    }, ROW_PUSH_MS);
    this.#timer.unref?.();
  }

  /** Pushes the rows changed since the last push; false when there were none. */
  flush(): boolean {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#dirty.size === 0 || this.#stopped) return false;
    const ids = [...this.#dirty];
    this.#dirty.clear();
    this.push(ids.length <= MAX_PUSHED_ROWS ? this.rowsOf(ids) : null);
    return true;
  }

  /** Devices came and went: the page reads its window again rather than patching it. */
  readAgain(): void {
    this.#dirty.clear();
    this.push(null);
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
