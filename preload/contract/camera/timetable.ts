/**
 * The recording timetable of one stream (spec: `archive_recording_timetable.days[]` with `type`, `from`, `to`
 * shaped `HH:MM:SS+HH:MM`, and `breaks`). Only `same_every_day` is seen; other day types and the shape of break
 * entries are "not shown", so the editor writes breaks as `{ from, to }` in the same time shape (our choice) and
 * passes any break it does not understand through untouched.
 *
 * Times are the site's local time at the given UTC offset. `to` before `from` records over midnight; `to` equal to
 * `from` records the whole day.
 */

export const WIRE_TIME = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d)([+-])(0\d|1[0-4]):([0-5]\d)$/;
const CLOCK = /^([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const OFFSET = /^(?:UTC)?\s*([+-])(0?\d|1[0-4]):?([0-5]\d)?$/i;

export const MINUTES_PER_DAY = 24 * 60;

/** One day of the timetable as the editor holds it: clock times as typed and one UTC offset for the day. */
export interface DayDraft {
  type: string;
  from: string;
  to: string;
  /** `+03:00` */
  offset: string;
  breaks: BreakDraft[];
  /** Break entries in a shape we do not know, kept as they came. */
  otherBreaks: unknown[];
}

export interface BreakDraft {
  from: string;
  to: string;
}

export interface WireDay {
  type: string;
  from: string;
  to: string;
  breaks: unknown[];
}

/** Minutes after midnight of `HH:MM` or `HH:MM:SS` (seconds dropped from the bar), or null. */
export function clockMinutes(text: string): number | null {
  const match = CLOCK.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** `HH:MM:SS` from `H:MM` / `HH:MM` / `HH:MM:SS`, or null. */
export function wireClock(text: string): string | null {
  const match = CLOCK.exec(text.trim());
  if (!match) return null;
  return `${match[1]!.padStart(2, '0')}:${match[2]}:${match[3] ?? '00'}`;
}

/** `+03:00` from `+3`, `+03`, `+0300`, `UTC+3:00`, `-05:30`; null when it is not an offset the spec's shape allows. */
export function normalizeOffset(text: string): string | null {
  const match = OFFSET.exec(text.trim());
  if (!match) return null;
  return `${match[1]}${match[2]!.padStart(2, '0')}:${match[3] ?? '00'}`;
}

/** The offset of a time zone at a moment, as `+HH:MM` (for the editor's default: the site is where the laptop is). */
export function offsetOfMinutes(minutesEastOfUtc: number): string {
  const sign = minutesEastOfUtc < 0 ? '-' : '+';
  const abs = Math.abs(minutesEastOfUtc);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export function newDay(offset: string): DayDraft {
  return { type: 'same_every_day', from: '08:00', to: '20:00', offset, breaks: [], otherBreaks: [] };
}

function isWireBreak(value: unknown): value is { from: string; to: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { from, to } = value as Record<string, unknown>;
  return Object.keys(value).length === 2 && typeof from === 'string' && typeof to === 'string' && WIRE_TIME.test(from) && WIRE_TIME.test(to);
}

/** A day from the payload, for editing (a template, an outbox entry). */
export function dayFromWire(day: WireDay): DayDraft {
  const from = WIRE_TIME.exec(day.from);
  const to = WIRE_TIME.exec(day.to);
  const offset = from ? `${from[4]}${from[5]}:${from[6]}` : '+00:00';
  const clock = (m: RegExpExecArray | null, raw: string) => (m ? `${m[1]}:${m[2]}${m[3] === '00' ? '' : `:${m[3]}`}` : raw);
  const breaks: BreakDraft[] = [];
  const otherBreaks: unknown[] = [];
  for (const entry of day.breaks ?? []) {
    if (isWireBreak(entry)) breaks.push({ from: clock(WIRE_TIME.exec(entry.from), entry.from), to: clock(WIRE_TIME.exec(entry.to), entry.to) });
    else otherBreaks.push(entry);
  }
  return { type: day.type, from: clock(from, day.from), to: clock(to, day.to), offset, breaks, otherBreaks };
}

/** The day as the spec shapes it, or null when a time or the offset cannot be read (the editor shows why). */
export function dayToWire(day: DayDraft): WireDay | null {
  const offset = normalizeOffset(day.offset);
  const from = wireClock(day.from);
  const to = wireClock(day.to);
  if (!offset || !from || !to) return null;
  const breaks: unknown[] = [];
  for (const entry of day.breaks) {
    const bFrom = wireClock(entry.from);
    const bTo = wireClock(entry.to);
    if (!bFrom || !bTo) return null;
    breaks.push({ from: bFrom + offset, to: bTo + offset });
  }
  return { type: day.type, from: from + offset, to: to + offset, breaks: [...breaks, ...day.otherBreaks] };
}

/** A stretch of the 24-hour bar, in minutes after the site's midnight. */
export interface BarSegment {
  start: number;
  end: number;
  kind: 'record' | 'break';
}

/** [start, end) stretches of a from/to pair, split at midnight when it runs over it. */
function stretches(from: number, to: number): Array<[number, number]> {
  if (from === to) return [[0, MINUTES_PER_DAY]];
  if (from < to) return [[from, to]];
  return [
    [from, MINUTES_PER_DAY],
    [0, to],
  ].filter(([a, b]) => b! > a!) as Array<[number, number]>;
}

/**
 * The 24-hour bar: recording stretches with the breaks cut out (breaks shown as their own segments where they
 * fall inside recording). Sorted by start. Empty when the times cannot be read.
 */
export function barSegments(day: DayDraft): BarSegment[] {
  const from = clockMinutes(day.from);
  const to = clockMinutes(day.to);
  if (from === null || to === null) return [];
  const recording = new Array<boolean>(MINUTES_PER_DAY).fill(false);
  for (const [a, b] of stretches(from, to)) for (let m = a; m < b; m++) recording[m] = true;
  const paused = new Array<boolean>(MINUTES_PER_DAY).fill(false);
  for (const entry of day.breaks) {
    const bFrom = clockMinutes(entry.from);
    const bTo = clockMinutes(entry.to);
    if (bFrom === null || bTo === null || bFrom === bTo) continue;
    for (const [a, b] of stretches(bFrom, bTo)) for (let m = a; m < b; m++) if (recording[m]) paused[m] = true;
  }
  const segments: BarSegment[] = [];
  for (let m = 0; m < MINUTES_PER_DAY; m++) {
    const kind = paused[m] ? 'break' : recording[m] ? 'record' : null;
    if (kind === null) continue;
    const last = segments[segments.length - 1];
    if (last && last.kind === kind && last.end === m) last.end = m + 1;
    else segments.push({ start: m, end: m + 1, kind });
  }
  return segments;
}

/** Minutes recorded per day (breaks excluded), for the words ("12 h 30 min a day"). */
export function recordedMinutes(day: DayDraft): number {
  return barSegments(day)
    .filter((s) => s.kind === 'record')
    .reduce((sum, s) => sum + s.end - s.start, 0);
}

/**
 * What a day means, for the words under the bar: the renderer turns this into a sentence in the operator's language
 * (`Every day 08:00–20:00 (UTC+03:00), pause 12:00–13:00; 11 h a day`).
 */
export interface DayDescription {
  kind: 'all-day' | 'daytime' | 'overnight' | 'unreadable';
  dayType: string;
  from: string;
  to: string;
  offset: string;
  breaks: Array<{ from: string; to: string }>;
  recordedMinutes: number;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function describeDay(day: DayDraft): DayDescription {
  const from = clockMinutes(day.from);
  const to = clockMinutes(day.to);
  const offset = normalizeOffset(day.offset);
  const base = { dayType: day.type, offset: offset ?? day.offset, breaks: [] as Array<{ from: string; to: string }> };
  if (from === null || to === null || offset === null) return { ...base, kind: 'unreadable', from: day.from, to: day.to, recordedMinutes: 0 };
  const breaks = day.breaks.flatMap((entry) => {
    const a = clockMinutes(entry.from);
    const b = clockMinutes(entry.to);
    return a === null || b === null ? [] : [{ from: hhmm(a), to: hhmm(b) }];
  });
  const kind = from === to ? 'all-day' : from < to ? 'daytime' : 'overnight';
  return { ...base, kind, from: hhmm(from), to: hhmm(to), breaks, recordedMinutes: recordedMinutes(day) };
}
