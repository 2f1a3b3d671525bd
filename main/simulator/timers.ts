/**
 * Timers the simulator owns (latency waits, slow-body trickles). close() cancels them all at once so a test's
 * teardown is never held up by a 30-second fault still ticking.
 */
export class TimerSet {
  private readonly pending = new Set<NodeJS.Timeout>();

  set(fn: () => void, ms: number): void {
    const handle = setTimeout(() => {
      this.pending.delete(handle);
      fn();
    }, ms);
    this.pending.add(handle);
  }

  delay(ms: number): Promise<void> {
    return new Promise((resolve) => this.set(resolve, ms));
  }

  clearAll(): void {
    for (const handle of this.pending) clearTimeout(handle);
    this.pending.clear();
  }
}
