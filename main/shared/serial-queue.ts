/**
 * Runs async tasks one at a time, in the order they were queued: file rewrites that must not interleave, and keytar
 * calls that must not overlap. A task that fails rejects for its own caller only; the tasks after it still run.
 */
export interface SerialQueue {
  /** Runs `task` once every task queued before it has finished, and settles as it does. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Resolves once every task queued so far has finished, whether it succeeded or not. Never rejects. */
  idle(): Promise<void>;
}

export function createSerialQueue(): SerialQueue {
  // Never rejects: each task's failure is cut off the tail and left to the task's own caller.
  let tail: Promise<void> = Promise.resolve();
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const next = tail.then(task);
      tail = next.then(
        () => undefined,
        () => undefined,
      );
      return next;
    },
    idle() {
      return tail;
    },
  };
}
