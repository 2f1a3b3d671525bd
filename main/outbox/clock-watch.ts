/** A clock that reads this much earlier than at the last look was set back (not a few milliseconds of jitter). */
export const CLOCK_SET_BACK_MS = 2_000;

/**
 * Notices the computer's clock set back between two looks: a laptop sets its time once it is online, just when the
 * outbox can send again, and the pause and the due times the old clock wrote would hold every send back by as much
 * (an hour for a clock an hour fast, queued cameras included: their due time is when they were queued). At the first
 * look (a start) there is no earlier reading: a due time further ahead than the longest backoff can only have been
 * written by a clock that ran ahead.
 */
export class ClockWatch {
  #last = Number.NEGATIVE_INFINITY;

  /** 'first' at the first look, how many ms the clock went back since the last one, or null (nothing to do). */
  look(now: number): number | 'first' | null {
    const first = this.#last === Number.NEGATIVE_INFINITY;
    const back = this.#last - now;
    this.#last = now;
    if (first) return 'first';
    return back >= CLOCK_SET_BACK_MS ? back : null;
  }
}
