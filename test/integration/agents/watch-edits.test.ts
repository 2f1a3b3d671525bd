import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelName, InputOf } from '../../../preload/contract';
import type { WatchRule } from '../../../preload/contract/agents-rules';
import { hasDbus } from '../../support/dbus';
import { agentsOnClock, openAgentsConsole, type AgentsConsole, type ClockedAgents } from './agents-console';

/**
 * Watch lists edited while their alerts fire, and while a cycle runs: what the alerts, the alert states and the rows
 * say afterwards must agree with the devices, whatever was taken off the list and put back.
 */

const POLL = 30_000;
const RULES: WatchRule[] = [{ id: 'disk', kind: 'storage', percent: 95 }];

describe.skipIf(!hasDbus)('watch lists edited under their alerts and cycles', () => {
  let c: AgentsConsole;
  let agents: ClockedAgents;

  beforeEach(async () => {
    c = await openAgentsConsole();
    agents = agentsOnClock(c);
  });
  afterEach(async () => {
    await agents.dispose();
    await c.close();
  });

  const value = <C extends ChannelName>(channel: C, input: InputOf<C>) => agents.value(channel, input);
  const poll = (listId: string) => agents.poll(listId, POLL);

  async function save(ids: number[], id?: string, rules: WatchRule[] = RULES) {
    return value('agents.watchSave', { ...(id ? { id } : {}), name: 'NOC wall', devicesText: ids.join('\n'), intervalSec: 3600, concurrency: 4, rules, active: false });
  }

  async function stateOf(listId: string, deviceId: number): Promise<string> {
    const states = await value('agents.alertStates', { listId });
    return states.find((s) => s.deviceId === String(deviceId) && s.ruleId === 'disk')?.state ?? 'normal';
  }

  async function activeAlertsOf(listId: string, deviceId: number): Promise<number> {
    const { alerts } = await value('agents.alerts', { listId });
    return alerts.filter((a) => a.deviceId === String(deviceId) && a.clearedAt === null).length;
  }

  /** A list of `a` and `b` whose disk alert fires on `a`. */
  async function firingOnA(a: number, b: number) {
    for (const id of [a, b]) c.sim.agents.update(id, { storage_percent: 50 });
    const list = await save([a, b]);
    await poll(list.id);
    c.sim.agents.update(a, { storage_percent: 97 });
    await poll(list.id);
    await poll(list.id);
    expect(await activeAlertsOf(list.id, a)).toBe(1);
    expect(await stateOf(list.id, a)).toBe('firing');
    return list;
  }

  /**
   * The notifications' bodies so far. Notifications are gathered on the test's clock, which moves on only when the test
   * moves it: each look moves it 100 ms, so that what waits is told while the test waits for it.
   */
  function notifiedBodies(): string[] {
    agents.clock.now += 100;
    return c.notifier.sent.map((n) => n.body);
  }

  /** A list of the seeded devices and `more` added ones, all healthy but the first, whose disk alert fires. */
  async function fleetFiringOnFirst(more: number) {
    c.sim.agents.add(more);
    const ids = [...c.sim.state.agents.keys()];
    for (const id of ids) c.sim.agents.update(id, { storage_percent: 50, is_online: true });
    const [a, b] = ids as [number, number];
    const list = await firingOnA(a, b);
    await save(ids, list.id);
    return { ids, a, list };
  }

  it('a device taken off the list while its alert fires, put back and found healthy, is normal in the alert states', async () => {
    const [a, b] = [...c.sim.state.agents.keys()].slice(0, 2) as [number, number];
    const list = await firingOnA(a, b);
    await save([b], list.id);
    expect(await activeAlertsOf(list.id, a)).toBe(0);
    await save([a, b], list.id);
    c.sim.agents.update(a, { storage_percent: 50 });
    for (let i = 0; i < 4; i++) await poll(list.id);
    expect(await activeAlertsOf(list.id, a)).toBe(0);
    expect(await stateOf(list.id, a)).toBe('normal');
  });

  it('many firing devices taken off the list at once are told in one notification as closed by the edit, not as resolved', async () => {
    // Devices that report a disk (some of the simulator's report none, and their storage rule never fires).
    const ids = [...c.sim.state.agents].filter(([, agent]) => agent.storages.length > 0).slice(0, 6).map(([id]) => id);
    expect(ids).toHaveLength(6);
    const [calm, ...full] = ids as [number, ...number[]];
    for (const id of ids) c.sim.agents.update(id, { storage_percent: 50, is_online: true });
    const list = await save(ids);
    await poll(list.id);
    for (const id of full) c.sim.agents.update(id, { storage_percent: 97 });
    await poll(list.id);
    await poll(list.id);
    for (const id of full) expect(await stateOf(list.id, id)).toBe('firing');
    await save([calm], list.id);
    await poll(list.id);
    await expect
      .poll(notifiedBodies)
      .toContain('5 alerts closed because the watch list was edited, not because they recovered. Open Agents to see them.');
    expect(c.notifier.sent.map((n) => n.body).filter((body) => body.includes('resolved'))).toEqual([]);
  });

  it('a device taken off the list while its alert fires is not shown firing in its alert states, and the operator is told why it ended', async () => {
    const [a, b] = [...c.sim.state.agents.keys()].slice(0, 2) as [number, number];
    const list = await firingOnA(a, b);
    await save([b], list.id);
    await poll(list.id);
    expect(await stateOf(list.id, a)).toBe('normal');
    const name = c.sim.state.agents.get(a)!.name;
    await expect.poll(notifiedBodies).toContain(`${name} (${a}): alert closed (storage over 95%) because the watch list was edited, not because it recovered.`);
  });

  it('a rule changed while it fires ends its state; a device below the new threshold stays normal', async () => {
    const [a, b] = [...c.sim.state.agents.keys()].slice(0, 2) as [number, number];
    const list = await firingOnA(a, b);
    await save([a, b], list.id, [{ id: 'disk', kind: 'storage', percent: 99 }]);
    expect(await activeAlertsOf(list.id, a)).toBe(0);
    for (let i = 0; i < 3; i++) await poll(list.id);
    expect(await stateOf(list.id, a)).toBe('normal');
    expect(await activeAlertsOf(list.id, a)).toBe(0);
  });

  it('a rule kept as it was while another is added keeps firing on its device: one alert, no second raise, cleared on recovery', async () => {
    const [a, b] = [...c.sim.state.agents.keys()].slice(0, 2) as [number, number];
    const list = await firingOnA(a, b);
    const raisedBefore = (await value('agents.alerts', { listId: list.id })).alerts.length;
    await save([a, b], list.id, [{ id: 'ver', kind: 'version', expected: '0.0.0-none' }, ...RULES]);
    await poll(list.id);
    expect(await stateOf(list.id, a)).toBe('firing');
    expect(await activeAlertsOf(list.id, a)).toBeGreaterThanOrEqual(1);
    const diskAlerts = (await value('agents.alerts', { listId: list.id })).alerts.filter((x) => x.deviceId === String(a) && x.rule.id === 'disk');
    expect(diskAlerts).toHaveLength(raisedBefore);
    c.sim.agents.update(a, { storage_percent: 50 });
    for (let i = 0; i < 3; i++) await poll(list.id);
    expect(await stateOf(list.id, a)).toBe('normal');
    expect((await value('agents.alerts', { listId: list.id })).alerts.filter((x) => x.rule.id === 'disk' && x.clearedAt === null)).toEqual([]);
  });

  it('a device put back while still unhealthy fires again once, and clears when it recovers', async () => {
    const [a, b] = [...c.sim.state.agents.keys()].slice(0, 2) as [number, number];
    const list = await firingOnA(a, b);
    await save([b], list.id);
    await save([a, b], list.id);
    for (let i = 0; i < 3; i++) await poll(list.id);
    expect(await activeAlertsOf(list.id, a)).toBe(1);
    expect(await stateOf(list.id, a)).toBe('firing');
    c.sim.agents.update(a, { storage_percent: 50 });
    for (let i = 0; i < 3; i++) await poll(list.id);
    expect(await activeAlertsOf(list.id, a)).toBe(0);
    expect(await stateOf(list.id, a)).toBe('normal');
  });

  it('an edit during a cycle leaves rows, counts and alerts of the list as saved', async () => {
    const { ids, a, list } = await fleetFiringOnFirst(300);
    // A slow server, so that the edit lands while the cycle's reads are in flight.
    c.sim.faults.add({ method: 'GET', path: '/api/v1/camera-agents', latencyMs: 40 });
    const cycle = value('agents.watchPollNow', { id: list.id });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const kept = ids.filter((id) => id !== a).slice(0, 150);
    await save(kept, list.id);
    await cycle;
    c.sim.faults.clear();
    await poll(list.id);
    const view = await value('agents.watchView', { id: list.id });
    expect(view.rows.map((r) => r.deviceId)).toEqual(kept.map(String));
    expect(view.counts.online + view.counts.offline + view.counts.failed + view.counts.pending).toBe(kept.length);
    expect(view.rows.every((r) => r.state === 'ok')).toBe(true);
    expect(await activeAlertsOf(list.id, a)).toBe(0);
    expect(view.activeAlerts).toBe(0);
  });

  it('a list deleted during a cycle leaves no alerts, alert states or notifications behind, and its cycle ends', async () => {
    const { ids, list } = await fleetFiringOnFirst(200);
    c.sim.faults.add({ method: 'GET', path: '/api/v1/camera-agents', latencyMs: 40 });
    // Devices that would fire in this cycle, had it finished.
    for (const id of ids.slice(2, 40)) c.sim.agents.update(id, { storage_percent: 99 });
    const cycle = agents.registry.call('agents.watchPollNow', { id: list.id }, { transport: 'test' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sentBefore = c.notifier.sent.length;
    await value('agents.watchDelete', { id: list.id });
    await cycle;
    c.sim.faults.clear();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await value('agents.alerts', { listId: list.id })).alerts).toEqual([]);
    expect(await value('agents.alertStates', { listId: list.id })).toEqual([]);
    expect(c.notifier.sent.length).toBe(sentBefore);
    expect((await value('agents.watchLists', undefined)).map((l) => l.id)).not.toContain(list.id);
  });
});
