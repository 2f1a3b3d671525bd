import { describe, expect, it } from 'vitest';
import { countdown, expiryInWords, grantSummary, permissionsInWords } from '../../../renderer/features/tokens/expiry-words';

const tz = 'Europe/Berlin';
const now = new Date('2026-05-04T15:40:30Z'); // 17:40:30 in Berlin

describe('expiry in words', () => {
  it('reads "live + DVR, expires today 18:40 (in 59 min)" for a one-hour token issued a moment ago', () => {
    expect(grantSummary({ live: true, dvr: true, copy: false }, new Date('2026-05-04T16:40:00Z'), now, tz)).toBe('live + DVR, expires today 18:40 (in 59 min)');
  });

  it('says "never expires" for an unlimited token', () => {
    expect(expiryInWords(null, now, tz)).toBe('never expires');
  });

  it('says tomorrow and hours for a token expiring after midnight', () => {
    expect(expiryInWords(new Date('2026-05-05T07:00:00Z'), now, tz)).toBe('expires tomorrow 09:00 (in 15 h 19 min)');
  });

  it('names the weekday within a week and the date beyond', () => {
    expect(expiryInWords(new Date('2026-05-08T10:00:00Z'), now, tz)).toBe('expires on Fri 8 May 12:00 (in 3 days)');
    expect(expiryInWords(new Date('2026-06-20T10:00:00Z'), now, tz)).toMatch(/^expires on 20 Jun 2026 12:00/);
  });

  it('says how long ago an expired token expired', () => {
    expect(expiryInWords(new Date('2026-05-04T15:30:00Z'), now, tz)).toBe('expired today 17:30 (10 min ago)');
  });

  it('names each permission and the absence of all', () => {
    expect(permissionsInWords({ live: true, dvr: true, copy: true })).toBe('live + DVR + download');
    expect(permissionsInWords({ live: false, dvr: false, copy: true })).toBe('download');
    expect(permissionsInWords({ live: false, dvr: false, copy: false })).toBe('no permissions');
  });
});

describe('countdown', () => {
  it('shows minutes and seconds under an hour', () => {
    expect(countdown(new Date(now.getTime() + 59 * 60_000 + 12_000), now)).toBe('59:12');
  });

  it('shows hours, then days', () => {
    expect(countdown(new Date(now.getTime() + 3 * 3600_000 + 5_000), now)).toBe('3:00:05');
    expect(countdown(new Date(now.getTime() + 2 * 86_400_000 + 3600_000), now)).toBe('2 d 01:00:00');
  });

  it('turns to "expired" at zero', () => {
    expect(countdown(new Date(now.getTime() + 999), now)).toBe('expired');
    expect(countdown(now, now)).toBe('expired');
  });

  it('has no countdown for an unlimited token', () => {
    expect(countdown(null, now)).toBe('no expiry');
  });
});
