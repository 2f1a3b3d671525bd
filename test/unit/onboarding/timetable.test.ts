import { describe, expect, it } from 'vitest';
import { barSegments, dayFromWire, dayToWire, describeDay, newDay, normalizeOffset, type DayDraft } from '../../../preload/contract/camera/timetable';

const day = (from: string, to: string, breaks: Array<{ from: string; to: string }> = [], offset = '+03:00'): DayDraft => ({
  type: 'same_every_day',
  from,
  to,
  offset,
  breaks,
  otherBreaks: [],
});

describe('timetable model', () => {
  it('writes a day in the spec shape HH:MM:SS+HH:MM, breaks in the same shape', () => {
    expect(dayToWire(day('8:00', '20:00', [{ from: '12:00', to: '13:00' }]))).toEqual({
      type: 'same_every_day',
      from: '08:00:00+03:00',
      to: '20:00:00+03:00',
      breaks: [{ from: '12:00:00+03:00', to: '13:00:00+03:00' }],
    });
  });

  it('reads a day back from the payload, keeping break entries of unknown shape', () => {
    const wire = { type: 'same_every_day', from: '22:00:00-05:00', to: '06:30:00-05:00', breaks: [{ weird: 1 }] };
    const draft = dayFromWire(wire);
    expect(draft).toMatchObject({ from: '22:00', to: '06:30', offset: '-05:00', otherBreaks: [{ weird: 1 }] });
    expect(dayToWire(draft)).toEqual(wire);
  });

  it('refuses unreadable times and offsets instead of sending them', () => {
    expect(dayToWire(day('25:00', '20:00'))).toBeNull();
    expect(dayToWire(day('08:00', '20:00', [], 'Moscow'))).toBeNull();
    expect(dayToWire(day('08:00', '20:00', [{ from: '12', to: '13:00' }]))).toBeNull();
  });

  it('normalises the usual ways of writing an offset', () => {
    expect(['+3', '+03', '+0300', 'UTC+3:00', '-05:30', '+14:00'].map(normalizeOffset)).toEqual(['+03:00', '+03:00', '+03:00', '+03:00', '-05:30', '+14:00']);
    expect(normalizeOffset('+15:00')).toBeNull();
  });

  it('draws a daytime schedule with its break as three segments', () => {
    expect(barSegments(day('08:00', '20:00', [{ from: '12:00', to: '13:00' }]))).toEqual([
      { start: 480, end: 720, kind: 'record' },
      { start: 720, end: 780, kind: 'break' },
      { start: 780, end: 1200, kind: 'record' },
    ]);
  });

  it('splits an overnight schedule at midnight', () => {
    expect(barSegments(day('22:00', '06:00'))).toEqual([
      { start: 0, end: 360, kind: 'record' },
      { start: 1320, end: 1440, kind: 'record' },
    ]);
  });

  it('reads from equal to to as the whole day', () => {
    expect(barSegments(day('00:00', '00:00'))).toEqual([{ start: 0, end: 1440, kind: 'record' }]);
  });

  it('describes a day in words: kind, times, breaks and the hours recorded', () => {
    expect(describeDay(day('08:00', '20:00', [{ from: '12:00', to: '13:00' }]))).toEqual({
      kind: 'daytime',
      dayType: 'same_every_day',
      from: '08:00',
      to: '20:00',
      offset: '+03:00',
      breaks: [{ from: '12:00', to: '13:00' }],
      recordedMinutes: 660,
    });
    expect(describeDay(day('22:00', '06:00')).kind).toBe('overnight');
    expect(describeDay(day('00:00', '00:00')).recordedMinutes).toBe(1440);
    expect(describeDay(day('x', '06:00')).kind).toBe('unreadable');
  });

  it('starts a new day at 08:00-20:00 in the given offset', () => {
    expect(newDay('+02:00')).toMatchObject({ from: '08:00', to: '20:00', offset: '+02:00', type: 'same_every_day' });
  });
});
