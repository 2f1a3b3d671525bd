import { tzOffset, TZDate } from '@date-fns/tz';
import { locale, t } from '../../lib/i18n.svelte';
import { format } from 'date-fns';
import { UINT32_MAX } from '../../../preload/contract/tokens';
import { dateLocale } from '../../lib/format';

/**
 * The DVR window: local date-times (as a datetime-local input gives them) in the operator's time zone, turned into
 * the unsigned "seconds" the API takes. The spec only says "seconds"; we read them as Unix epoch seconds (UTC),
 * the one reading under which a lower/upper bound on recordings and "to >= from" make sense. 0 = unbounded.
 *
 * Daylight-saving edges, decided here once:
 * - a local time that does not exist (spring forward, e.g. Europe/Berlin 2026-03-29 02:30) is refused with a
 *   sentence; we never shift it silently, because a window is an access grant;
 * - a local time that occurs twice (fall back, e.g. 2026-10-25 02:30) takes the first occurrence (the earlier
 *   instant, summer time), and the field says so with the offset used.
 */

/** The largest value the API's unsigned fields take (2106-02-07 06:28:15 UTC); the contract's constant. */
export { UINT32_MAX };

export type LocalTimeResult =
  | { ok: true; seconds: number; offsetMinutes: number; note: string | null }
  | { ok: false; message: string };

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const HOUR_MS = 3_600_000;

/** `+01:00` style offset from minutes east of UTC. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** "Europe/Berlin, UTC+01:00": the zone and its offset at that instant (offsets change with DST). */
export function zoneLabel(timeZone: string, at: Date): string {
  return `${timeZone}, ${formatOffset(tzOffset(timeZone, at))}`;
}

/** The zone this computer uses. */
export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Unix seconds as a datetime-local value in `timeZone` (for prefilling the inputs). */
export function unixToLocalInput(seconds: number, timeZone: string): string {
  return format(new TZDate(seconds * 1000, timeZone), "yyyy-MM-dd'T'HH:mm");
}

/** Resolves one local date-time in `timeZone` to Unix seconds, under the DST rules above. */
export function localToUnixSeconds(local: string, timeZone: string): LocalTimeResult {
  const match = LOCAL.exec(local.trim());
  if (!match) return { ok: false, message: t('tokens.window.errors.empty') };
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) {
    return { ok: false, message: t('tokens.window.errors.noSuchDate') };
  }
  // Transitions are at least a day apart, so the offsets half a day either side are the only candidates.
  const offsets = [...new Set([tzOffset(timeZone, new Date(wall - 12 * HOUR_MS)), tzOffset(timeZone, new Date(wall + 12 * HOUR_MS))])];
  const instants = offsets
    .map((offset) => ({ offset, ms: wall - offset * 60_000 }))
    .filter(({ offset, ms }) => tzOffset(timeZone, new Date(ms)) === offset)
    .sort((a, b) => a.ms - b.ms);
  const dayText = new Intl.DateTimeFormat(dateLocale(locale.language), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(wall));
  const timeText = `${match[4]}:${match[5]}`;
  const chosen = instants[0];
  if (!chosen) {
    const jump = Math.abs((offsets[1] ?? 0) - (offsets[0] ?? 0));
    return {
      ok: false,
      message: jump >= 60
        ? t('tokens.window.errors.skippedHours', { time: timeText, day: dayText, zone: timeZone, hours: jump / 60 })
        : t('tokens.window.errors.skippedMinutes', { time: timeText, day: dayText, zone: timeZone, minutes: jump }),
    };
  }
  const seconds = Math.floor(chosen.ms / 1000);
  if (seconds < 1 || seconds > UINT32_MAX) {
    return { ok: false, message: t('tokens.window.errors.range') };
  }
  const note =
    instants.length > 1
      ? t('tokens.window.twice', { time: timeText, day: dayText, offset: formatOffset(chosen.offset) })
      : null;
  return { ok: true, seconds, offsetMinutes: chosen.offset, note };
}

export interface WindowInput {
  /** DVR or download is allowed; otherwise the window is not sent (0/0). */
  applies: boolean;
  fromUnbounded: boolean;
  toUnbounded: boolean;
  from: string;
  to: string;
  timeZone: string;
}

export type WindowResult =
  | { ok: true; from: number; to: number; notes: { from?: string; to?: string } }
  | { ok: false; errors: { from?: string; to?: string } };

/** The window as the API takes it, or the field errors to show under "From" and "To". */
export function resolveWindow(input: WindowInput): WindowResult {
  if (!input.applies) return { ok: true, from: 0, to: 0, notes: {} };
  const errors: { from?: string; to?: string } = {};
  const notes: { from?: string; to?: string } = {};
  let from = 0;
  let to = 0;
  for (const side of ['from', 'to'] as const) {
    if (side === 'from' ? input.fromUnbounded : input.toUnbounded) continue;
    const result = localToUnixSeconds(input[side], input.timeZone);
    if (!result.ok) {
      errors[side] = input[side].trim() === '' ? t(side === 'from' ? 'tokens.window.errors.noStart' : 'tokens.window.errors.noEnd') : result.message;
      continue;
    }
    if (result.note) notes[side] = result.note;
    if (side === 'from') from = result.seconds;
    else to = result.seconds;
  }
  if (!errors.from && !errors.to && from !== 0 && to !== 0 && to < from) {
    errors.to = t('tokens.window.errors.endBeforeStart');
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, from, to, notes };
}
