import { describe, expect, it } from 'vitest';
import { durationParts } from '../../../preload/contract/duration-words';
import { dropWidths, versionsInUse } from '../../../renderer/features/agents/watch-columns';
import type { WatchRow } from '../../../preload/contract/agents';
import { createWatchRowWindows } from '../../../main/agents/watch-window';

describe('durations in the unit a person says them in', () => {
  it('minutes, then hours, days and years; never a six-digit count of minutes', () => {
    expect(durationParts(10)).toEqual({ unit: 'minutes', count: 10 });
    expect(durationParts(59)).toEqual({ unit: 'minutes', count: 59 });
    expect(durationParts(60)).toEqual({ unit: 'hours', count: 1 });
    expect(durationParts(16 * 60 + 20)).toEqual({ unit: 'hours', count: 16 });
    expect(durationParts(47 * 60)).toEqual({ unit: 'hours', count: 47 });
    expect(durationParts(3 * 24 * 60)).toEqual({ unit: 'days', count: 3 });
    expect(durationParts(1_002_526)).toEqual({ unit: 'years', count: 2 });
    expect(durationParts(200 * 24 * 60)).toEqual({ unit: 'days', count: 200 });
    expect(durationParts(2 * 365.25 * 24 * 60)).toEqual({ unit: 'years', count: 2 });
    expect(durationParts(1.9 * 365.25 * 24 * 60 + 400 * 24 * 60)).toEqual({ unit: 'years', count: 3 });
  });
});

describe('the Version column of a watch list', () => {
  const row = (deviceId: string, name: string, version: string) => ({ deviceId, name, version }) as WatchRow;
  const rows = [row('1001', 'Graz Roof', '2.10.5'), row('1002', 'Riga Gate', '2.14.9')];

  // Main filters the rows and says whether one was kept for its version alone.
  const byVersion = (filter: string) => createWatchRowWindows(() => rows).window({ sort: null, filter, offset: 0, limit: 10 }).matchedByVersion;

  it('is in use when a rule compares versions or the filter matches a version (not a number or name)', () => {
    expect(versionsInUse([{ id: 'v', kind: 'version', expected: '2.14.9' }], byVersion(''))).toBe(true);
    expect(versionsInUse([{ id: 'o', kind: 'offline', minutes: 10 }], byVersion(''))).toBe(false);
    expect(versionsInUse([], byVersion('2.10'))).toBe(true);
    expect(versionsInUse([], byVersion('graz'))).toBe(false);
    expect(versionsInUse([], byVersion('100'))).toBe(false);
  });

  it('then stays at any width and Streams gives way instead', () => {
    expect(dropWidths(true)).toEqual({ streams: 70, version: undefined });
    expect(dropWidths(false)).toEqual({ streams: 52, version: 70 });
  });
});

describe('durations in words, English and Russian', () => {
  it('uses each language’s plural forms', async () => {
    const i18next = (await import('i18next')).default;
    const { resources } = await import('../../../preload/contract/messages');
    const { durationInWords } = await import('../../../preload/contract/duration-words');
    for (const [lng, expected] of [
      ['en', ['10 min', '16 h', '3 days', '2 years', '1 year']],
      ['ru', ['10 мин', '16 ч', '3 дня', '2 года', '1 год']],
    ] as const) {
      const i18n = i18next.createInstance();
      await i18n.init({ resources, lng, initAsync: false, interpolation: { escapeValue: false } });
      const tr = (key: string, values?: Record<string, unknown>) => i18n.t(key, values ?? {});
      expect([10, 16 * 60, 3 * 1440, 1_002_526, 400 * 1440].map((m) => durationInWords(m, tr))).toEqual(expected);
    }
  });
});
