import { describe, expect, it } from 'vitest';
import { dateInZone, zonedMidnight } from '../../../main/simulator/timezone';

const iso = (ms: number): string => new Date(ms).toISOString();

describe('zonedMidnight: the first instant of a local day', () => {
  it('is local midnight on an ordinary day', () => {
    expect(iso(zonedMidnight({ year: 2024, month: 7, day: 1 }, 'Europe/Berlin'))).toBe('2024-06-30T22:00:00.000Z');
  });

  it('is the moment of the jump when the clocks skip midnight (America/Santiago 2024-09-08, 00:00 -> 01:00)', () => {
    const start = zonedMidnight({ year: 2024, month: 9, day: 8 }, 'America/Santiago');
    expect(iso(start)).toBe('2024-09-08T04:00:00.000Z');
    expect(dateInZone(start, 'America/Santiago')).toEqual({ year: 2024, month: 9, day: 8 });
    expect(dateInZone(start - 1000, 'America/Santiago')).toEqual({ year: 2024, month: 9, day: 7 });
  });

  it.each([
    ['America/Havana', { year: 2024, month: 3, day: 10 }, '2024-03-10T05:00:00.000Z'],
    ['America/Asuncion', { year: 2024, month: 10, day: 6 }, '2024-10-06T04:00:00.000Z'],
  ])('is the moment of the jump in %s on a day that skips midnight', (zone, date, expected) => {
    expect(iso(zonedMidnight(date, zone))).toBe(expected);
  });

  it('is the first of two midnights when the clocks go back across one (Antarctica/Casey 2023-03-09)', () => {
    const start = zonedMidnight({ year: 2023, month: 3, day: 9 }, 'Antarctica/Casey');
    expect(dateInZone(start, 'Antarctica/Casey')).toEqual({ year: 2023, month: 3, day: 9 });
    expect(dateInZone(start - 1000, 'Antarctica/Casey')).toEqual({ year: 2023, month: 3, day: 8 });
  });
});
