import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../renderer/lib/format';
import { daysInWords } from '../../../renderer/features/dashboard/period';

describe('dates on screen', () => {
  const at = Date.UTC(2026, 10, 26, 21, 47);
  const utc = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' } as const;

  it('are written day first with a 24-hour clock in English, on every screen the same', () => {
    expect(formatDateTime('en', at, utc)).toBe('26 Nov 2026, 21:47');
    // The dashboard's period says its days the same way.
    expect(daysInWords({ from: '2026-11-26', to: '2026-11-26' }, 'en')).toBe('26 Nov 2026');
  });

  it('are written as Russian readers expect in Russian', () => {
    expect(formatDateTime('ru', at, utc)).toBe('26 нояб. 2026 г., 21:47');
  });
});
