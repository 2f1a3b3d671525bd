import type { Language } from '../../preload/contract/messages';

/**
 * Numbers, dates and relative times through Intl, in the language on screen. Pure: callers pass the language
 * (`locale.language`), which also makes a template that calls these re-render when it changes.
 */
export function formatNumber(language: Language, value: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(language, options).format(value);
}

export function formatDateTime(language: Language, value: Date | string | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  return dateTimeFormat(language, options).format(new Date(value));
}

/**
 * Intl formatters are costly to build (a 500-row history built two per row: one long main-thread task) and never
 * change once built, so there is one per locale and options, reused by every call.
 */
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(kind: string, locale: string, options: object | undefined, build: () => F): F {
  const key = `${kind}\u0000${locale}\u0000${JSON.stringify(options ?? {})}`;
  let format = formats.get(key) as F | undefined;
  if (!format) {
    format = build();
    formats.set(key, format);
  }
  return format;
}

/** `new Intl.DateTimeFormat(locale, options)`, built once per locale and options. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** `new Intl.NumberFormat(locale, options)`, built once per locale and options. */
export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached('number', locale, options, () => new Intl.NumberFormat(locale, options));
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
