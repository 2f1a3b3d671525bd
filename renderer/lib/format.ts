import { TZDate } from '@date-fns/tz';
import { differenceInCalendarDays, differenceInCalendarMonths, differenceInCalendarYears } from 'date-fns';
import type { Language } from '../../preload/contract/messages';

/**
 * Numbers, dates and relative times through Intl, in the language on screen. Pure: callers pass the language
 * (`locale.language`), which also makes a template that calls these re-render when it changes.
 */

/**
 * One Intl formatter per language and options, made once: building one costs far more than using it (a table
 * formatting its visible rows would otherwise build hundreds per scroll or sort).
 */
function cached<F>(make: (language: string, options: object | undefined) => F): (language: string, options?: object) => F {
  const made = new Map<string, F>();
  return (language, options) => {
    const key = options === undefined ? language : `${language} ${JSON.stringify(options)}`;
    let formatter = made.get(key);
    if (formatter === undefined) {
      formatter = make(language, options);
      made.set(key, formatter);
    }
    return formatter;
  };
}

const numberFormat = cached((language, options) => new Intl.NumberFormat(language, options as Intl.NumberFormatOptions | undefined));
/** Also for a locale that is not a language on screen (the token desk writes English dates the en-GB way). */
export const dateTimeFormat = cached((language, options) => new Intl.DateTimeFormat(language, options as Intl.DateTimeFormatOptions | undefined));
const relativeTimeFormat = cached((language, options) => new Intl.RelativeTimeFormat(language, options as Intl.RelativeTimeFormatOptions | undefined));

export function formatNumber(language: Language, value: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(language, options).format(value);
}

/**
 * The Intl locale for dates: day before month and a 24-hour clock in English too ("26 Nov 2026, 21:47"), as operators
 * across Europe and token desks write them, and the same on every screen; Russian as Russian.
 */
export function dateLocale(language: Language): string {
  return language === 'en' ? 'en-GB' : language;
}

export function formatDateTime(language: Language, value: Date | string | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  return dateTimeFormat(dateLocale(language), options).format(new Date(value));
}

const relativeSteps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** Whole calendar days, months or years from `now` to `at` as the walls of `timeZone` show them. */
function calendarSteps(unit: 'day' | 'month' | 'year', at: Date, now: Date, timeZone: string): number {
  const [a, b] = [new TZDate(at.getTime(), timeZone), new TZDate(now.getTime(), timeZone)];
  if (unit === 'day') return differenceInCalendarDays(a, b);
  return unit === 'month' ? differenceInCalendarMonths(a, b) : differenceInCalendarYears(a, b);
}

/**
 * "3 min ago", "in 2 hours", "yesterday": the largest unit that keeps the number small. Days, months and years are
 * counted on the calendar of `timeZone` (default: the machine's, the operator's own): 30 hours before 05:00 is the day before yesterday, and
 * 46 hours before 23:00 is yesterday, whatever the hours round to.
 */
export function formatRelative(language: Language, value: Date | string | number, now: Date = new Date(), timeZone?: string): string {
  const at = new Date(value);
  let amount = (at.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of relativeSteps) {
    if (Math.abs(amount) < size) {
      if (unit !== 'day' && unit !== 'month' && unit !== 'year') return relativeTimeFormat(language, { numeric: 'auto', style: 'short' }).format(Math.round(amount), unit);
      const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
      // 30 days within one calendar month (1 to 31 Jan) is no "this month": it is said in days, and 360 days within
      // one calendar year in months.
      const said = unit === 'year' ? ['year', 'month', 'day'] as const : unit === 'month' ? ['month', 'day'] as const : ['day'] as const;
      for (const step of said) {
        const steps = calendarSteps(step, at, now, zone);
        if (steps !== 0 || step === 'day') return relativeTimeFormat(language, { numeric: 'auto', style: 'short' }).format(steps, step);
      }
    }
    amount /= size;
  }
  return '';
}
