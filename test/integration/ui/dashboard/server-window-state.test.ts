import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../../main/simulator/index';
import type { Bridge } from '../../../../preload/contract';
import type { DashboardView } from '../../../../preload/contract/dashboard';
import { ServerWindowState } from '../../../../renderer/features/dashboard/server-window.svelte';
import { hasDbus } from '../../../support/dbus';
import { call } from '../../simulator/http';
import type { Dashboard } from '../../../../preload/contract/wire/platform';
import { startRegistryApp, type RegistryApp } from '../../../support/registry-app';
import { registryBridge } from '../../../support/registry-bridge';

// The media-servers table's rows as the screen holds them: windows main sorts and filters (in its answer thread),
// asked for through the real main process against a simulator with 2,000 media servers.
/** The media servers as the server lists them, asked of it directly. */
async function listed(sim: RunningSimulator, timezone: string): Promise<Dashboard['mediaservers']['top_by_bitrate']> {
  const direct = await call(sim, 'GET', `/api/admin/v1/dashboard?timezone=${timezone}&date=week`, { token: sim.apiToken });
  return direct.json<Dashboard>().mediaservers.top_by_bitrate;
}

describe.skipIf(!hasDbus)('the media-servers table state over the real main process', () => {
  const COUNT = 2_000;
  const period = { preset: 'week', timezone: 'Europe/Berlin' } as const;
  let registryApp: RegistryApp;
  let api: Bridge;
  let sim: RunningSimulator;

  beforeAll(async () => {
    registryApp = await startRegistryApp('server-window-state');
    api = registryBridge(registryApp);
    sim = await startSimulator({ seed: 8, mediaServers: COUNT, topMediaServers: COUNT });
    const profile = await registryApp.app.services.profiles.create({ name: 'Big', baseUrl: sim.baseUrl });
    registryApp.app.services.connections.setDemoToken(profile.id, sim.apiToken);
    await registryApp.app.services.profiles.setActive(profile.id);
  });
  afterAll(async () => {
    await registryApp?.app.dispose();
    await sim?.close();
  });

  async function dashboard(): Promise<DashboardView> {
    const answer = await api.dashboard.get({ period });
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value;
  }

  it('starts from the window the answer brought, then sorts in main and fetches the rows scrolled to', async () => {
    const rows = new ServerWindowState(api, (await dashboard()).servers);
    expect(rows.total).toBe(COUNT);
    expect(rows.matched).toBe(COUNT);
    expect(rows.rows.map((row) => row.id)).toEqual((await listed(sim, 'Europe/Berlin')).slice(0, 60).map((server) => server.id));

    rows.show(0, 30);
    rows.query({ column: 'trafficOut', direction: 'descending' }, { text: '', state: 'all' });
    const byTraffic = sim.state.mediaServers.map((server) => server.traffic_out).sort((a, b) => b - a);
    await vi.waitFor(() => expect(rows.rows.slice(0, 30).map((row) => row.traffic_out)).toEqual(byTraffic.slice(0, 30)));

    // Scrolled to the end: the quietest servers come, the rows around them only.
    rows.show(COUNT - 20, COUNT);
    await vi.waitFor(() => expect(rows.offset + rows.rows.length).toBe(COUNT));
    expect(rows.rows.length).toBeLessThanOrEqual(500);
    expect(rows.rows.at(-1)?.traffic_out).toBe(byTraffic.at(-1));
    rows.dispose();
  });

  it('filters by the text typed once typing pauses, and by state', async () => {
    const rows = new ServerWindowState(api, (await dashboard()).servers);
    rows.show(0, 30);
    const one = sim.state.mediaServers[1234]!;
    rows.query(null, { text: one.extra.server.hostname, state: 'all' });
    await vi.waitFor(() => expect(rows.rows.map((row) => row.id)).toContain(one.id));
    expect(rows.matched).toBeLessThan(COUNT);
    expect(rows.total).toBe(COUNT);

    rows.query(null, { text: '', state: 'disabled' });
    const disabled = sim.state.mediaServers.filter((server) => !server.is_enabled).length;
    await vi.waitFor(() => expect(rows.matched).toBe(disabled));
    expect(rows.rows.every((row) => !row.is_enabled)).toBe(true);
    rows.dispose();
  });

  it('says in words that the list is gone once a newer answer replaced it', async () => {
    const rows = new ServerWindowState(api, (await dashboard()).servers);
    await dashboard();
    rows.show(1500, 1530);
    await vi.waitFor(() => expect(rows.error?.kind).toBe('NotFound'));
    expect(rows.error?.message).toBe('This list of media servers is no longer kept. Refresh the dashboard.');
    rows.dispose();
  });
});
