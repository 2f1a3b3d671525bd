/**
 * Timestamps in the platform's format: ISO 8601 UTC with microseconds (`2024-03-05T10:11:12.123456Z`).
 * JavaScript dates stop at milliseconds, so the seeded data carries an extra 0..999 microseconds.
 */
export function formatMicroIso(epochMs: number, extraMicros = 0): string {
  const whole = Math.floor(epochMs);
  const iso = new Date(whole).toISOString(); // 2024-03-05T10:11:12.123Z
  return `${iso.slice(0, 23)}${String(Math.max(0, Math.min(999, Math.floor(extraMicros)))).padStart(3, '0')}Z`;
}

export const DAY_MS = 86_400_000;

/** Midnight UTC of the day that contains `epochMs`. */
export function utcDayStart(epochMs: number): number {
  return Math.floor(epochMs / DAY_MS) * DAY_MS;
}

/** When something issued at `issuedAtMs` for `durationSeconds` expires; null for 0, which the spec calls unlimited. */
export function expiryMs(issuedAtMs: number, durationSeconds: number): number | null {
  return durationSeconds === 0 ? null : issuedAtMs + durationSeconds * 1000;
}

/** `expires_at` as answered: the platform timestamp, or null for a token that never expires. */
export function formatExpiry(expiresAtMs: number | null): string | null {
  return expiresAtMs === null ? null : formatMicroIso(expiresAtMs);
}
