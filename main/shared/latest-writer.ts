/**
 * Saves a state that changes faster than the disk can take it: at most one write runs at a time, and the calls made
 * while it runs become one write of the newest state (intermediate states are skipped, never queued). The state is
 * serialised when its write starts, not when `save` is called, so a burst of changes costs one copy, not one each.
 * Every caller's promise settles once a write that started after its call has finished.
 */
export interface LatestWriter<T> {
  save(state: T): Promise<void>;
}

export function createLatestWriter<T>(write: (state: T) => Promise<void>): LatestWriter<T> {
  interface Waiter {
    resolve: () => void;
    reject: (error: unknown) => void;
  }
  let next: { state: T; waiters: Waiter[] } | null = null;
  let running = false;

  async function pump(): Promise<void> {
    running = true;
    while (next) {
      const { state, waiters } = next;
      next = null;
      try {
        await write(state);
        for (const waiter of waiters) waiter.resolve();
      } catch (error) {
        for (const waiter of waiters) waiter.reject(error);
      }
    }
    running = false;
  }

  return {
    save(state) {
      return new Promise<void>((resolve, reject) => {
        if (next) {
          next.state = state;
          next.waiters.push({ resolve, reject });
        } else {
          next = { state, waiters: [{ resolve, reject }] };
        }
        if (!running) void pump();
      });
    },
  };
}
