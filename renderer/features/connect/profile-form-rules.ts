/** The timeout the form accepts, in the seconds its label speaks (main checks the same range in milliseconds). */
export const timeoutLimits = { min: 1, max: 120 } as const;

/** The typed seconds (comma or dot decimal) as milliseconds, or not ok when outside the limits or not a number. */
export function timeoutProblem(typed: string): { ok: true; ms: number } | { ok: false } {
  const text = typed.trim().replace(',', '.');
  const seconds = Number(text);
  if (text === '' || !Number.isFinite(seconds) || seconds < timeoutLimits.min || seconds > timeoutLimits.max) return { ok: false };
  return { ok: true, ms: Math.round(seconds * 1000) };
}

/** A template that builds playback addresses without the stream token: private streams would not play. */
export function playbackWithoutToken(template: string): boolean {
  return template.trim() !== '' && !template.includes('{token}');
}
