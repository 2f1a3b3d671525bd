import type { MessageKey, MessageValues } from './messages';

/**
 * A span of minutes in the unit a person would say it in: "45 min", "16 h", "3 days", "2 years", never
 * "1002526 min". Each unit is used until the next one reads better (hours from 1 h, days from 2 days, years from
 * 1 year); the count is rounded to the nearest whole unit, so 1.9 years reads "2 years".
 */
export type DurationUnit = 'minutes' | 'hours' | 'days' | 'years';

const HOUR = 60;
const DAY = 24 * HOUR;
const YEAR = 365.25 * DAY;

export function durationParts(minutes: number): { unit: DurationUnit; count: number } {
  const m = Math.max(0, minutes);
  if (Math.round(m) < HOUR) return { unit: 'minutes', count: Math.round(m) };
  if (Math.round(m / HOUR) < 48) return { unit: 'hours', count: Math.round(m / HOUR) };
  if (m < YEAR) return { unit: 'days', count: Math.round(m / DAY) };
  return { unit: 'years', count: Math.round(m / YEAR) };
}

/** The span in the caller's language through its `t` (the catalog's `common.duration.*`, plural by count). */
export function durationInWords(minutes: number, t: (key: MessageKey, values?: MessageValues) => string): string {
  const { unit, count } = durationParts(minutes);
  return t(`common.duration.${unit}`, { count });
}
