import { TZDate } from '@date-fns/tz';
import { differenceInCalendarDays } from 'date-fns';
import { locale, t } from '../../lib/i18n.svelte';
import { dateLocale, dateTimeFormat } from '../../lib/format';

/**
 * How a token reads to a person: its grant, its expiry ("live + DVR, expires today 18:40 (in 59 min)"), spans of
 * time, moments and its DVR window, in the language on screen (words from the catalog, dates through Intl). Every
 * screen that shows one of these uses the function here.
 */

export function permissionsInWords(grant: { live: boolean; dvr: boolean; copy: boolean }): string {
  const names = [grant.live && t('tokens.words.live'), grant.dvr && t('tokens.words.dvr'), grant.copy && t('tokens.words.download')].filter(
    (name): name is string => Boolean(name),
  );
  return names.length > 0 ? names.join(' + ') : t('tokens.words.noPermissions');
}

/**
 * A span of time: "less than a minute", "59 min", "2 h 5 min", "1 day 6 h", "3 days". Rounded down: never promise
 * more time than is left. Lifetimes (ttl.ts durationInWords) and time left or past (expiryInWords) both read so.
 */
export function spanInWords(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes < 1) return t('tokens.words.lessThanMinute');
  if (minutes < 60) return t('tokens.words.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? t('tokens.words.hoursMinutes', { hours, minutes: minutes % 60 }) : t('tokens.words.hours', { count: hours });
  if (hours < 48) return hours % 24 ? t('tokens.words.dayHours', { hours: hours % 24 }) : t('tokens.words.days', { count: 1 });
  return t('tokens.words.days', { count: Math.floor(hours / 24) });
}

/** A moment as the desk writes it everywhere: "4 May 2026, 17:40" ("4 мая 2026 г., 17:40"), in the operator's time zone. */
export function dateTimeText(at: Date | string | number, timeZone: string): string {
  return dateTimeFormat(dateLocale(locale.language), {
    day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone,
  }).format(new Date(at));
}

/**
 * A moment in a table row, where width is short: "4 May, 17:40" ("4 мая, 17:40") in the current year, the full
 * `dateTimeText` otherwise (the Russian full form, "26 нояб. 2026 г., 17:40", was cut off in the history's row).
 */
export function rowDateTimeText(at: Date | string | number, timeZone: string, now: Date = new Date()): string {
  const moment = new Date(at);
  const year = (date: Date) => dateTimeFormat('en-GB', { year: 'numeric', timeZone }).format(date);
  if (year(moment) !== year(now)) return dateTimeText(moment, timeZone);
  return dateTimeFormat(dateLocale(locale.language), { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(moment);
}

function timeText(at: Date, timeZone: string): string {
  return dateTimeFormat(dateLocale(locale.language), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(at);
}

/** A token's DVR window: "1 May 2026, 10:00 → unbounded"; null when it has none (both sides 0). */
export function dvrWindowText(window: { from: number; to: number }, timeZone: string): string | null {
  if (window.from === 0 && window.to === 0) return null;
  const side = (seconds: number) => (seconds === 0 ? t('tokens.words.unbounded') : dateTimeText(seconds * 1000, timeZone));
  return `${side(window.from)} → ${side(window.to)}`;
}

function dayWords(at: Date, now: Date, timeZone: string): string {
  const days = differenceInCalendarDays(new TZDate(at.getTime(), timeZone), new TZDate(now.getTime(), timeZone));
  if (days === 0) return t('tokens.words.today');
  if (days === 1) return t('tokens.words.tomorrow');
  if (days === -1) return t('tokens.words.yesterday');
  const options: Intl.DateTimeFormatOptions = days > 0 && days < 7 ? { weekday: 'short', day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' };
  return t('tokens.words.onDay', { day: dateTimeFormat(dateLocale(locale.language), { ...options, timeZone }).format(at) });
}

/** "expires today 18:40 (in 59 min)", "expired yesterday 09:00 (15 h ago)", "never expires". */
export function expiryInWords(expiresAt: Date | null, now: Date, timeZone: string): string {
  if (expiresAt === null) return t('tokens.words.neverExpires');
  const left = expiresAt.getTime() - now.getTime();
  const when = `${dayWords(expiresAt, now, timeZone)} ${timeText(expiresAt, timeZone)}`;
  return left > 0 ? t('tokens.words.expires', { when, span: spanInWords(left) }) : t('tokens.words.expired', { when, span: spanInWords(left) });
}

/** The whole summary line of a token. */
export function grantSummary(grant: { live: boolean; dvr: boolean; copy: boolean }, expiresAt: Date | null, now: Date, timeZone: string): string {
  return `${permissionsInWords(grant)}, ${expiryInWords(expiresAt, now, timeZone)}`;
}

/** The live countdown: "59:59", "7:03:12", "2 d 07:03:12", "expired"; "no expiry" for unlimited tokens. */
export function countdown(expiresAt: Date | null, now: Date): string {
  if (expiresAt === null) return t('tokens.words.noExpiry');
  const total = Math.floor((expiresAt.getTime() - now.getTime()) / 1000);
  if (total <= 0) return t('tokens.words.expiredShort');
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
  if (days > 0) return t('tokens.words.countdownDays', { days, time: `${String(hours).padStart(2, '0')}:${mmss}` });
  if (hours > 0) return `${hours}:${mmss}`;
  return mmss;
}
