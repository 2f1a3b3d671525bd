import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WATCH_WINDOW_MAX } from '../../../../preload/contract/agents-watch';
import { WatchState } from '../../../../renderer/features/agents/watch-state.svelte';
import { hasDbus } from '../../../support/dbus';
import { lateAnswer } from '../../../support/late-answer';
import { openAgentsPage, until, type AgentsPage } from './agents-page';

describe.skipIf(!hasDbus)('WatchState over the real main process and the simulator', () => {
  let page: AgentsPage;
  let watch: WatchState;
  let disconnect: () => void;
  beforeEach(async () => {
    page = await openAgentsPage('watch-state');
    watch = new WatchState(page.api);
    disconnect = watch.connect();
  });
  afterEach(async () => {
    disconnect();
    await page.close();
  });

  const deviceIds = () => [...page.sim.state.agents.keys()].map(String);

  async function saveList(ids: string[], rules: Parameters<WatchState['save']>[0]['rules'] = []) {
    const saved = await watch.save({ name: 'NOC wall', devicesText: ids.join('\n'), intervalSec: 3600, concurrency: 16, rules, active: false });
    if (!saved.ok) throw new Error(saved.error.message);
    await until(() => watch.rows?.total === ids.length, 'the first window');
    return saved.id;
  }

  it('holds one window of a 2,000-device list, shows a scrolled-to row, and a change there after a cycle', async () => {
    page.sim.agents.add(2000 - page.sim.state.agents.size);
    const ids = deviceIds();
    const id = await saveList(ids);
    expect(watch.selected?.name).toBe('NOC wall');
    expect(watch.rows!.rows.length).toBeLessThanOrEqual(WATCH_WINDOW_MAX);
    expect(watch.rows!.rows.every((r) => r.state === 'pending')).toBe(true);

    // The table scrolled to the end: main answers the rows there.
    watch.rows!.show(1980, 2000);
    await until(() => watch.rows!.offset + watch.rows!.rows.length === 2000, 'the window at the end');
    expect(watch.rows!.rows.length).toBeLessThanOrEqual(WATCH_WINDOW_MAX);
    const last = ids.at(-1)!;

    await watch.pollNow(id);
    await until(() => watch.selected?.lastCycleAt != null, 'the cycle’s summary');
    // More rows changed than a push carries: the window was read again.
    await until(() => watch.rows!.rows.find((r) => r.deviceId === last)?.state === 'ok', 'the polled rows');
    const device = page.sim.state.agents.get(Number(last))!;
    expect(watch.rows!.rows.find((r) => r.deviceId === last)?.name).toBe(device.name);
    expect(watch.selected?.counts.pending).toBe(0);

    // One device goes offline: the next cycle pushes that row alone, and the window shows it.
    page.sim.agents.update(Number(last), { is_online: false });
    await watch.pollNow(id);
    await until(() => watch.rows!.rows.find((r) => r.deviceId === last)?.online === false, 'the changed row');
    expect(watch.rows!.total).toBe(2000);
  });

  it('sorts and filters in main: the window answers the asked order and the matching count', async () => {
    const ids = deviceIds();
    const id = await saveList(ids);
    await watch.pollNow(id);
    await until(() => watch.rows!.rows.every((r) => r.state !== 'pending'), 'polled rows');

    watch.setQuery({ column: 'id', direction: 'descending' }, '');
    await until(() => watch.rows!.rows[0]?.deviceId === String(Math.max(...ids.map(Number))), 'the descending order');

    const named = watch.rows!.rows.find((r) => r.name)!;
    watch.setQuery(null, named.name!.toUpperCase());
    await until(() => watch.rows!.matched < ids.length, 'the filter after the typing pause');
    expect(watch.rows!.rows.map((r) => r.deviceId)).toContain(named.deviceId);
    expect(watch.rows!.total).toBe(ids.length);
    expect(watch.rows!.answer?.matchedByVersion).toBe(false);
  });

  it('takes in raised alerts as they are pushed, counts the unacknowledged, and acknowledges them', async () => {
    const ids = deviceIds().slice(0, 5);
    for (const d of ids) page.sim.agents.update(Number(d), { version: '9.9.9' });
    const id = await saveList(ids, [{ id: 'ver', kind: 'version', expected: '3.0.0' }]);
    await watch.pollNow(id);
    await watch.pollNow(id);
    await until(() => watch.alerts.unacknowledged === 5, 'five raised alerts');
    expect(watch.alerts.alerts.map((a) => a.deviceId).sort()).toEqual([...ids].sort());
    await until(() => watch.rows!.rows.every((r) => r.activeAlerts === 1), 'the rows’ alert counts');

    expect(await watch.acknowledge('all')).toBe(true);
    expect(watch.alerts.unacknowledged).toBe(0);

    for (const d of ids.slice(0, 2)) page.sim.agents.update(Number(d), { version: '3.0.0' });
    await watch.pollNow(id);
    await watch.pollNow(id);
    await until(() => watch.alerts.alerts.filter((a) => a.clearedAt !== null).length === 2, 'two cleared alerts');
    expect(watch.alerts.alerts).toHaveLength(5);
  });

  it('an alert raised or acknowledged while a read of the alerts is on its way stays so when the older answer arrives', async () => {
    const ids = deviceIds().slice(0, 3);
    for (const d of ids) page.sim.agents.update(Number(d), { version: '9.9.9' });
    const id = await saveList(ids, [{ id: 'ver', kind: 'version', expected: '3.0.0' }]);
    // A page whose reads of the alerts reach it only after later events and answers.
    const alerts = lateAnswer(page.api.agents.alerts);
    const slow: typeof page.api = { ...page.api, agents: { ...page.api.agents, alerts: alerts.call } };
    const late = new WatchState(slow);
    const off = late.connect();
    try {
      await until(() => late.lists.length === 1, 'the lists');
      alerts.hold();
      const reading = late.loadAlerts();
      await watch.pollNow(id);
      await watch.pollNow(id);
      await until(() => late.alerts.unacknowledged === 3, 'three raised alerts, pushed');
      alerts.letGo();
      await reading;
      expect(late.alerts.alerts.map((a) => a.deviceId).sort()).toEqual([...ids].sort());
      expect(late.alerts.unacknowledged).toBe(3);

      alerts.hold();
      const readingAgain = late.loadAlerts();
      expect(await late.acknowledge('all')).toBe(true);
      alerts.letGo();
      await readingAgain;
      expect(late.alerts.unacknowledged).toBe(0);
      expect(late.alerts.alerts).toHaveLength(3);
    } finally {
      off();
    }
  });

  it('after a missed stretch of events, reads the lists, the window and the alerts once', async () => {
    const ids = deviceIds().slice(0, 10);
    const id = await saveList(ids);
    disconnect(); // the page stops hearing events
    await page.api.agents.watchPollNow({ id });
    expect(watch.rows!.rows.every((r) => r.state === 'pending')).toBe(true);
    disconnect = watch.connect();
    await watch.resync();
    expect(watch.rows!.rows.every((r) => r.state === 'ok')).toBe(true);
    expect(watch.selected?.counts.pending).toBe(0);
  });

  it('removing the open list closes it and says nothing is open', async () => {
    const id = await saveList(deviceIds().slice(0, 3));
    await watch.remove(id);
    expect(watch.selectedId).toBeNull();
    expect(watch.rows).toBeNull();
    expect(watch.lists).toEqual([]);
    expect(watch.failure).toBeNull();
  });

  it('a deleted list comes back with Undo and opens, with its devices', async () => {
    const ids = deviceIds().slice(0, 3);
    const id = await saveList(ids);
    await watch.remove(id);
    expect(watch.undo).toMatchObject({ shown: true, message: 'The watch list “NOC wall” was deleted.' });
    await watch.runUndo();
    expect(watch.undo.shown).toBe(false);
    expect(watch.lists.map((l) => l.id)).toEqual([id]);
    expect(watch.selectedId).toBe(id);
    await until(() => watch.rows?.total === ids.length, 'the list’s rows again');
  });
});
