import { describe, expect, it } from 'vitest';
import { isUtcName, operatorTimeZone, UTC_ZONE, zoneInWords } from '../../../renderer/features/dashboard/period';

describe('the operator’s time zone in words', () => {
  it('on a machine set to UTC: sends the Region/City stand-in, says "UTC"', () => {
    for (const machine of ['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Universal', 'Etc/Zulu']) {
      expect(isUtcName(machine)).toBe(true);
      expect(operatorTimeZone(machine)).toBe(UTC_ZONE);
      expect(zoneInWords(operatorTimeZone(machine), machine)).toBe('UTC');
    }
  });

  it('on a machine with a Region/City zone: says every zone by its own name, Reykjavik included', () => {
    expect(operatorTimeZone('Europe/Riga')).toBe('Europe/Riga');
    expect(zoneInWords('Europe/Riga', 'Europe/Riga')).toBe('Europe/Riga');
    expect(zoneInWords('Atlantic/Reykjavik', 'Europe/Riga')).toBe('Atlantic/Reykjavik');
    expect(isUtcName('Europe/London')).toBe(false);
  });
});
