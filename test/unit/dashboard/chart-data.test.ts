import { describe, expect, it } from 'vitest';
import { dashboardCards, fleetTotals, type FleetTile } from '../../../preload/contract/dashboard';
import { dashboardSchema } from '../../../preload/contract/wire/platform';
import { busiestServers, cameraStates, serverTraffic, topCamerasByBitrate, topCamerasByIssues, userSplit } from '../../../renderer/features/dashboard/chart-data';
import { dashboard as sample, mediaServer } from '../platform/samples';

const d = dashboardSchema.parse({
  ...sample,
  users: {
    all: { count_all: 100, count_for_range: { number: -2, percent: -10 } },
    others: {
      legal: { count_all: 10, count_for_range: { number: 0, percent: 0 } },
      individual: { count_all: 70, count_for_range: { number: 0, percent: 0 } },
      sub: { count_all: 15, count_for_range: { number: 0, percent: 0 } },
      special: { count_all: 5, count_for_range: { number: 0, percent: 0 } },
    },
  },
  cameras: {
    ...sample.cameras,
    streams: { top_by_bitrate: [{ camera_name: 'Gate', bitrate: 4000 }, { stream_uid: 'cam-2-hd', bitrate: '6000' }, { camera_name: 'No number' }, 'junk'] },
  },
  issues: { ...sample.issues, top_by_issues: [{ camera_id: 7, count_issues: 3 }, { camera_name: 'Dock', count_issues: 9 }] },
  mediaservers: {
    ...sample.mediaservers,
    top_by_bitrate: [
      { ...mediaServer, id: 1, traffic_in: 5, traffic_out: 10 },
      { ...mediaServer, id: 2, traffic_in: 50, traffic_out: 100, extra: { server: { hostname: '' } }, domain: 'two.example' },
      { ...mediaServer, id: 3, traffic_in: 1, traffic_out: 1 },
    ],
  },
});

describe('chart data', () => {
  it('splits users by type', () => {
    expect(userSplit(d)).toEqual([
      { key: 'legal', value: 10 },
      { key: 'individual', value: 70 },
      { key: 'sub', value: 15 },
      { key: 'special', value: 5 },
    ]);
  });

  it('counts cameras by state (active = all - inactive)', () => {
    expect(cameraStates(d)).toEqual([
      { key: 'active', value: 111 },
      { key: 'inactive', value: 9 },
      { key: 'withIssues', value: 4 },
    ]);
  });

  it('orders servers by outgoing traffic, named by host name or domain', () => {
    expect(serverTraffic(busiestServers(d.mediaservers.top_by_bitrate, 2))).toEqual([
      { key: '2', label: 'two.example', a: 50, b: 100 },
      { key: '1', label: 'ms1', a: 5, b: 10 },
    ]);
  });

  it('finds the busiest servers in one pass, as a full sort would', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ ...d.mediaservers.top_by_bitrate[0]!, id: i, traffic_out: (i * 7919) % 97 }));
    const sorted = [...many].sort((x, y) => y.traffic_out - x.traffic_out || x.id - y.id).slice(0, 10);
    expect(busiestServers(many, 10).map((s) => s.id)).toEqual(sorted.map((s) => s.id));
    expect(busiestServers(many.slice(0, 3), 10)).toHaveLength(3);
  });

  it('reads top lists of unknown shape by the usual field names, leaving out items without a number', () => {
    expect(topCamerasByBitrate(d).map((b) => [b.label, b.value])).toEqual([
      ['cam-2-hd', 6000],
      ['Gate', 4000],
    ]);
    expect(topCamerasByIssues(d).map((b) => [b.label, b.value])).toEqual([
      ['Dock', 9],
      ['7', 3],
    ]);
  });
});

describe('fleet totals', () => {
  const cards = dashboardCards(d);
  const base = { profileName: 'x', baseUrl: 'http://x' };
  const tiles: FleetTile[] = [
    { ...base, profileId: 'a', state: 'ok', cards, fetchedAt: '2026-11-22T10:00:00.000Z', stale: null },
    { ...base, profileId: 'b', state: 'stale', cards, fetchedAt: '2026-11-22T09:00:00.000Z', stale: { kind: 'Offline', message: 'down', fieldErrors: {}, retryable: true } },
    { ...base, profileId: 'c', state: 'error', error: { kind: 'Unauthorized', message: 'no', fieldErrors: {}, retryable: false } },
  ];

  it('adds up the tiles with numbers and counts the others', () => {
    expect(fleetTotals(tiles)).toEqual({
      servers: 2,
      stale: 1,
      failed: 1,
      users: 200,
      cameras: 240,
      camerasWithIssues: 8,
      camerasInactive: 18,
      mediaServers: 4,
      mediaServersInactive: 0,
      issues: 12,
    });
  });

  it('reads count_issues (a string in the spec) as a number, 0 when it is not one', () => {
    expect(dashboardCards({ ...d, issues: { ...d.issues, count_issues: 'n/a' } }).issues.issues).toBe(0);
  });
});
