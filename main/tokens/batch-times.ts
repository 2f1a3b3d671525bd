/**
 * An instant as an ISO string, remembering the last one: a batch records several tokens in the same millisecond, and
 * formatting a date costs more than the rest of a row's bookkeeping.
 */
class IsoFormatter {
  #ms = Number.NaN;
  #text = '';

  format(ms: number): string {
    if (ms !== this.#ms) {
      this.#text = new Date(ms).toISOString();
      this.#ms = ms;
    }
    return this.#text;
  }
}

const expiryTimes = new IsoFormatter();
const issueTimes = new IsoFormatter();

/** When a token issued at `issuedAt` with lifetime `ttl` seconds expires, as an ISO string; null = never (ttl 0). */
export function expiryOf(issuedAt: Date, ttl: number): string | null {
  return ttl === 0 ? null : expiryTimes.format(issuedAt.getTime() + ttl * 1000);
}

/** `issuedAt.toISOString()`, for the many tokens of a batch. */
export function issuedAtIso(issuedAt: Date): string {
  return issueTimes.format(issuedAt.getTime());
}
