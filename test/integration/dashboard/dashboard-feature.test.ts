import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { figuresForPage } from '../../../main/dashboard/page-figures';
import { createDashboardCacheRepository } from '../../../main/storage/repositories/dashboard-cache-repository';
import { storageAt } from '../../support/storage';
import { settlesBefore } from '../../support/order';
import { startSimulator, type RunningSimulator } from '../../../main/simulator/index';
import { periodKey, type FleetTileEvent, type Period } from '../../../preload/contract/dashboard';
import type { Dashboard } from '../../../preload/contract/wire/platform';
import { comparisonDays, periodDays, rangeInstants } from '../../../renderer/features/dashboard/period';
import { deltaParts } from '../../../renderer/features/dashboard/delta';
import { call } from '../simulator/http';
import { busiestServers } from '../../../preload/contract/dashboard-servers';
import { FIRST_SERVER_WINDOW } from '../../../main/dashboard/dashboard-feature';
import { openConsole, type DashboardConsole } from './console';

// A fixed clock: presets resolve to the same days on any run. 15 Jun 2025 12:00 UTC.
const NOW = Date.UTC(2025, 5, 15, 12);

let sim: RunningSimulator;
let desk: DashboardConsole;
let profileId: string;

beforeAll(async () => {
  sim = await startSimulator({ seed: 42, now: () => NOW });
  desk = await openConsole();
  profileId = await desk.addServer('Riga', sim.baseUrl, sim.apiToken);
});
afterAll(async () => {
  await desk.close();
  await sim.close();
});

/** count_for_range worked out here from the simulator's users and the period's local midnights (DST-aware). */
function expectedUserDelta(period: Period): { number: number; percent: number } {
  const days = periodDays(period, NOW);
  const current = rangeInstants(days, period.timezone);
  const previous = rangeInstants(comparisonDays(days), period.timezone);
  const count = (r: { start: number; end: number }) => sim.state.users.filter((u) => u.created_at_ms >= r.start && u.created_at_ms < r.end).length;
  const now = count(current);
  const before = count(previous);
  const number = now - before;
  const percent = before === 0 ? (now === 0 ? 0 : 100) : Math.round((number / before) * 10_000) / 100;
  return { number, percent };
}

const periods: Array<[string, Period]> = [
  ['today in Europe/Berlin', { preset: 'today', timezone: 'Europe/Berlin' }],
  ['yesterday in Pacific/Auckland (already 16 Jun there)', { preset: 'yesterday', timezone: 'Pacific/Auckland' }],
  ['the last week in America/New_York', { preset: 'week', timezone: 'America/New_York' }],
  ['the last month in Asia/Kolkata', { preset: 'month', timezone: 'Asia/Kolkata' }],
  ['the last year in Australia/Sydney', { preset: 'year', timezone: 'Australia/Sydney' }],
  ['a week across the spring DST change in Europe/Berlin', { preset: 'custom', from: '2025-03-24', to: '2025-03-30', timezone: 'Europe/Berlin' }],
  ['the 25-hour autumn DST day in America/Chicago', { preset: 'custom', from: '2024-11-03', to: '2024-11-03', timezone: 'America/Chicago' }],
];

describe('dashboard.get against the simulator', () => {
  it.each(periods)('%s: the answer is the simulator\'s, and users.count_for_range matches the period\'s days', async (_, period) => {
    const view = await desk.value('dashboard.get', { period });
    const query = period.preset === 'custom' ? `timezone=${period.timezone}&from=${period.from}&to=${period.to}` : `timezone=${period.timezone}&date=${period.preset}`;
    const direct = await call(sim, 'GET', `/api/admin/v1/dashboard?${query}`, { token: sim.apiToken });
    const answer = direct.json<Dashboard>();
    const servers = answer.mediaservers.top_by_bitrate;
    // The page gets the figures (the members the contract names, the ten busiest servers, each top list as its chart
    // draws it); the table's rows come in windows.
    expect(view.dashboard).toEqual(figuresForPage(answer, busiestServers(servers)));
    expect(view.servers).toMatchObject({ total: servers.length, matched: servers.length, offset: 0, rows: servers.slice(0, FIRST_SERVER_WINDOW) });
    expect(view.dashboard.users.all.count_for_range).toEqual(expectedUserDelta(period));
    expect(view.stale).toBeNull();
    expect(view.profileId).toBe(profileId);
  });

  it('the DST day really is 25 hours, so the check above covers it', () => {
    const { start, end } = rangeInstants({ from: '2024-11-03', to: '2024-11-03' }, 'America/Chicago');
    expect((end - start) / 3_600_000).toBe(25);
  });

  it('gives negative deltas for some days, and they read as decreases', async () => {
    const days = Array.from({ length: 14 }, (_, i) => `2025-05-${String(i + 1).padStart(2, '0')}`);
    const views = await Promise.all(days.map((day) => desk.value('dashboard.get', { period: { preset: 'custom', from: day, to: day, timezone: 'Europe/Berlin' } })));
    const negative = views.map((v) => v.dashboard.users.all.count_for_range).find((r) => r.number < 0);
    expect(negative).toBeDefined();
    const parts = deltaParts(negative!, 'en');
    expect(parts.direction).toBe('down');
    expect(parts.marker).toBe('▼');
    expect(parts.number).toBe(`\u2212${Math.abs(negative!.number)}`);
  });

  it('puts the server\'s reason for refusing a period on the period control', async () => {
    // A Region/City-shaped name the server does not know: our schema lets it through, the server refuses it (422).
    const result = await desk.call('dashboard.get', { period: { preset: 'today', timezone: 'Mars/Olympus_Mons' } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('Validation');
    expect(result.error.message).toMatch(/refused this period/);
    expect(Object.keys(result.error.fieldErrors)).toEqual(['period.timezone']);
    expect(result.error.fieldErrors['period.timezone']?.[0]).toMatch(/Region\/City/);
  });

  it('checks the period before asking: a custom range needs both days, in order', async () => {
    const result = await desk.call('dashboard.get', { period: { preset: 'custom', from: '2025-05-10', to: '2025-05-01', timezone: 'Europe/Berlin' } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.error.fieldErrors)).toEqual(['period.to']);
  });
});

describe('errors and the offline copy', () => {
  let other: RunningSimulator;
  afterEach(async () => {
    await other?.close();
  });

  it('answers 401 as Unauthorized, pointing at Connect', async () => {
    other = await startSimulator({ seed: 7, now: () => NOW });
    const id = await desk.addServer('Wrong token', other.baseUrl, 'at_not-a-token');
    const result = await desk.call('dashboard.get', { profileId: id, period: { preset: 'today', timezone: 'Europe/Berlin' } });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('Unauthorized');
      expect(result.error.message).toMatch(/Connect/);
      expect(result.error.action).toBe('open-connect');
    }
  });

  it('serves the last answer marked stale with its time when the server is unreachable, also after a restart', async () => {
    other = await startSimulator({ seed: 7, now: () => NOW });
    const second = await openConsole();
    try {
      const id = await second.addServer('Vilnius', other.baseUrl, other.apiToken);
      const period: Period = { preset: 'week', timezone: 'Europe/Vilnius' };
      const fresh = await second.value('dashboard.get', { period });
      expect(fresh.stale).toBeNull();
      await other.close();

      const offline = await second.value('dashboard.get', { period });
      expect(offline.stale?.kind).toBe('Offline');
      expect(offline.fetchedAt).toBe(fresh.fetchedAt);
      expect(offline.dashboard).toEqual(fresh.dashboard);

      // Another period was never fetched: nothing to show, the failure in words.
      const never = await second.call('dashboard.get', { period: { ...period, preset: 'month' } });
      expect(never.ok).toBe(false);
      if (!never.ok) expect(never.error.kind).toBe('Offline');

      await second.close({ keepData: true });
      const reopened = await openConsole(second.dataDir);
      try {
        // A session-only vault forgets tokens on restart: hand it the same one, so the failure is the network's.
        reopened.app.services.connections.setDemoToken(id, other.apiToken);
        const afterRestart = await reopened.value('dashboard.get', { profileId: id, period });
        expect(afterRestart.stale?.kind).toBe('Offline');
        expect(afterRestart.fetchedAt).toBe(fresh.fetchedAt);
        expect(afterRestart.dashboard.users).toEqual(fresh.dashboard.users);
      } finally {
        await reopened.close();
      }
    } finally {
      await second.close().catch(() => undefined);
    }
  });
});

describe('dashboard.servers: the media-servers table in windows', () => {
  it('pages through the whole list sorted and filtered in main, and refuses a view a newer answer replaced', async () => {
    const period: Period = { preset: 'week', timezone: 'Europe/Berlin' };
    const view = await desk.value('dashboard.get', { period });
    const direct = await call(sim, 'GET', `/api/admin/v1/dashboard?timezone=${period.timezone}&date=week`, { token: sim.apiToken });
    const servers = direct.json<Dashboard>().mediaservers.top_by_bitrate;
    const sort = { column: 'trafficIn', direction: 'descending' } as const;
    const filter = { text: '', state: 'all' } as const;
    const seen: number[] = [];
    for (let offset = 0; offset < view.servers.total; offset += 7) {
      const window = await desk.value('dashboard.servers', { viewKey: view.servers.viewKey, offset, limit: 7, sort, filter });
      expect(window.rows.length).toBeLessThanOrEqual(7);
      seen.push(...window.rows.map((row) => row.traffic_in));
    }
    expect(seen).toEqual(servers.map((server) => server.traffic_in).sort((a, b) => b - a));

    const offline = await desk.value('dashboard.servers', { viewKey: view.servers.viewKey, offset: 0, limit: 500, sort: null, filter: { text: '', state: 'offline' } });
    expect(offline.matched).toBe(servers.filter((server) => server.is_enabled && !server.status).length);
    expect(offline.total).toBe(servers.length);

    const tooMany = await desk.call('dashboard.servers', { viewKey: view.servers.viewKey, offset: 0, limit: 501, sort: null, filter });
    expect(tooMany.ok).toBe(false);

    const newer = await desk.value('dashboard.get', { period });
    expect(newer.servers.viewKey).not.toBe(view.servers.viewKey);
    const gone = await desk.call('dashboard.servers', { viewKey: view.servers.viewKey, offset: 0, limit: 10, sort: null, filter });
    expect(gone.ok).toBe(false);
    if (!gone.ok) expect(gone.error).toMatchObject({ kind: 'NotFound', message: 'This list of media servers is no longer kept. Refresh the dashboard.' });
  });
});

describe('cancelling', () => {
  it('a superseded refresh is cancelled in main: it answers Cancelled at once, not a stale copy', async () => {
    const period: Period = { preset: 'today', timezone: 'Europe/Berlin' };
    await desk.value('dashboard.get', { period });
    sim.faults.add({ path: '/api/admin/v1/dashboard', latencyMs: 3000, times: 1 });
    const controller = new AbortController();
    const pending = desk.call('dashboard.get', { period }, { signal: controller.signal });
    // Aborted once the server holds the request; the answer comes while it still does.
    await vi.waitFor(() => expect(sim.faults.list()).toEqual([]), { timeout: 5_000 });
    controller.abort();
    expect(await settlesBefore(pending, 3000)).toBe(true);
    const result = await pending;
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('Cancelled');
    sim.faults.clear();
  });
});

describe('dashboard.fleet', () => {
  it('three servers, one stopped: two tiles with numbers, one with its error, totals over the two', async () => {
    const sims = await Promise.all([1, 2, 3].map((seed) => startSimulator({ seed, now: () => NOW })));
    const fleet = await openConsole();
    try {
      for (const [i, s] of sims.entries()) await fleet.addServer(`Site ${i + 1}`, s.baseUrl, s.apiToken);
      await sims[1]!.close();
      const period: Period = { preset: 'month', timezone: 'Europe/Riga' };
      const view = await fleet.value('dashboard.fleet', { period });
      expect(view.tiles.map((t) => [t.profileName, t.state])).toEqual([
        ['Site 1', 'ok'],
        ['Site 2', 'error'],
        ['Site 3', 'ok'],
      ]);
      const stopped = view.tiles[1]!;
      if (stopped.state === 'error') expect(stopped.error.kind).toBe('Offline');
      const live = [sims[0]!, sims[2]!];
      expect(view.totals).toMatchObject({ servers: 2, failed: 1, stale: 0 });
      expect(view.totals.users).toBe(live.reduce((sum, s) => sum + s.state.users.length, 0));
      expect(view.totals.mediaServers).toBe(live.reduce((sum, s) => sum + s.state.mediaServers.length, 0));
      const first = view.tiles[0]!;
      if (first.state !== 'error') {
        const single = await fleet.value('dashboard.get', { profileId: first.profileId, period });
        expect(first.cards.users.delta).toEqual(single.dashboard.users.all.count_for_range);
      }

      // Once the first one stops too, its tile keeps the numbers it had, marked stale.
      await sims[0]!.close();
      const later = await fleet.value('dashboard.fleet', { period });
      expect(later.tiles.map((t) => t.state)).toEqual(['stale', 'error', 'ok']);
      expect(later.totals).toMatchObject({ servers: 2, stale: 1, failed: 1 });
    } finally {
      await fleet.close();
      await Promise.all(sims.map((s) => s.close()));
    }
  });
});

describe('dashboard.fleet streaming', () => {
  it('pushes each tile as its server answers: a slow server\'s tile comes last, the others (an error too) before it', async () => {
    const sims = await Promise.all([11, 12, 13].map((seed) => startSimulator({ seed, now: () => NOW })));
    const fleet = await openConsole();
    try {
      for (const [i, s] of sims.entries()) await fleet.addServer(`Site ${i + 1}`, s.baseUrl, s.apiToken);
      // The first profile is the slow one, so arrival order cannot be the profiles' order by chance.
      sims[0]!.faults.add({ path: '/api/admin/v1/dashboard', latencyMs: 1500 });
      await sims[1]!.close();
      const arrivals: Array<{ requestId: string; name: string; state: string; answered: boolean }> = [];
      let answered = false;
      const stop = fleet.app.services.events.listen(({ name, payload }) => {
        if (name !== 'dashboard.fleetTile') return;
        const { requestId, tile } = payload as FleetTileEvent;
        arrivals.push({ requestId, name: tile.profileName, state: tile.state, answered });
      });
      try {
        const period: Period = { preset: 'today', timezone: 'Europe/Riga' };
        const view = await fleet.value('dashboard.fleet', { period, requestId: 'round-1' });
        answered = true;
        expect(arrivals.map((a) => a.name).slice(0, 2).sort()).toEqual(['Site 2', 'Site 3']);
        expect(arrivals.map((a) => [a.name, a.state]).at(-1)).toEqual(['Site 1', 'ok']);
        expect(arrivals.find((a) => a.name === 'Site 2')?.state).toBe('error');
        expect(arrivals.every((a) => a.requestId === 'round-1' && !a.answered)).toBe(true);
        // The answer brings them all again, in the profiles' order, with the totals.
        expect(view.tiles.map((t) => [t.profileName, t.state])).toEqual([
          ['Site 1', 'ok'],
          ['Site 2', 'error'],
          ['Site 3', 'ok'],
        ]);
        expect(view.totals).toMatchObject({ servers: 2, failed: 1 });

        // A call without a request id pushes nothing.
        const before = arrivals.length;
        await fleet.value('dashboard.fleet', { period });
        expect(arrivals).toHaveLength(before);
      } finally {
        stop();
      }
    } finally {
      await fleet.close();
      await Promise.all(sims.map((s) => s.close()));
    }
  });
});

describe('deleting a server profile', () => {
  const period: Period = { preset: 'week', timezone: 'Europe/Riga' };

  it('removes its saved dashboards once its delete can no longer be undone, and keeps the other profiles\' ones', async () => {
    const second = await openConsole();
    const saved = createDashboardCacheRepository(second.app.services.storage);
    try {
      const kept = await second.addServer('Kept', sim.baseUrl, sim.apiToken);
      const gone = await second.addServer('Gone', sim.baseUrl, sim.apiToken);
      for (const id of [kept, gone]) {
        await second.value('dashboard.get', { profileId: id, period });
        await second.value('dashboard.get', { profileId: id, period: { ...period, preset: 'month' } });
      }
      await vi.waitFor(() => {
        for (const id of [kept, gone]) expect(saved.has(id, periodKey({ ...period, preset: 'month' }))).toBe(true);
      });
      for (const id of [kept, gone]) expect(saved.count(id)).toBe(2);

      await second.value('profiles.remove', { id: gone });
      // Kept while the delete can be undone; they go once it no longer can (here: another server deleted).
      expect(saved.count(gone)).toBe(2);
      await second.value('profiles.remove', { id: await second.addServer('Another', sim.baseUrl, sim.apiToken) });

      expect(saved.has(gone, periodKey(period))).toBe(false);
      expect(saved.has(gone, periodKey({ ...period, preset: 'month' }))).toBe(false);
      expect(saved.count(gone)).toBe(0);
      expect(saved.count(kept)).toBe(2);
      expect(saved.has(kept, periodKey(period))).toBe(true);
      const result = await second.call('dashboard.get', { profileId: gone, period });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.kind).toBe('NotFound');
    } finally {
      await second.close();
    }
  });

  it('does not save an answer that arrives after its profile was deleted', async () => {
    const second = await openConsole();
    let closed = false;
    try {
      const gone = await second.addServer('Gone while asking', sim.baseUrl, sim.apiToken);
      sim.faults.add({ path: '/api/admin/v1/dashboard', latencyMs: 400, times: 1 });
      const pending = second.call('dashboard.get', { profileId: gone, period });
      // The request is at the server (its one delayed answer taken) before the profile goes.
      await vi.waitFor(() => expect(sim.faults.list().every((rule) => rule.remaining === 0)).toBe(true));
      await second.value('profiles.remove', { id: gone });
      const answer = await pending;
      expect(answer.ok).toBe(true);
      await second.close({ keepData: true });
      closed = true;
      const storage = storageAt(second.dataDir);
      expect(createDashboardCacheRepository(storage).count(gone)).toBe(0);
      storage.close();
      rmSync(second.dataDir, { recursive: true, force: true });
    } finally {
      sim.faults.clear();
      if (!closed) await second.close();
    }
  });
});
