import { TZDate } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, formatISO } from 'date-fns';
import type { Language } from '../../../preload/contract/messages';
import type { Period, PeriodPreset } from '../../../preload/contract/dashboard';
import { dateLocale } from '../../lib/format';

/**
 * Periods as calendar days in a time zone, and the period in words ("14–20 Nov 2026, Europe/Berlin").
 * Presets follow the platform's meaning as the simulator documents it: week, month and year are the last 7, 30 and
 * 365 days including today; count_for_range compares with the equally long period right before.
 */

/** A calendar day, `YYYY-MM-DD`. */
export type Day = string;

export interface DayRange {
  /** First day, inclusive. */
  from: Day;
  /** Last day, inclusive. */
  to: Day;
}

const presetLength: Record<Exclude<PeriodPreset, 'custom'>, { back: number; days: number }> = {
  today: { back: 0, days: 1 },
  yesterday: { back: 1, days: 1 },
  week: { back: 6, days: 7 },
  month: { back: 29, days: 30 },
  year: { back: 364, days: 365 },
};

/** Days as UTC midnights: calendar arithmetic without any zone's DST in the way. */
function dayToUtc(day: Day): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function utcToDay(date: Date): Day {
  return formatISO(new TZDate(date.getTime(), 'UTC'), { representation: 'date' });
}

export function shiftDay(day: Day, days: number): Day {
  return utcToDay(addDays(new TZDate(dayToUtc(day).getTime(), 'UTC'), days));
}

/** The calendar day an instant falls on in a zone. */
export function dayInZone(instant: Date | number, timeZone: string): Day {
  return formatISO(new TZDate(new Date(instant).getTime(), timeZone), { representation: 'date' });
}

/** Whole days in a range, both ends included. */
export function daysIn(range: DayRange): number {
  return differenceInCalendarDays(dayToUtc(range.to), dayToUtc(range.from)) + 1;
}

/** The days a period covers as of `now` (presets move with the clock; a custom range does not). */
export function periodDays(period: Period, now: Date | number): DayRange {
  if (period.preset === 'custom') {
    const from = period.from ?? dayInZone(now, period.timezone);
    return { from, to: period.to ?? from };
  }
  const { back, days } = presetLength[period.preset];
  const from = shiftDay(dayInZone(now, period.timezone), -back);
  return { from, to: shiftDay(from, days - 1) };
}

/** The equally long period right before: what count_for_range compares against. */
export function comparisonDays(range: DayRange): DayRange {
  const length = daysIn(range);
  return { from: shiftDay(range.from, -length), to: shiftDay(range.from, -1) };
}

/** The instants a range covers in a zone: local midnight of the first day to local midnight after the last (DST-aware). */
export function rangeInstants(range: DayRange, timeZone: string): { start: number; end: number } {
  const at = (day: Day) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return new TZDate(y, m - 1, d, timeZone).getTime();
  };
  return { start: at(range.from), end: at(shiftDay(range.to, 1)) };
}

/** "14–20 Nov 2026" or "22 Nov 2026": the days alone. */
export function daysInWords(range: DayRange, language: Language): string {
  const format = new Intl.DateTimeFormat(dateLocale(language), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  if (range.from === range.to) return format.format(dayToUtc(range.from));
  return format.formatRange(dayToUtc(range.from), dayToUtc(range.to));
}

/** "14–20 Nov 2026, Europe/Berlin" (or "…, UTC" on a machine set to UTC): the period a widget shows, as of `now`. */
export function periodInWords(period: Period, now: Date | number, language: Language): string {
  return `${daysInWords(periodDays(period, now), language)}, ${zoneInWords(period.timezone)}`;
}

/** "7–13 Nov 2026": the comparison period of count_for_range, as of `now`. */
export function comparisonInWords(period: Period, now: Date | number, language: Language): string {
  return daysInWords(comparisonDays(periodDays(period, now)), language);
}

/** Region/City names only: the spec's form, and what the platform accepts (`UTC`, `CET`, `Etc/*` are not places). */
export function isRegionCity(zone: string): boolean {
  return /^[A-Za-z][A-Za-z_-]*(\/[A-Za-z0-9_+-]+)+$/.test(zone) && !zone.startsWith('Etc/');
}

/** Every Region/City zone this machine knows, sorted. */
export function timeZoneNames(): string[] {
  return Intl.supportedValuesOf('timeZone').filter(isRegionCity).sort();
}

/**
 * What the platform is sent for UTC. It accepts Region/City names only (spec), and a machine set to plain UTC has
 * none; Atlantic/Reykjavik keeps UTC all year without DST, so its days are the machine's own days.
 */
export const UTC_ZONE = 'Atlantic/Reykjavik';

/** The machine's own zone name, as the system gives it (`Europe/Riga`, `UTC`, `Etc/UTC`, …). */
export function machineTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
}

/** Names that mean UTC itself rather than a place. */
export function isUtcName(zone: string): boolean {
  return /^(Etc\/)?(UTC|UCT|GMT([+-]0)?|Universal|Zulu|Greenwich)$/i.test(zone);
}

/** The operator's own zone, as sent to the platform: the machine's Region/City, or the UTC stand-in. */
export function operatorTimeZone(own = machineTimeZone()): string {
  return own && isRegionCity(own) ? own : UTC_ZONE;
}

/**
 * A zone as the operator reads it: on a machine set to UTC the stand-in sent for UTC is said as "UTC" (the operator
 * chose nothing called Reykjavik); every other zone by its own name.
 */
export function zoneInWords(zone: string, own = machineTimeZone()): string {
  return zone === UTC_ZONE && !isRegionCity(own) && isUtcName(own) ? 'UTC' : zone;
}

/** Today in the operator's zone: the default period (the spec's default is today). */
export function defaultPeriod(timeZone = operatorTimeZone()): Period {
  return { preset: 'today', timezone: timeZone };
}
