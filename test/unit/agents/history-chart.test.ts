import { describe, expect, it } from 'vitest';
import { forecastLine, timelineSegments, usageSeries } from '../../../renderer/features/agents/history-chart';

const DAY = 86_400_000;

describe('history chart mapping', () => {
  it('cuts the window into spans of one state, unknown before the first transition, merging status-only changes', () => {
    const segments = timelineSegments({
      from: 0,
      to: 10 * DAY,
      transitions: [
        { at: DAY, online: true, status: 'activated' },
        { at: 2 * DAY, online: true, status: 'error' },
        { at: 3 * DAY, online: false, status: 'error' },
        { at: 4 * DAY, online: null, status: null },
        { at: 5 * DAY, online: true, status: 'activated' },
      ],
    });
    expect(segments.map((s) => [s.kind, s.from / DAY, s.to / DAY])).toEqual([
      ['unknown', 0, 1],
      ['online', 1, 3],
      ['offline', 3, 4],
      ['nodata', 4, 5],
      ['online', 5, 10],
    ]);
  });

  it('draws each storage in percent and carries its forecast on to 100 %', () => {
    const [series] = usageSeries({
      samples: [
        { storageId: 1, at: 0, usedMb: 400, capacityMb: 1000 },
        { storageId: 1, at: DAY, usedMb: 500, capacityMb: 1000 },
      ],
      forecasts: [{ deviceId: '1', storageId: 1, mbPerDay: 100, daysUntilFull: 5, capacityMb: 1000, points: [] }],
    });
    expect(series!.points).toEqual([[0, 40], [DAY, 50]]);
    expect(forecastLine(series!, 100 * DAY)).toEqual([[DAY, 50], [6 * DAY, 100]]);
    expect(forecastLine(series!, 2 * DAY)![1]).toEqual([2 * DAY, 60]);
  });
});
