import { afterEach, describe, expect, it } from 'vitest';
import { locale } from '../../../../renderer/lib/i18n.svelte';
import { dateTimeText, rowDateTimeText } from '../../../../renderer/features/tokens/expiry-words';

describe('rowDateTimeText (a moment in a row of the token history)', () => {
  afterEach(() => locale.set('en'));
  const now = new Date('2026-11-26T18:00:00Z');

  it('leaves out this year, so the Russian time fits the row', () => {
    locale.set('ru');
    expect(rowDateTimeText('2026-11-24T14:21:00Z', 'Europe/Riga', now)).toBe('24 нояб., 16:21');
    locale.set('en');
    expect(rowDateTimeText('2026-11-24T14:21:00Z', 'Europe/Riga', now)).toBe('24 Nov, 16:21');
  });

  it('keeps the year of a moment in another year, as everywhere else', () => {
    locale.set('ru');
    expect(rowDateTimeText('2025-12-31T20:00:00Z', 'Europe/Riga', now)).toBe(dateTimeText('2025-12-31T20:00:00Z', 'Europe/Riga'));
    expect(rowDateTimeText('2025-12-31T20:00:00Z', 'Europe/Riga', now)).toContain('2025');
  });

  it('decides the year in the desk’s time zone: New Year’s Eve in UTC is already next year in Riga', () => {
    expect(rowDateTimeText('2026-12-31T23:30:00Z', 'Europe/Riga', new Date('2027-01-01T00:30:00Z'))).toBe('1 Jan, 01:30');
  });
});
