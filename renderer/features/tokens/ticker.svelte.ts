/** The current time, updated every second while some component watches it (countdowns, "expired" marks). */
class Ticker {
  #now = $state(new Date());
  #watchers = 0;
  #timer: ReturnType<typeof setInterval> | null = null;

  get now(): Date {
    return this.#now;
  }

  /** Call from an $effect; returns the cleanup. */
  watch(): () => void {
    this.#watchers += 1;
    if (!this.#timer) {
      this.#now = new Date();
      this.#timer = setInterval(() => (this.#now = new Date()), 1000);
    }
    return () => {
      this.#watchers -= 1;
      if (this.#watchers === 0 && this.#timer) {
        clearInterval(this.#timer);
        this.#timer = null;
      }
    };
  }
}

export const ticker = new Ticker();
