/**
 * Time-zone arithmetic with Intl only (no date library in the simulator). Formatters are cached per zone because
 * building one costs far more than using it, and the dashboard computes several boundaries per request.
 */
const REGION_CITY = /^[A-Za-z]+(?:[_-][A-Za-z]+)*(?:\/[A-Za-z0-9]+(?:[_+-][A-Za-z0-9]+)*)+$/;
const formatters = new Map<string, Intl.DateTimeFormat>();
const validity = new Map<string, boolean>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * A zone name of the form Region/City that Intl knows (`Europe/Berlin`, `America/Argentina/Salta`).
 * Bare names such as `UTC` or `CET` are refused: the spec asks for Region/City.
 */
export function isRegionCityZone(name: string): boolean {
  const known = validity.get(name);
  if (known !== undefined) return known;
  let ok = REGION_CITY.test(name) && !name.startsWith('Etc/');
  if (ok) {
    try {
      formatter(name);
    } catch {
      ok = false;
    }
  }
  if (validity.size < 1000) validity.set(name, ok);
  return ok;
}

export interface CalendarDate {
  year: number;
  month: number; // 1..12
  day: number;
}

interface WallClock extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
}

function wallClock(epochMs: number, timeZone: string): WallClock {
  const parts = formatter(timeZone).formatToParts(new Date(epochMs));
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? '0');
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** The calendar date in `timeZone` at instant `epochMs`. */
export function dateInZone(epochMs: number, timeZone: string): CalendarDate {
  const { year, month, day } = wallClock(epochMs, timeZone);
  return { year, month, day };
}

/** Adds days on the calendar (not 24 h steps), so DST changes do not shift dates. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * The instant `date` begins in `timeZone`: the first instant whose local date is `date`. Usually local midnight, but
 * a clock change can skip midnight (America/Santiago 2024-09-08 jumps from 00:00 to 01:00: the day begins at the
 * jump) or show it twice (Antarctica/Casey 2023-03-09 went back from 03:00 to 00:00: the day began at the first).
 */
export function zonedMidnight(date: CalendarDate, timeZone: string): number {
  const guess = Date.UTC(date.year, date.month - 1, date.day);
  let result = guess;
  // Two passes settle the offset even when midnight sits next to a DST change.
  for (let i = 0; i < 2; i += 1) {
    const w = wallClock(result, timeZone);
    const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    result += guess - asUtc;
  }
  const reached = (epochMs: number): boolean => compareDates(dateInZone(epochMs, timeZone), date) >= 0;
  if (reached(result) && !reached(result - 1000)) return result;
  // The offset found belongs to the wrong side of a clock change. The day begins at the one instant within a day
  // either side where the local date reaches `date`; bisect over whole seconds (offsets are whole seconds).
  let before = result - 86_400_000;
  let after = result + 86_400_000;
  while (after - before > 1000) {
    const middle = before + Math.floor((after - before) / 2000) * 1000;
    if (reached(middle)) after = middle;
    else before = middle;
  }
  return after;
}

/** `YYYY-MM-DD` that names a real calendar day, or undefined. */
export function parseCalendarDate(text: string): CalendarDate | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  if (check.getUTCFullYear() !== date.year || check.getUTCMonth() + 1 !== date.month || check.getUTCDate() !== date.day) return undefined;
  return date;
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return Date.UTC(a.year, a.month - 1, a.day) - Date.UTC(b.year, b.month - 1, b.day);
}

export function daysBetween(a: CalendarDate, b: CalendarDate): number {
  return Math.round(compareDates(b, a) / 86_400_000);
}
