import { addFieldError, type FieldErrors } from '../http/reply';
import {
  addDays,
  compareDates,
  dateInZone,
  daysBetween,
  isRegionCityZone,
  parseCalendarDate,
  zonedMidnight,
  type CalendarDate,
} from '../timezone';

/** Predefined periods (`date=`). Week/month/year are rolling windows that end today (README). */
export const DATE_VALUES = ['today', 'yesterday', 'week', 'month', 'year', 'custom'] as const;
type DateValue = (typeof DATE_VALUES)[number];

const presetDays: Record<Exclude<DateValue, 'custom'>, { backDays: number; days: number }> = {
  today: { backDays: 0, days: 1 },
  yesterday: { backDays: 1, days: 1 },
  week: { backDays: 6, days: 7 },
  month: { backDays: 29, days: 30 },
  year: { backDays: 364, days: 365 },
};

export interface Interval {
  start: number;
  end: number;
}

/** The requested period and the equally long one right before it, which count_for_range compares against. */
export interface DashboardPeriod {
  current: Interval;
  previous: Interval;
}

export type PeriodResult = { ok: true; period: DashboardPeriod } | { ok: false; errors: FieldErrors };

function param(query: URLSearchParams, name: string): string | undefined {
  const value = query.get(name);
  return value === null || value.trim() === '' ? undefined : value.trim();
}

function isDateValue(value: string): value is DateValue {
  return (DATE_VALUES as readonly string[]).includes(value);
}

/** Reads timezone/date/from/to; every broken rule becomes a field error (422). */
export function resolvePeriod(query: URLSearchParams, nowMs: number): PeriodResult {
  const errors: FieldErrors = {};
  const timezone = param(query, 'timezone');
  const date = param(query, 'date');
  const fromText = param(query, 'from');
  const toText = param(query, 'to');
  const filtering = date !== undefined || fromText !== undefined || toText !== undefined;

  if (timezone === undefined && filtering) {
    addFieldError(errors, 'timezone', 'The timezone field is required when filtering by date (date, from or to).');
  } else if (timezone !== undefined && !isRegionCityZone(timezone)) {
    addFieldError(errors, 'timezone', 'The timezone field must be a valid time zone of the form Region/City, such as Europe/Berlin.');
  }
  if (date !== undefined && !isDateValue(date)) {
    addFieldError(errors, 'date', `The selected date is invalid (allowed: ${DATE_VALUES.join(', ')}).`);
  }
  const custom = date === 'custom' || (date === undefined && (fromText !== undefined || toText !== undefined));
  const from = fromText === undefined ? undefined : parseCalendarDate(fromText);
  const to = toText === undefined ? undefined : parseCalendarDate(toText);
  for (const [name, text, parsed] of [
    ['from', fromText, from],
    ['to', toText, to],
  ] as const) {
    if (text !== undefined && parsed === undefined) addFieldError(errors, name, `The ${name} field must be a date in the format YYYY-MM-DD.`);
    if (text !== undefined && !custom && date !== undefined && isDateValue(date)) {
      addFieldError(errors, name, `The ${name} field is only allowed when date is custom.`);
    }
    if (custom && text === undefined) addFieldError(errors, name, `The ${name} field is required when date is custom.`);
  }
  if (from && to && compareDates(to, from) < 0) addFieldError(errors, 'to', 'The to field must be a date after or equal to from.');
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const zone = timezone ?? 'UTC';
  let start: CalendarDate;
  let days: number;
  if (custom && from && to) {
    start = from;
    days = daysBetween(from, to) + 1;
  } else {
    const preset = presetDays[(date ?? 'today') as Exclude<DateValue, 'custom'>];
    start = addDays(dateInZone(nowMs, zone), -preset.backDays);
    days = preset.days;
  }
  const current = { start: zonedMidnight(start, zone), end: zonedMidnight(addDays(start, days), zone) };
  const previous = { start: zonedMidnight(addDays(start, -days), zone), end: current.start };
  return { ok: true, period: { current, previous } };
}
