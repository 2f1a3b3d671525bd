import { describe, expect, it } from 'vitest';
import { periodKey, periodQuery, periodSchema, type Period } from '../../../preload/contract/dashboard';
import {
  comparisonDays,
  comparisonInWords,
  daysIn,
  isRegionCity,
  periodDays,
  periodInWords,
  rangeInstants,
  timeZoneNames,
} from '../../../renderer/features/dashboard/period';

const berlin = 'Europe/Berlin';
// 20 Nov 2026 23:30 UTC: already 21 Nov in Berlin, still 20 Nov in New York.
const NOW = Date.UTC(2026, 10, 20, 23, 30);

describe('period -> query', () => {
  it('sends a preset as date with the time zone', () => {
    expect(periodQuery({ preset: 'week', timezone: berlin })).toEqual({ date: 'week', timezone: berlin });
    expect(periodQuery({ preset: 'today', timezone: 'America/Argentina/Salta' })).toEqual({ date: 'today', timezone: 'America/Argentina/Salta' });
  });

  it('sends a custom range as from/to (YYYY-MM-DD) without date', () => {
    expect(periodQuery({ preset: 'custom', from: '2026-11-14', to: '2026-11-20', timezone: berlin })).toEqual({
      from: '2026-11-14',
      to: '2026-11-20',
      timezone: berlin,
    });
  });

  it('keys the cache by preset or range and zone', () => {
    expect(periodKey({ preset: 'week', timezone: berlin })).toBe('week@Europe/Berlin');
    expect(periodKey({ preset: 'custom', from: '2026-11-14', to: '2026-11-20', timezone: berlin })).toBe('custom_2026-11-14_2026-11-20@Europe/Berlin');
    expect(periodKey({ preset: 'week', timezone: berlin })).not.toBe(periodKey({ preset: 'week', timezone: 'Europe/Riga' }));
  });

  it('refuses a custom range without both days or backwards, naming the field', () => {
    const issues = (p: unknown) => {
      const r = periodSchema.safeParse(p);
      return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    };
    expect(issues({ preset: 'custom', timezone: berlin })).toEqual(['from', 'to']);
    expect(issues({ preset: 'custom', from: '2026-11-20', to: '2026-11-14', timezone: berlin })).toEqual(['to']);
    expect(issues({ preset: 'custom', from: '20.11.2026', to: '2026-11-21', timezone: berlin })).toEqual(['from']);
    expect(issues({ preset: 'week', timezone: 'UTC' })).toEqual(['timezone']);
    expect(issues({ preset: 'fortnight', timezone: berlin })).toEqual(['preset']);
    expect(issues({ preset: 'custom', from: '2026-11-14', to: '2026-11-14', timezone: berlin })).toEqual([]);
  });
});

describe('the days a period covers', () => {
  it('takes today in the chosen zone, not the machine\'s', () => {
    expect(periodDays({ preset: 'today', timezone: berlin }, NOW)).toEqual({ from: '2026-11-21', to: '2026-11-21' });
    expect(periodDays({ preset: 'today', timezone: 'America/New_York' }, NOW)).toEqual({ from: '2026-11-20', to: '2026-11-20' });
  });

  it.each<[Period['preset'], string, string, number]>([
    ['yesterday', '2026-11-20', '2026-11-20', 1],
    ['week', '2026-11-15', '2026-11-21', 7],
    ['month', '2026-10-23', '2026-11-21', 30],
    ['year', '2025-11-22', '2026-11-21', 365],
  ])('%s = %s..%s (%i days, ending today)', (preset, from, to, days) => {
    const range = periodDays({ preset, timezone: berlin }, NOW);
    expect(range).toEqual({ from, to });
    expect(daysIn(range)).toBe(days);
  });

  it('compares with the equally long period right before', () => {
    expect(comparisonDays({ from: '2026-11-14', to: '2026-11-20' })).toEqual({ from: '2026-11-07', to: '2026-11-13' });
    expect(comparisonDays({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });

  it('measures days across DST changes from local midnight to local midnight', () => {
    const spring = rangeInstants({ from: '2026-03-29', to: '2026-03-29' }, berlin);
    expect((spring.end - spring.start) / 3_600_000).toBe(23);
    const autumnWeek = rangeInstants({ from: '2026-10-19', to: '2026-10-25' }, berlin);
    expect((autumnWeek.end - autumnWeek.start) / 3_600_000).toBe(7 * 24 + 1);
    expect(new Date(autumnWeek.start).toISOString()).toBe('2026-10-18T22:00:00.000Z');
  });
});

describe('the period in words', () => {
  const week: Period = { preset: 'custom', from: '2026-11-14', to: '2026-11-20', timezone: berlin };

  it('reads "14–20 Nov 2026, Europe/Berlin" in English and in Russian', () => {
    expect(periodInWords(week, NOW, 'en').replace(/\s/g, ' ')).toBe('14 – 20 Nov 2026, Europe/Berlin');
    expect(periodInWords(week, NOW, 'ru').replace(/\s/g, ' ')).toBe('14–20 нояб. 2026 г., Europe/Berlin');
  });

  it('names one day once, and ranges across months and years in full', () => {
    expect(periodInWords({ preset: 'today', timezone: berlin }, NOW, 'en')).toBe('21 Nov 2026, Europe/Berlin');
    expect(periodInWords({ preset: 'custom', from: '2026-12-28', to: '2027-01-03', timezone: berlin }, NOW, 'en').replace(/\s/g, ' ')).toBe(
      '28 Dec 2026 – 3 Jan 2027, Europe/Berlin',
    );
  });

  it('names the comparison period', () => {
    expect(comparisonInWords(week, NOW, 'en').replace(/\s/g, ' ')).toBe('7 – 13 Nov 2026');
    expect(comparisonInWords({ preset: 'today', timezone: berlin }, NOW, 'ru').replace(/\s/g, ' ')).toBe('20 нояб. 2026 г.');
  });
});

describe('time zones', () => {
  it('lists Region/City names only', () => {
    const names = timeZoneNames();
    expect(names).toContain('Europe/Berlin');
    expect(names).toContain('America/Argentina/Salta');
    expect(names.some((n) => n === 'UTC' || n.startsWith('Etc/'))).toBe(false);
    expect(isRegionCity('CET')).toBe(false);
  });
});
