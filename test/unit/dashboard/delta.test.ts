import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deltaParts } from '../../../renderer/features/dashboard/delta';

describe('count_for_range in words', () => {
  it('shows growth with a plus, a percent and an up marker', () => {
    expect(deltaParts({ number: 12, percent: 4.5 }, 'en')).toEqual({ direction: 'up', marker: '▲', number: '+12', percent: '+4.5%' });
  });

  it('shows a decrease with a real minus sign and a down marker (negatives are normal answers)', () => {
    expect(deltaParts({ number: -3, percent: -12.25 }, 'en')).toEqual({ direction: 'down', marker: '▼', number: '\u22123', percent: '\u221212.25%' });
  });

  it('shows no change as flat, unsigned', () => {
    expect(deltaParts({ number: 0, percent: 0 }, 'en')).toEqual({ direction: 'flat', marker: '=', number: '0', percent: '0%' });
  });

  it('formats numbers the Russian way in Russian', () => {
    const parts = deltaParts({ number: -1500, percent: -33.33 }, 'ru');
    expect(parts.number.replace(/\s/g, ' ')).toBe('\u22121 500');
    expect(parts.percent.replace(/\s/g, ' ')).toBe('\u221233,33 %');
  });

  it('agrees in sign with the number for any answer', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.double({ min: -1e4, max: 1e4, noNaN: true }), (number, percent) => {
        const parts = deltaParts({ number, percent }, 'en');
        if (number > 0) expect(parts.direction).toBe('up');
        if (number < 0) expect(parts.number.startsWith('\u2212')).toBe(true);
        expect(parts.number.includes('-')).toBe(false);
      }),
    );
  });
});
