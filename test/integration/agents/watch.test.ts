import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WatchRule } from '../../../preload/contract/agents-rules';
import { locale, spoken } from '../../../renderer/lib/i18n.svelte';
import { hasDbus } from '../../support/dbus';
import { openAgentsConsole, type AgentsConsole } from './agents-console';

describe.skipIf(!hasDbus)('the watch list against the simulator', () => {
  let c: AgentsConsole;
  beforeEach(async () => {
    c = await openAgentsConsole();
  });
  afterEach(() => c.close());

  const seededIds = () => [...c.sim.state.agents.keys()].map(String);

  /** A paused (inactive) list polled only by watchPollNow, so each test decides when a cycle runs. */
  async function saveList(ids: string[], rules: WatchRule[] = []) {
    return c.value('agents.watchSave', { name: 'NOC wall', devicesText: ids.join('\n'), intervalSec: 3600, concurrency: 8, rules, active: false });
  }

  it('polls 500 devices with faults injected on some: faulty rows carry a sentence, the others their state', async () => {
    c.sim.agents.add(440);
    const ids = seededIds();
    expect(ids).toHaveLength(500);
    const list = await saveList(ids);
    c.sim.faults.add({ method: 'GET', path: '/api/v1/camera-agents', status: 500, probability: 0.05 });
    c.sim.faults.add({ method: 'GET', path: '/api/v1/camera-agents', nonJson: true, times: 3 });

    const summary = await c.value('agents.watchPollNow', { id: list.id });
    expect(summary.state).toBe('idle');
    expect(summary.message).toBeNull();
    // The answer leaves out the ids the caller already has; the lists still carry them.
    expect(summary.deviceIds).toBeNull();
    expect((await c.value('agents.watchLists', undefined)).find((l) => l.id === list.id)?.deviceIds).toHaveLength(500);
    const view = await c.value('agents.watchView', { id: list.id });
    expect(view.rows).toHaveLength(500);
    const failed = view.rows.filter((r) => r.state === 'failed');
    expect(failed.length).toBeGreaterThanOrEqual(3);
    expect(failed.length).toBeLessThan(80);
    expect(failed.every((r) => r.error !== null && r.error.length > 20)).toBe(true);
    expect(failed.filter((r) => r.errorKind === 'ServerError').length).toBeGreaterThan(0);
    const ok = view.rows.filter((r) => r.state === 'ok');
    expect(ok.length + failed.length).toBe(500);
    for (const row of ok.slice(0, 50)) {
      const device = c.sim.state.agents.get(Number(row.deviceId))!;
      expect([row.name, row.online, row.version]).toEqual([device.name, device.is_online, device.version]);
    }
    expect(summary.counts.online + summary.counts.offline + summary.counts.failed).toBe(500);
  });

  it('raises alerts as the simulator’s devices change, notifies once per gathering, and clears them when they recover', async () => {
    const [a, b, d] = [c.sim.state.agentShapes['four-storages'], c.sim.state.agentShapes['no-low-stream'], c.sim.state.agentShapes.credentials];
    const list = await saveList([a, b, d].map(String), [
      { id: 'disk', kind: 'storage', percent: 95 },
      { id: 'stream', kind: 'stream' },
      { id: 'ver', kind: 'version', expected: '3.0.0' },
    ]);
    for (const id of [a, b, d]) c.sim.agents.update(id, { version: '3.0.0', storage_percent: 50, stream_status: 'active' });
    await c.value('agents.watchPollNow', { id: list.id });
    await c.value('agents.watchPollNow', { id: list.id });
    expect((await c.value('agents.alerts', { listId: list.id })).alerts).toEqual([]);

    c.sim.agents.update(a, { storage_percent: 97 });
    c.sim.agents.update(b, { stream_status: 'inactive' });
    await c.value('agents.watchPollNow', { id: list.id });
    expect((await c.value('agents.alerts', { listId: list.id })).alerts).toEqual([]); // one poll is not enough (hysteresis)
    await c.value('agents.watchPollNow', { id: list.id });
    const raised = await c.value('agents.alerts', { listId: list.id });
    expect(raised.unacknowledged).toBe(2);
    expect(raised.alerts.map((x) => [x.deviceId, x.rule.kind]).sort()).toEqual([[String(a), 'storage'], [String(b), 'stream']]);
    expect(raised.alerts.find((x) => x.rule.kind === 'storage')?.facts.percent).toBe(97);
    expect((await c.value('agents.watchView', { id: list.id })).rows.find((r) => r.deviceId === String(a))?.activeAlerts).toBe(1);

    await expect.poll(() => c.notifier.sent.length).toBe(2);
    expect(c.notifier.sent.map((n) => n.body).sort()).toEqual([
      `${c.sim.state.agents.get(a)!.name} (${a}): storage at 97%.`,
      `${c.sim.state.agents.get(b)!.name} (${b}): stream not active (high).`,
    ].sort());

    const acknowledged = await c.value('agents.acknowledge', { alertIds: [raised.alerts[0]!.id] });
    expect(acknowledged.unacknowledged).toBe(1);

    c.sim.agents.update(a, { storage_percent: 50 });
    c.sim.agents.update(b, { stream_status: 'active' });
    await c.value('agents.watchPollNow', { id: list.id });
    await c.value('agents.watchPollNow', { id: list.id });
    const cleared = await c.value('agents.alerts', { listId: list.id });
    expect(cleared.alerts.every((x) => x.clearedAt !== null)).toBe(true);
    expect(cleared.unacknowledged).toBe(0);
    expect((await c.value('agents.watchLists', undefined))[0]?.activeAlerts).toBe(0);
  });

  it('stops on 401 with one sentence instead of hundreds of failed rows', async () => {
    c.sim.agents.add(440);
    const list = await c.value('agents.watchSave', { name: 'All', devicesText: seededIds().join(' '), intervalSec: 5, concurrency: 8 });
    await c.value('agents.watchPollNow', { id: list.id });
    await c.useToken('at_not-a-real-token');
    const summary = await c.value('agents.watchPollNow', { id: list.id });
    expect(summary.state).toBe('stopped');
    expect(summary.reason).toBe('Unauthorized');
    expect(summary.message).toBe('Polling stopped: the server refused the API token. Replace it in Connect, then resume the list.');
    // The page switched to Russian meanwhile says the stop in Russian, not as main wrote it then.
    locale.set('ru');
    try {
      expect(spoken({ message: summary.message!, said: summary.messageSaid })).toMatch(/^[^A-Za-z]*[а-яА-Я]/);
    } finally {
      locale.set('en');
    }
    expect(summary.nextCycleAt).toBeNull();
    expect(summary.counts.failed).toBe(0);
    // Resumed with a good token, it polls again.
    await c.useToken(c.sim.apiToken);
    expect((await c.value('agents.watchSetActive', { id: list.id, active: true })).state).not.toBe('stopped');
    expect((await c.value('agents.watchPollNow', { id: list.id })).state).toBe('waiting');
  });

  it('stops with "no API token is stored" when the server has none, not with "refused"', async () => {
    const bare = await c.value('profiles.save', { name: 'No token yet', baseUrl: c.sim.baseUrl });
    await c.value('profiles.activate', { id: bare.id });
    const list = await saveList(seededIds().slice(0, 20));
    const summary = await c.value('agents.watchPollNow', { id: list.id });
    expect(summary.state).toBe('stopped');
    expect(summary.message).toBe('Polling stopped: no API token is stored for this server. Add one in Connect, then resume the list.');
  });

  it('stops on 403 naming the permission', async () => {
    const list = await saveList(seededIds().slice(0, 20));
    await c.useToken(c.sim.limitedToken);
    const summary = await c.value('agents.watchPollNow', { id: list.id });
    expect(summary.state).toBe('stopped');
    expect(summary.message).toContain('“camera-agents” permission');
  });

  it('pauses while the server cannot be reached, says so, keeps the rows, and resumes when it answers', async () => {
    const list = await c.value('agents.watchSave', { name: 'Lobby', devicesText: seededIds().slice(0, 30).join(','), intervalSec: 3600 });
    await c.value('agents.watchPollNow', { id: list.id });
    c.sim.faults.add({ path: '/api/v1/camera-agents', drop: true });
    const paused = await c.value('agents.watchPollNow', { id: list.id });
    expect(paused.state).toBe('paused');
    expect(paused.message).toMatch(/^Polling is paused: the server cannot be reached \(.+\)\. It resumes by itself when the server answers\.$/);
    expect(paused.nextCycleAt).not.toBeNull();
    const view = await c.value('agents.watchView', { id: list.id });
    expect(view.rows.every((r) => r.state === 'ok')).toBe(true);
    c.sim.faults.clear();
    expect((await c.value('agents.watchPollNow', { id: list.id })).state).toBe('waiting');
  });

  it('keeps watch lists, their rules and raised alerts across a restart', async () => {
    const offline = c.sim.state.agentShapes.offline;
    const list = await saveList([String(offline), '1003 1003'], [{ id: 'off', kind: 'offline', minutes: 1 }]);
    await c.value('agents.watchPollNow', { id: list.id });
    expect((await c.value('agents.alerts', undefined)).alerts).toHaveLength(1);
    await c.dispose();
    const again = await openAgentsConsole({ dataDir: c.dataDir });
    try {
      const [restored] = await again.value('agents.watchLists', undefined);
      expect(restored).toMatchObject({ id: list.id, name: 'NOC wall', rules: [{ id: 'off', kind: 'offline', minutes: 1 }], active: false });
      expect(restored?.notes).toEqual(['1 device number was listed twice and is watched once.']);
      // The raised alert is still raised, and polling again does not raise it a second time.
      await again.value('agents.watchPollNow', { id: list.id });
      expect((await again.value('agents.alerts', undefined)).alerts).toHaveLength(1);
    } finally {
      await again.dispose();
    }
  });
});
