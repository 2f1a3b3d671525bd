import { describe, expect, it } from 'vitest';
import { formatRelative } from '../../../renderer/lib/format';

// Each moment is said in Berlin's calendar, whatever zone the machine running the test is in.
const berlin = 'Europe/Berlin';
const ago = (at: string, now: string) => formatRelative('en', at, new Date(now), berlin);

describe('how long ago, near midnight', () => {
  it('says yesterday for a moment on the day before, even 46 hours back', () => {
    // Wed 00:30 seen at Thu 23:00 in Berlin: the hours round to two days, the calendar says yesterday.
    expect(ago('2026-11-24T23:30:00Z', '2026-11-26T22:00:00Z')).toBe('yesterday');
  });

  it('says 2 days ago for a moment on the day before yesterday, even 30 hours back', () => {
    // Tue 23:00 seen at Thu 05:00 in Berlin: the hours round to one day, the calendar says two.
    expect(ago('2026-11-24T22:00:00Z', '2026-11-26T04:00:00Z')).toBe('2 days ago');
  });

  it('counts the days in the operator\u2019s zone, not in UTC', () => {
    // 26 Nov 23:30 and 28 Nov 00:30 in Berlin are two days apart; in UTC (22:30 and 23:30) they look like one.
    expect(formatRelative('en', '2026-11-26T22:30:00Z', new Date('2026-11-27T23:30:00Z'), berlin)).toBe('2 days ago');
    expect(formatRelative('en', '2026-11-28T00:30:00Z', new Date('2026-11-26T22:30:00Z'), berlin)).toBe('in 2 days');
  });

  it('says last month only for the month before on the calendar', () => {
    // 31 Oct seen on 1 Dec: 31 days, rounded to one month, but it is two months back.
    expect(ago('2026-10-31T10:00:00Z', '2026-12-01T10:00:00Z')).toBe('2 mo. ago');
    expect(ago('2026-11-02T10:00:00Z', '2026-12-10T10:00:00Z')).toBe('last mo.');
  });

  it('says a month back within one calendar month in days, and a year back within one calendar year in months', () => {
    // 1 Jan to 31 Jan is 30 days, more than the day unit holds, but "this month" would hide how long ago it was.
    expect(ago('2026-01-01T10:00:00Z', '2026-01-31T10:00:00Z')).toBe('30 days ago');
    expect(ago('2026-01-02T10:00:00Z', '2026-12-31T10:00:00Z')).toBe('11 mo. ago');
  });

  it('still counts seconds, minutes and hours by the clock', () => {
    expect(ago('2026-11-26T22:59:30Z', '2026-11-26T23:00:00Z')).toBe('30 sec. ago');
    expect(ago('2026-11-26T22:57:00Z', '2026-11-26T23:00:00Z')).toBe('3 min. ago');
    expect(ago('2026-11-26T02:00:00Z', '2026-11-26T23:00:00Z')).toBe('21 hr. ago');
  });
});
