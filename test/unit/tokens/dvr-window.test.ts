import { describe, expect, it } from 'vitest';
import { localToUnixSeconds, resolveWindow, unixToLocalInput, zoneLabel, UINT32_MAX, type WindowInput } from '../../../renderer/features/tokens/dvr-window';

const berlin = 'Europe/Berlin';
const utc = (iso: string) => Date.parse(iso) / 1000;

describe('local date-time to Unix seconds', () => {
  it('converts a winter time in Berlin using UTC+01:00', () => {
    expect(localToUnixSeconds('2026-01-15T10:00', berlin)).toMatchObject({ ok: true, seconds: utc('2026-01-15T09:00:00Z'), offsetMinutes: 60, note: null });
  });

  it('converts a summer time in Berlin using UTC+02:00', () => {
    expect(localToUnixSeconds('2026-07-01T10:00', berlin)).toMatchObject({ ok: true, seconds: utc('2026-07-01T08:00:00Z'), offsetMinutes: 120 });
  });

  it('converts in a zone west of UTC', () => {
    expect(localToUnixSeconds('2026-01-15T10:00', 'America/New_York')).toMatchObject({ ok: true, seconds: utc('2026-01-15T15:00:00Z') });
  });

  it('refuses a time skipped by the spring-forward change (Berlin 2026-03-29 02:30) and says why', () => {
    const result = localToUnixSeconds('2026-03-29T02:30', berlin);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/02:30 does not exist on 29 Mar 2026 in Europe\/Berlin: the clocks skip ahead 1 h/);
  });

  it('accepts the first minute after the spring-forward gap (03:00 is UTC+02:00)', () => {
    expect(localToUnixSeconds('2026-03-29T03:00', berlin)).toMatchObject({ ok: true, seconds: utc('2026-03-29T01:00:00Z') });
  });

  it('resolves a time that occurs twice (Berlin 2026-10-25 02:30) to the first occurrence and says so', () => {
    const result = localToUnixSeconds('2026-10-25T02:30', berlin);
    expect(result).toMatchObject({ ok: true, seconds: utc('2026-10-25T00:30:00Z'), offsetMinutes: 120 });
    expect(result.ok && result.note).toMatch(/occurs twice.*using the first, UTC\+02:00/);
  });

  it('treats the hour after the fall-back change as plain winter time', () => {
    expect(localToUnixSeconds('2026-10-25T03:30', berlin)).toMatchObject({ ok: true, seconds: utc('2026-10-25T02:30:00Z'), note: null });
  });

  it('refuses a date that does not exist', () => {
    expect(localToUnixSeconds('2026-02-30T10:00', berlin)).toEqual({ ok: false, message: 'That date does not exist. Check the day and the month.' });
  });

  it('refuses an empty or malformed value', () => {
    expect(localToUnixSeconds('', berlin).ok).toBe(false);
    expect(localToUnixSeconds('yesterday', berlin).ok).toBe(false);
  });

  it('refuses times before 1970 (0 would mean unbounded) and after the unsigned 32-bit limit in 2106', () => {
    expect(localToUnixSeconds('1969-12-31T23:00', 'UTC')).toMatchObject({ ok: false, message: expect.stringMatching(/between 1970 and 2106/) });
    expect(localToUnixSeconds('1970-01-01T00:00', 'UTC').ok).toBe(false);
    expect(localToUnixSeconds('2106-02-07T06:29', 'UTC').ok).toBe(false);
  });

  it('accepts the last minute the server takes (2106-02-07 06:28 UTC)', () => {
    const result = localToUnixSeconds('2106-02-07T06:28', 'UTC');
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.seconds).toBeLessThanOrEqual(UINT32_MAX);
  });

  it('labels the zone with the offset in force at that instant', () => {
    expect(zoneLabel(berlin, new Date('2026-01-15T09:00:00Z'))).toBe('Europe/Berlin, UTC+01:00');
    expect(zoneLabel(berlin, new Date('2026-07-01T09:00:00Z'))).toBe('Europe/Berlin, UTC+02:00');
    expect(zoneLabel('Asia/Kolkata', new Date('2026-07-01T09:00:00Z'))).toBe('Asia/Kolkata, UTC+05:30');
  });

  it('formats Unix seconds back into the local input value', () => {
    expect(unixToLocalInput(utc('2026-07-01T08:00:00Z'), berlin)).toBe('2026-07-01T10:00');
  });
});

describe('DVR window', () => {
  const base: WindowInput = { applies: true, fromUnbounded: false, toUnbounded: false, from: '2026-05-01T08:00', to: '2026-05-01T09:00', timeZone: berlin };

  it('is 0/0 (not sent) when neither DVR nor download is allowed', () => {
    expect(resolveWindow({ ...base, applies: false, from: 'garbage' })).toEqual({ ok: true, from: 0, to: 0, notes: {} });
  });

  it('converts both bounds', () => {
    expect(resolveWindow(base)).toEqual({ ok: true, from: utc('2026-05-01T06:00:00Z'), to: utc('2026-05-01T07:00:00Z'), notes: {} });
  });

  it('sends 0 for a side marked "no bound", ignoring its text', () => {
    expect(resolveWindow({ ...base, fromUnbounded: true, from: '' })).toMatchObject({ ok: true, from: 0, to: utc('2026-05-01T07:00:00Z') });
    expect(resolveWindow({ ...base, toUnbounded: true, to: '' })).toMatchObject({ ok: true, from: utc('2026-05-01T06:00:00Z'), to: 0 });
  });

  it('refuses an end before the start, under the end field', () => {
    expect(resolveWindow({ ...base, to: '2026-05-01T07:59' })).toEqual({ ok: false, errors: { to: 'The end of the DVR window must not be before its start.' } });
  });

  it('accepts an end equal to the start (the spec says greater than or equal)', () => {
    expect(resolveWindow({ ...base, to: base.from }).ok).toBe(true);
  });

  it('asks for a missing bound, naming the checkbox that means unbounded', () => {
    expect(resolveWindow({ ...base, from: '' })).toEqual({ ok: false, errors: { from: 'Enter the start, or tick “no lower bound”.' } });
  });

  it('reports the DST note of a bound that occurs twice', () => {
    const result = resolveWindow({ ...base, from: '2026-10-25T02:30', to: '2026-10-25T04:00' });
    expect(result.ok && result.notes.from).toMatch(/occurs twice/);
  });
});
