import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { flushSync } from 'svelte';
import { startSimulator, type RunningSimulator } from '../../../../main/simulator/index';
import type { Bridge } from '../../../../preload/contract';
import { DashboardState, FleetState } from '../../../../renderer/features/dashboard/dashboard-state.svelte';
import { createDashboardCacheRepository } from '../../../../main/storage/repositories/dashboard-cache-repository';
import { hasDbus } from '../../../support/dbus';
import { call } from '../../simulator/http';
import type { Dashboard } from '../../../../preload/contract/wire/platform';
import { startRegistryApp, type RegistryApp } from '../../../support/registry-app';
import { registryBridge } from '../../../support/registry-bridge';

// What the dashboard screen shows after its calls, with those calls running through the real main process against
// simulators on 127.0.0.1.
/** The media servers as the server lists them, asked of it directly. */
async function listed(sim: RunningSimulator, timezone: string): Promise<Dashboard['mediaservers']['top_by_bitrate']> {
  const direct = await call(sim, 'GET', `/api/admin/v1/dashboard?timezone=${timezone}&date=week`, { token: sim.apiToken });
  return direct.json<Dashboard>().mediaservers.top_by_bitrate;
}

describe.skipIf(!hasDbus)('the dashboard screen state over the real main process', () => {
  let registryApp: RegistryApp;
  let api: Bridge;
  let riga: RunningSimulator;
  let vilnius: RunningSimulator;
  let rigaId: string;

  async function addServer(name: string, sim: RunningSimulator): Promise<string> {
    const profile = await registryApp.app.services.profiles.create({ name, baseUrl: sim.baseUrl });
    // Held in memory as the demo's token is: the dashboard reads no secret of its own.
    registryApp.app.services.connections.setDemoToken(profile.id, sim.apiToken);
    return profile.id;
  }

  beforeAll(async () => {
    registryApp = await startRegistryApp('dashboard-state');
    api = registryBridge(registryApp);
    // Riga lists all of its 150 media servers, more than the first window holds.
    [riga, vilnius] = await Promise.all([startSimulator({ seed: 3, mediaServers: 150, topMediaServers: 150 }), startSimulator({ seed: 4 })]);
    rigaId = await addServer('Riga', riga);
    await addServer('Vilnius', vilnius);
    await registryApp.app.services.profiles.setActive(rigaId);
  });
  afterAll(async () => {
    await registryApp?.app.dispose();
    await Promise.all([riga?.close(), vilnius?.close()]);
  });

  it('lists the saved servers with the active one chosen, then shows its figures and the first rows of its table', async () => {
    const dash = new DashboardState(api);
    await dash.loadProfiles();
    expect(dash.profiles.map((p) => p.name).sort()).toEqual(['Riga', 'Vilnius']);
    expect(dash.profileId).toBe(rigaId);

    dash.period = { preset: 'week', timezone: 'Europe/Riga' };
    const loading = dash.load();
    expect(dash.loading).toBe(true);
    await loading;
    expect(dash.loading).toBe(false);
    expect(dash.error).toBeNull();
    expect(dash.view?.profileName).toBe('Riga');
    expect(dash.view?.stale).toBeNull();
    expect(dash.view?.dashboard.mediaservers.count_all).toBe(riga.state.mediaServers.length);
    expect(dash.view?.servers.total).toBe(150);
    expect(dash.view?.servers.rows.map((row) => row.id)).toEqual((await listed(riga, 'Europe/Riga')).slice(0, 60).map((server) => server.id));
    dash.dispose();
  });

  it('puts a period it can tell is wrong on its field without asking, and a period the server refuses on the zone', async () => {
    const dash = new DashboardState(api);
    await dash.loadProfiles();
    dash.period = { preset: 'custom', from: '2025-05-10', to: '2025-05-01', timezone: 'Europe/Riga' };
    await dash.load();
    expect(dash.fieldError('period.to')).toBeTruthy();
    expect(dash.view).toBeNull();

    dash.period = { preset: 'today', timezone: 'Europe/Riga' };
    await dash.load();
    const shown = dash.view;
    dash.period = { preset: 'today', timezone: 'Mars/Olympus_Mons' };
    await dash.load();
    expect(dash.error?.kind).toBe('Validation');
    expect(dash.error?.message).toMatch(/refused this period/);
    expect(dash.fieldError('period.timezone')).toMatch(/Region\/City/);
    // The last good answer stays, stating its own period.
    expect(dash.view).toBe(shown);
    dash.dispose();
  });

  it('keeps a wrong period on its field when an answer for the period before it arrives afterwards', async () => {
    const dash = new DashboardState(api);
    await dash.loadProfiles();
    // The operator picks a first day (a good period, asked of the server), then a last day before it while that answer
    // is still on its way.
    dash.period = { preset: 'custom', from: '2025-05-10', to: '2025-05-12', timezone: 'Europe/Riga' };
    const earlier = dash.load();
    dash.period = { preset: 'custom', from: '2025-05-10', to: '2025-05-01', timezone: 'Europe/Riga' };
    await dash.load();
    await earlier;
    expect(dash.fieldError('period.to')).toBe('The last day cannot be before the first day.');
    dash.dispose();
  });

  it('shows the saved copy marked stale, with the failure in words, once the server cannot be reached', async () => {
    const gone = await startSimulator({ seed: 5 });
    const id = await addServer('Tallinn', gone);
    const dash = new DashboardState(api);
    await dash.loadProfiles();
    dash.profileId = id;
    dash.period = { preset: 'month', timezone: 'Europe/Tallinn' };
    await dash.load();
    const fetchedAt = dash.view?.fetchedAt;
    expect(dash.view?.stale).toBeNull();
    // The offline copy is written after the answer has gone to the page.
    await vi.waitFor(() => expect(createDashboardCacheRepository(registryApp.app.services.storage).count(id)).toBe(1));
    await gone.close();
    await vi.waitFor(async () => {
      await dash.load();
      expect(dash.view?.stale?.kind).toBe('Offline');
    });
    expect(dash.view?.fetchedAt).toBe(fetchedAt);
    expect(dash.view?.stale?.message).toBeTruthy();
    expect(dash.error).toBeNull();
    await registryApp.app.services.profiles.remove(id);
    dash.dispose();
  });

  it('fleet: a tile per server as each answers, an unreachable one with its error, totals over those answered', async () => {
    const down = await startSimulator({ seed: 6 });
    const downId = await addServer('Down', down);
    await down.close();
    const dash = new DashboardState(api);
    await dash.loadProfiles();
    const fleet = new FleetState(api);
    const pushed: string[] = [];
    const stop = fleet.connect();
    const stopWatching = api.on('dashboard.fleetTile', (event) => pushed.push(event.tile.profileName));
    try {
      const period = { preset: 'today', timezone: 'Europe/Riga' } as const;
      const loading = fleet.load(period, dash.profiles);
      flushSync();
      // Every server has its place at once, waiting.
      expect(fleet.view?.tiles).toHaveLength(3);
      expect(fleet.loading).toBe(true);
      await loading;
      expect(fleet.loading).toBe(false);
      expect(pushed.sort()).toEqual(['Down', 'Riga', 'Vilnius']);
      const states = Object.fromEntries((fleet.view?.tiles ?? []).map((tile) => [tile.profileName, 'state' in tile ? tile.state : 'waiting']));
      expect(states).toEqual({ Riga: 'ok', Vilnius: 'ok', Down: 'error' });
      expect(fleet.view?.pending).toBe(0);
      expect(fleet.view?.totals).toMatchObject({ servers: 2, failed: 1, mediaServers: riga.state.mediaServers.length + vilnius.state.mediaServers.length });
    } finally {
      stop();
      stopWatching();
      fleet.dispose();
      await registryApp.app.services.profiles.remove(downId);
    }
  });
});
