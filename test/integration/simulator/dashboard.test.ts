import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type MediaServer, type RunningSimulator } from '../../../main/simulator/index';
import { call } from './http';

interface Range {
  number: number;
  percent: number;
}
interface Dashboard {
  users: { all: { count_all: number; count_for_range: Range }; others: Record<'legal' | 'individual' | 'sub' | 'special', { count_all: number; count_for_range: Range }> };
  cameras: { count_all: number; count_with_issues: number; count_for_range: Range; count_inactive: number; streams: { top_by_bitrate: unknown[] } };
  issues: { count_with_issues: number; count_issues: string; top_by_issues: unknown[] };
  mediaservers: {
    count_all: number;
    count_inactive: number;
    count_enabled: number;
    avg_count_cams: number;
    avg_count_users: number;
    top_by_bitrate: MediaServer[];
  };
}

let sim: RunningSimulator;
beforeAll(async () => {
  // A fixed clock: the periods and therefore every count below repeat on any day.
  sim = await startSimulator({ seed: 42, now: () => Date.UTC(2025, 5, 15, 12) });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

async function dashboard(query = ''): Promise<Dashboard> {
  const res = await call(sim, 'GET', `/api/admin/v1/dashboard${query}`, { token: sim.apiToken });
  expect(res.status).toBe(200);
  return res.json<Dashboard>();
}

async function errorsFor(query: string): Promise<Record<string, string[]>> {
  const res = await call(sim, 'GET', `/api/admin/v1/dashboard${query}`, { token: sim.apiToken });
  expect(res.status).toBe(422);
  return res.json<{ errors: Record<string, string[]> }>().errors;
}

describe('GET /api/admin/v1/dashboard', () => {
  it('answers the four members with counts derived from the seeded entities', async () => {
    const d = await dashboard();
    expect(Object.keys(d).sort()).toEqual(['cameras', 'issues', 'mediaservers', 'users']);
    expect(d.users.all.count_all).toBe(sim.state.users.length);
    const othersTotal = Object.values(d.users.others).reduce((sum, o) => sum + o.count_all, 0);
    expect(othersTotal).toBe(d.users.all.count_all);
    expect(d.cameras.count_all).toBe(sim.state.cameras.length + sim.state.agents.size);
    expect(d.cameras.count_with_issues).toBe(sim.state.cameras.filter((c) => c.issues > 0).length);
    expect(d.issues.count_issues).toBe(String(sim.state.cameras.reduce((s, c) => s + c.issues, 0)));
    expect(d.mediaservers.count_all).toBe(sim.state.mediaServers.length);
    expect(d.mediaservers.count_enabled).toBe(sim.state.mediaServers.filter((m) => m.is_enabled).length);
    expect(d.mediaservers.count_inactive).toBe(sim.state.mediaServers.filter((m) => !m.status).length);
  });

  it('lists media servers in the spec entry shape, highest traffic first', async () => {
    const { top_by_bitrate: top } = (await dashboard()).mediaservers;
    expect(top.length).toBeGreaterThan(0);
    expect(top[0]).toMatchObject({ type: 'media_server_v2', schema: 'https', group_type: 'all', extra: { server: { hostname: expect.any(String) } } });
    expect(top.map((m) => m.traffic_out)).toEqual([...top.map((m) => m.traffic_out)].sort((a, b) => b - a));
  });

  it('changes count_for_range with the period', async () => {
    const tz = '?timezone=Europe/Berlin';
    const periods = await Promise.all(['today', 'yesterday', 'week', 'month', 'year'].map((p) => dashboard(`${tz}&date=${p}`)));
    const numbers = new Set(periods.map((d) => JSON.stringify(d.users.all.count_for_range)));
    expect(numbers.size).toBeGreaterThan(1);
  });

  it('reports a negative count_for_range for some period', async () => {
    const days = Array.from({ length: 20 }, (_, i) => `2025-05-${String(i + 1).padStart(2, '0')}`);
    const ranges = await Promise.all(days.map((day) => dashboard(`?timezone=Europe/Berlin&from=${day}&to=${day}`)));
    expect(ranges.some((d) => d.users.all.count_for_range.number < 0 && d.users.all.count_for_range.percent < 0)).toBe(true);
  });

  it('accepts a custom period given as date=custom with from and to (YYYY-MM-DD)', async () => {
    const d = await dashboard('?timezone=America/New_York&date=custom&from=2025-01-01&to=2025-03-31');
    expect(typeof d.cameras.count_for_range.number).toBe('number');
  });

  it('counts a camera created through billing in today’s range', async () => {
    const before = await dashboard('?timezone=Europe/London&date=today');
    const folder = sim.state.folders[0];
    await call(sim, 'POST', '/api/v2/billing/cameras', {
      token: sim.apiToken,
      body: { name: 'New', mac: 'AA:BB:CC:00:11:22', group_id: folder?.group_id, folder_id: folder?.id },
    });
    const after = await dashboard('?timezone=Europe/London&date=today');
    expect(after.cameras.count_all).toBe(before.cameras.count_all + 1);
    expect(after.cameras.count_for_range.number).toBe(before.cameras.count_for_range.number + 1);
  });

  it('answers 422 with errors.timezone when filtering by date without a timezone', async () => {
    expect(Object.keys(await errorsFor('?date=week'))).toEqual(['timezone']);
    expect(Object.keys(await errorsFor('?from=2025-01-01&to=2025-01-31'))).toEqual(['timezone']);
  });

  it.each(['UTC', 'Mars/Olympus_Mons', 'Europe', 'europe berlin'])('answers 422 with errors.timezone for %s', async (tz) => {
    expect(Object.keys(await errorsFor(`?timezone=${encodeURIComponent(tz)}&date=today`))).toEqual(['timezone']);
  });

  it('answers 422 with errors.date for an unknown period', async () => {
    expect(Object.keys(await errorsFor('?timezone=Europe/Berlin&date=fortnight'))).toEqual(['date']);
  });

  it('answers 422 for from/to that are not YYYY-MM-DD dates', async () => {
    expect(Object.keys(await errorsFor('?timezone=Europe/Berlin&from=01.02.2025&to=2025-02-30')).sort()).toEqual(['from', 'to']);
  });

  it('answers 422 when to is before from', async () => {
    expect(Object.keys(await errorsFor('?timezone=Europe/Berlin&from=2025-02-10&to=2025-02-01'))).toEqual(['to']);
  });

  it('answers 422 when date=custom lacks from or to', async () => {
    expect(Object.keys(await errorsFor('?timezone=Europe/Berlin&date=custom&from=2025-02-10'))).toEqual(['to']);
  });
});

describe('a large media-server fleet (options mediaServers and topMediaServers)', () => {
  it('serves a dashboard whose top_by_bitrate holds 10,000 servers, highest traffic first, the first 24 as seeded', async () => {
    const big = await startSimulator({ seed: 42, now: () => Date.UTC(2025, 5, 15, 12), mediaServers: 10_000, topMediaServers: 10_000 });
    try {
      const res = await call(big, 'GET', '/api/admin/v1/dashboard', { token: big.apiToken });
      const d = res.json<Dashboard>();
      expect(d.mediaservers.count_all).toBe(10_000);
      expect(d.mediaservers.top_by_bitrate).toHaveLength(10_000);
      const traffic = d.mediaservers.top_by_bitrate.map((m) => m.traffic_out);
      expect(traffic).toEqual([...traffic].sort((a, b) => b - a));
      expect(new Set(d.mediaservers.top_by_bitrate.map((m) => m.id)).size).toBe(10_000);
      expect(JSON.stringify(big.state.mediaServers.slice(0, 24))).toBe(JSON.stringify(sim.state.mediaServers));
    } finally {
      await big.close();
    }
  });
});
