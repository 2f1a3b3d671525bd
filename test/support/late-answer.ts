/**
 * A page's call whose answer main gives at once but which reaches the page only once let go: as when the answer and
 * main's pushed events come by different channels and the events arrive first. While not held, answers pass at once.
 */
export interface LateAnswer<A extends unknown[], R> {
  call: (...args: A) => Promise<R>;
  /** Holds the answers of calls made from now on. */
  hold(): void;
  /** Holds the answer of the next call only; later calls answer at once. */
  holdNext(): void;
  /** Lets the held answers through. */
  letGo(): void;
  /** How many answers have reached the caller. */
  readonly answered: number;
}

export function lateAnswer<A extends unknown[], R>(call: (...args: A) => Promise<R>): LateAnswer<A, R> {
  let gate: Promise<void> = Promise.resolve();
  let next: Promise<void> | null = null;
  let open: () => void = () => undefined;
  let answered = 0;
  return {
    async call(...args) {
      const waitFor = next ?? gate;
      next = null;
      const answer = await call(...args);
      await waitFor;
      answered += 1;
      return answer;
    },
    hold() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    holdNext() {
      next = new Promise<void>((resolve) => (open = resolve));
    },
    letGo() {
      open();
    },
    get answered() {
      return answered;
    },
  };
}
