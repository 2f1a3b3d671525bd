/**
 * How many requests a batch keeps in flight, adapted to the server: it grows by about one per round of answers while
 * latency stays near the best seen (additive increase), and shrinks by a factor when latency climbs far above it or
 * the server says it is overloaded (multiplicative decrease, at most once per round trip so one burst of slow answers
 * counts once). A 429 with Retry-After also holds new requests back until that time. Never above the operator's cap.
 */
export interface AdaptiveLimitOptions {
  /** The operator's cap: never more in flight than this. */
  max: number;
  /** Where a batch starts (default: the cap's half, at least 1): it grows from there while the server keeps up. */
  initial?: number;
  /** Latency this many times the best seen counts as the server struggling (default 4). */
  slowFactor?: number;
  now?: () => number;
}

export class AdaptiveLimit {
  private value: number;
  private bestLatencyMs: number | null = null;
  private holdUntil = 0;
  private lastDecreaseAt = Number.NEGATIVE_INFINITY;
  private readonly max: number;
  private readonly slowFactor: number;
  private readonly now: () => number;

  constructor(options: AdaptiveLimitOptions) {
    this.max = Math.max(1, Math.floor(options.max));
    this.value = Math.min(this.max, Math.max(1, options.initial ?? Math.ceil(this.max / 2)));
    this.slowFactor = options.slowFactor ?? 4;
    this.now = options.now ?? (() => performance.now());
  }

  /** Requests that may be in flight now. */
  get limit(): number {
    return Math.max(1, Math.floor(this.value));
  }

  get cap(): number {
    return this.max;
  }

  /** Milliseconds to hold new requests back (a Retry-After in force), 0 when they may go. */
  holdMs(): number {
    return Math.max(0, this.holdUntil - this.now());
  }

  /** An answer arrived after `latencyMs`. */
  succeeded(latencyMs: number): void {
    const best = this.bestLatencyMs;
    // The best latency drifts up slowly, so one lucky answer does not make every later one look slow.
    this.bestLatencyMs = best === null || latencyMs < best ? latencyMs : best * 0.995 + latencyMs * 0.005;
    // "Far above" needs both the factor and 50 ms, so the jitter of a loopback answer (a GC pause) is not a signal.
    if (best !== null && latencyMs > best * this.slowFactor && latencyMs - best > 50) {
      this.decrease(0.75);
      return;
    }
    this.value = Math.min(this.max, this.value + 1 / this.value);
  }

  /** The server said it is overloaded (429, 503) or a request timed out; `retryAfterMs` when it said how long to wait. */
  overloaded(retryAfterMs?: number | null): void {
    this.decrease(0.5);
    if (retryAfterMs !== null && retryAfterMs !== undefined && retryAfterMs > 0) {
      this.holdUntil = Math.max(this.holdUntil, this.now() + Math.min(retryAfterMs, 120_000));
    }
  }

  private decrease(factor: number): void {
    const now = this.now();
    const roundTrip = this.bestLatencyMs ?? 0;
    if (now - this.lastDecreaseAt < Math.max(roundTrip, 10)) return;
    this.lastDecreaseAt = now;
    this.value = Math.max(1, this.value * factor);
  }
}

/** A Retry-After header value (seconds, or an HTTP date) in milliseconds from `now`; null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: number = Date.now()): number | null {
  if (value === undefined || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
