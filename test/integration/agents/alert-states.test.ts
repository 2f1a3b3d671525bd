import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import type { ChannelName, InputOf } from '../../../preload/contract';
import type { WatchRule } from '../../../preload/contract/agents-rules';
import { hasDbus } from '../../support/dbus';
import { agentsOnClock, openAgentsConsole, type AgentsConsole, type ClockedAgents } from './agents-console';

const POLL = 30_000;
const HOUR = 3_600_000;

describe.skipIf(!hasDbus)('alert states against the simulator’s devices', () => {
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
  const poll = (listId: string, stepMs: number) => agents.poll(listId, stepMs);

  async function saveList(ids: number[], rules: WatchRule[]) {
    return value('agents.watchSave', { name: 'NOC wall', devicesText: ids.join('\n'), intervalSec: 3600, concurrency: 4, rules, active: false });
  }

  it('a flapping camera never fires; one that stays offline fires after its "for"; one that stops answering is No data', async () => {
    const [flapping, down, silent] = [...c.sim.state.agents.keys()].slice(0, 3) as [number, number, number];
    for (const id of [flapping, down, silent]) c.sim.agents.update(id, { is_online: true });
    const list = await saveList([flapping, down, silent], [{ id: 'offline', kind: 'offline', minutes: 1, forPolls: 2 }]);
    await poll(list.id, POLL);
    c.sim.agents.setBehaviour([flapping], { kind: 'flap', upSec: 60, downSec: 30 });
    c.sim.agents.setBehaviour([down], { kind: 'offline' });
    c.sim.agents.setBehaviour([silent], { kind: 'silent' });
    for (let i = 0; i < 12; i++) await poll(list.id, POLL);

    const states = await value('agents.alertStates', { listId: list.id });
    const stateOf = (id: number) => states.find((s) => s.deviceId === String(id))?.state ?? 'normal';
    expect([stateOf(flapping), stateOf(down), stateOf(silent)]).toEqual(['normal', 'firing', 'nodata']);
    const firing = states.find((s) => s.deviceId === String(down))!;
    expect(firing.since).toBeGreaterThan(agents.clock.now - 12 * POLL);

    const log = await value('agents.alertLog', { listId: list.id, deviceId: String(down) });
    expect(log.map((t) => `${t.from}>${t.to}`)).toEqual(['normal>pending', 'pending>firing']);
    const flapLog = await value('agents.alertLog', { listId: list.id, deviceId: String(flapping) });
    expect(flapLog.some((t) => t.to === 'firing')).toBe(false);

    // One notification: the camera that went down (the flapping one and the silent one raise none).
    await expect.poll(() => c.notifier.sent.length).toBe(1);
    expect(c.notifier.sent[0]!.body).toContain(`(${down}) has been offline`);

    // Acknowledged with a note: the note is on the state and in the exported log.
    const acked = await value('agents.alertAcknowledge', { listId: list.id, deviceId: String(down), ruleId: 'offline', note: 'Truck sent to site 4' });
    expect(acked).toMatchObject({ deviceId: String(down), ruleId: 'offline', state: 'firing', acknowledged: { note: 'Truck sent to site 4' } });
    const csv = Papa.parse<Record<string, string>>(await value('agents.alertLogCsv', { listId: list.id }), { header: true }).data;
    expect(csv.filter((r) => r.device === String(down)).map((r) => [r.from, r.to, r.note])).toEqual([
      ['normal', 'pending', ''],
      ['pending', 'firing', ''],
      ['firing', 'firing', 'Truck sent to site 4'],
    ]);

    // It comes back: resolved after two good polls, and (acknowledged) no second notification.
    c.sim.agents.setBehaviour([down], { kind: 'steady' });
    c.sim.agents.update(down, { is_online: true });
    await poll(list.id, POLL);
    expect((await value('agents.alertStates', { listId: list.id })).find((s) => s.deviceId === String(down))?.state).toBe('firing');
    await poll(list.id, POLL);
    expect((await value('agents.alertStates', { listId: list.id })).find((s) => s.deviceId === String(down))).toBeUndefined();
    await new Promise((r) => setTimeout(r, 50));
    expect(c.notifier.sent).toHaveLength(1);

    // A muted device raises nothing when it fires.
    expect(await value('agents.deviceMute', { listId: list.id, deviceId: String(down), muted: true })).toBeNull();
    c.sim.agents.setBehaviour([down], { kind: 'offline' });
    for (let i = 0; i < 5; i++) await poll(list.id, POLL);
    expect((await value('agents.alertStates', { listId: list.id })).find((s) => s.deviceId === String(down))).toMatchObject({ state: 'firing', muted: true });
    await new Promise((r) => setTimeout(r, 50));
    expect(c.notifier.sent).toHaveLength(1);
  });

  it('a disk filling over simulated days is forecast full, fires "disk full within N days", and its history shows the samples it rests on', async () => {
    const id = c.sim.state.agentShapes['four-storages'];
    c.sim.agents.update(id, { is_online: true, storage_percent: 40 });
    const list = await saveList([id], [{ id: 'full', kind: 'diskFull', days: 20 }]);
    c.sim.agents.setBehaviour([id], { kind: 'fill', percentPerDay: 4 });
    for (let i = 0; i < 4 * 6; i++) await poll(list.id, 4 * HOUR);

    const history = await value('agents.deviceHistory', { id: String(id) });
    expect(history.transitions[0]).toMatchObject({ online: true });
    expect(history.forecasts).toHaveLength(4);
    for (const forecast of history.forecasts) {
      // 40 % + 4 %/day for 4 days = 56 %; 44 % left at 4 %/day: about 11 days.
      expect(forecast.daysUntilFull).toBeGreaterThan(9);
      expect(forecast.daysUntilFull).toBeLessThan(13);
      expect(forecast.points.length).toBeGreaterThanOrEqual(3);
    }
    expect(history.samples.length).toBeLessThan(4 * 6 * 4);
    expect((await value('agents.alertStates', { listId: list.id })).map((s) => s.state)).toEqual(['firing']);
    const csv = await value('agents.deviceHistoryCsv', { id: String(id) });
    expect(csv.split(/\r?\n/)[0]).toBe('time,kind,storage,online,status,used_mb,capacity_mb');
  });

  it('a mute or snooze sent while its list is deleted is refused in words, and leaves nothing of the deleted list behind', async () => {
    const [down] = [...c.sim.state.agents.keys()] as [number];
    c.sim.agents.setBehaviour([down], { kind: 'offline' });
    const list = await saveList([down], [{ id: 'offline', kind: 'offline', minutes: 1, forPolls: 1 }]);
    for (let i = 0; i < 3; i++) await poll(list.id, POLL);
    expect((await value('agents.alertStates', { listId: list.id })).map((s) => s.state)).toEqual(['firing']);
    // The page sends them as the operator clicks; the delete (another window, a second click) lands first.
    const key = { listId: list.id, deviceId: String(down) };
    const [deleted, muted, snoozed, acknowledged] = await Promise.all([
      agents.registry.call('agents.watchDelete', { id: list.id }, { transport: 'test' }),
      agents.registry.call('agents.deviceMute', { ...key, muted: true }, { transport: 'test' }),
      agents.registry.call('agents.alertSnooze', { ...key, ruleId: 'offline', until: agents.clock.now + HOUR }, { transport: 'test' }),
      agents.registry.call('agents.alertAcknowledge', { ...key, ruleId: 'offline', note: 'late' }, { transport: 'test' }),
    ]);
    expect(deleted.ok).toBe(true);
    for (const answer of [muted, snoozed, acknowledged]) expect(answer).toMatchObject({ ok: false, error: { kind: 'NotFound', message: 'This watch list no longer exists. Reload the list.' } });
    // Nothing of it is kept: no silence, no mute, no state a later list with its id would inherit.
    expect(await value('agents.alertStates', { listId: list.id })).toEqual([]);
  });
});
