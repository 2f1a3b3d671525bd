/**
 * Barcode scanners type like a keyboard, only much faster, and finish with Enter. A burst is a run of keystrokes
 * each under `gapMs` apart; ending a burst with Enter means "scanned": the value is taken and the focus moves on.
 */
export const SCANNER_GAP_MS = 35;
export const SCANNER_MIN_KEYS = 6;

export class ScanDetector {
  #times: number[] = [];

  /** Records a printable keystroke at `time` (ms). */
  key(time: number): void {
    const last = this.#times[this.#times.length - 1];
    if (last !== undefined && time - last > SCANNER_GAP_MS) this.#times = [];
    this.#times.push(time);
  }

  /** True when Enter at `time` ends a scanner burst; resets either way. */
  enter(time: number): boolean {
    const last = this.#times[this.#times.length - 1];
    const burst = this.#times.length >= SCANNER_MIN_KEYS && last !== undefined && time - last <= SCANNER_GAP_MS * 3;
    this.#times = [];
    return burst;
  }
}
