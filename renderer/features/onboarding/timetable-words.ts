import type { DayDescription } from '../../../preload/contract/camera/timetable';
import { t } from '../../lib/i18n.svelte';

/** One day of a timetable in words: "Every day 08:00–20:00 (UTC+03:00), pause 12:00–13:00. 11 h 0 min a day." */
export function dayInWords(day: DayDescription): string {
  if (day.kind === 'unreadable') return t('onboarding.timetable.words.unreadable');
  const values = { from: day.from, to: day.to, offset: day.offset };
  const span =
    day.kind === 'all-day' ? t('onboarding.timetable.words.allDay', values)
    : day.kind === 'overnight' ? t('onboarding.timetable.words.overnight', values)
    : t('onboarding.timetable.words.daytime', values);
  const pauses = day.breaks.length > 0 ? ` ${t('onboarding.timetable.words.breaks', { list: day.breaks.map((b) => `${b.from}–${b.to}`).join(', ') })}` : '';
  const total = t('onboarding.timetable.words.total', { hours: Math.floor(day.recordedMinutes / 60), minutes: day.recordedMinutes % 60 });
  const type = day.dayType === 'same_every_day' ? '' : `${day.dayType}: `;
  return `${type}${span}${pauses} ${total}`;
}
