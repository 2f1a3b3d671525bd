import { TZDate } from '@date-fns/tz';
import { differenceInCalendarDays, format } from 'date-fns';

/**
 * How a token reads to a person: its grant, its expiry ("live + DVR, expires today 18:40 (in 59 min)"), spans of
 * time, moments and its DVR window. Every screen that shows one of these uses the function here.
 */

export function permissionsInWords(grant: { live: boolean; dvr: boolean; copy: boolean }): string {
  const names = [grant.live && 'live', grant.dvr && 'DVR', grant.copy && 'download'].filter((name): name is string => Boolean(name));
  return names.length > 0 ? names.join(' + ') : 'no permissions';
}

/**
 * A span of time: "less than a minute", "59 min", "2 h 5 min", "1 day 6 h", "3 days". Rounded down: never promise
 * more time than is left. Lifetimes (ttl.ts durationInWords) and time left or past (expiryInWords) both read so.
 */
export function spanInWords(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  if (hours < 48) return hours % 24 ? `1 day ${hours % 24} h` : '1 day';
  return `${Math.floor(hours / 24)} days`;
}

/** A moment as the desk writes it everywhere: "4 May 2026 17:40", in the operator's time zone. */
export function dateTimeText(at: Date | string | number, timeZone: string): string {
  return format(new TZDate(new Date(at).getTime(), timeZone), 'd MMM yyyy HH:mm');
}

/** A token's DVR window: "1 May 2026 10:00 → unbounded"; null when it has none (both sides 0). */
export function dvrWindowText(window: { from: number; to: number }, timeZone: string): string | null {
  if (window.from === 0 && window.to === 0) return null;
  const side = (seconds: number) => (seconds === 0 ? 'unbounded' : dateTimeText(seconds * 1000, timeZone));
  return `${side(window.from)} → ${side(window.to)}`;
}

function dayWords(at: TZDate, now: TZDate): string {
  const days = differenceInCalendarDays(at, now);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return `on ${format(at, days > 0 && days < 7 ? 'EEE d MMM' : 'd MMM yyyy')}`;
}

/** "expires today 18:40 (in 59 min)", "expired yesterday 09:00 (15 h ago)", "never expires". */
export function expiryInWords(expiresAt: Date | null, now: Date, timeZone: string): string {
  if (expiresAt === null) return 'never expires';
  const at = new TZDate(expiresAt.getTime(), timeZone);
  const current = new TZDate(now.getTime(), timeZone);
  const left = expiresAt.getTime() - now.getTime();
  const when = `${dayWords(at, current)} ${format(at, 'HH:mm')}`;
  return left > 0 ? `expires ${when} (in ${spanInWords(left)})` : `expired ${when} (${spanInWords(left)} ago)`;
}

/** The whole summary line of a token. */
export function grantSummary(grant: { live: boolean; dvr: boolean; copy: boolean }, expiresAt: Date | null, now: Date, timeZone: string): string {
  return `${permissionsInWords(grant)}, ${expiryInWords(expiresAt, now, timeZone)}`;
}

/** The live countdown: "59:59", "7:03:12", "2 d 07:03:12", "expired"; "no expiry" for unlimited tokens. */
export function countdown(expiresAt: Date | null, now: Date): string {
  if (expiresAt === null) return 'no expiry';
  const total = Math.floor((expiresAt.getTime() - now.getTime()) / 1000);
  if (total <= 0) return 'expired';
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
  if (days > 0) return `${days} d ${String(hours).padStart(2, '0')}:${mmss}`;
  if (hours > 0) return `${hours}:${mmss}`;
  return mmss;
}
