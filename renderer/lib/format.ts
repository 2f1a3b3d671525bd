import type { Language } from '../../preload/contract/messages';

/**
 * Numbers, dates and relative times through Intl, in the language on screen. Pure: callers pass the language
 * (`locale.language`), which also makes a template that calls these re-render when it changes.
 */
export function formatNumber(language: Language, value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(language, options).format(value);
}

export function formatDateTime(language: Language, value: Date | string | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  return new Intl.DateTimeFormat(language, options).format(new Date(value));
}

const relativeSteps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "3 min ago", "in 2 hours": the largest unit that keeps the number small. */
export function formatRelative(language: Language, value: Date | string | number, now: Date = new Date()): string {
  let amount = (new Date(value).getTime() - now.getTime()) / 1000;
  for (const [unit, size] of relativeSteps) {
    if (Math.abs(amount) < size) return new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' }).format(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}
