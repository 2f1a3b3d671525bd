/**
 * The simulator's notion of "now": the caller's clock (default Date.now) plus an offset that tests push forward
 * with POST /_sim/clock, so expiring a token does not mean waiting for it.
 */
export class SimClock {
  private offsetMs = 0;

  constructor(private readonly base: () => number = Date.now) {}

  now(): number {
    return this.base() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  get advancedMs(): number {
    return this.offsetMs;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
