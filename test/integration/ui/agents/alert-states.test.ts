import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../../preload/contract';
import { ALERT_STATES_WINDOW_MAX, type AlertStatesWindowQuery } from '../../../../preload/contract/agents-alerts';
import { AlertStates } from '../../../../renderer/features/agents/alert-states.svelte';
import { DeviceHistoryState } from '../../../../renderer/features/agents/device-history-state.svelte';
import { hasDbus } from '../../../support/dbus';
import { openAgentsPage, until, type AgentsPage } from './agents-page';

describe.skipIf(!hasDbus)('AlertStates and DeviceHistoryState over the real main process and the simulator', () => {
  let page: AgentsPage;
  let listId: string;
  let ids: string[];
  const downloads: Array<{ filename: string; text: string }> = [];
  const download = (filename: string, text: string) => void downloads.push({ filename, text });

  /** A watch list (not polling on its own) whose one rule expects version 3.0.0 of devices that run 9.9.9: its id. */
  async function versionRuleList(name: string, devices: string[], concurrency: number): Promise<string> {
    for (const id of devices) page.sim.agents.update(Number(id), { version: '9.9.9' });
    const saved = await page.api.agents.watchSave({
      name,
      devicesText: devices.join('\n'),
      intervalSec: 3600,
      concurrency,
      rules: [{ id: 'ver', kind: 'version', expected: '3.0.0' }],
      active: false,
    });
    if (!saved.ok) throw new Error(saved.error.message);
    return saved.value.id;
  }

  beforeEach(async () => {
    page = await openAgentsPage('alert-states');
    downloads.length = 0;
    ids = [...page.sim.state.agents.keys()].slice(0, 3).map(String);
    listId = await versionRuleList('Versions', ids, 4);
  });
  afterEach(() => page.close());

  it('follows main’s announcements: a rule goes Pending, then Firing, without the screen asking', async () => {
    const states = new AlertStates(page.api, () => listId, download);
    const disconnect = states.connect();
    await until(() => !states.busy, 'the first read');
    expect(states.states).toEqual([]);
    await page.api.agents.watchPollNow({ id: listId });
    await until(() => states.states.length === 3 && states.states.every((s) => s.state === 'pending'), 'three pending alerts');
    await page.api.agents.watchPollNow({ id: listId });
    await until(() => states.states.every((s) => s.state === 'firing'), 'three firing alerts');
    expect(states.states.map((s) => s.deviceId).sort()).toEqual([...ids].sort());
    disconnect();
  });

  it('acknowledges with a note, snoozes and mutes, each answer replacing the states on screen', async () => {
    await page.api.agents.watchPollNow({ id: listId });
    await page.api.agents.watchPollNow({ id: listId });
    const states = new AlertStates(page.api, () => listId, download);
    await states.load();
    const first = states.states.find((s) => s.deviceId === ids[0])!;

    expect(await states.acknowledge(first, 'on the way')).toBe(true);
    expect(states.busy).toBe(false);
    expect(states.states.find((s) => s.deviceId === ids[0])?.acknowledged?.note).toBe('on the way');

    const now = Date.now();
    expect(await states.snooze(states.states.find((s) => s.deviceId === ids[1])!, now)).toBe(true);
    expect(states.states.find((s) => s.deviceId === ids[1])?.snoozedUntil).toBeGreaterThan(now);

    expect(await states.mute(states.states.find((s) => s.deviceId === ids[2])!)).toBe(true);
    expect(states.states.find((s) => s.deviceId === ids[2])?.muted).toBe(true);
    expect(states.failure).toBeNull();

    await states.exportLog('Versions / lobby');
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.filename).toBe('alert-log-Versions-lobby.csv');
    expect(downloads[0]!.text).toContain(ids[0]);
  });

  it('a refused change: the screen says why in a sentence and keeps the states it had', async () => {
    const states = new AlertStates(page.api, () => listId, download);
    expect(await states.mute({ listId, deviceId: 'not-a-number', ruleId: 'ver', state: 'firing', since: 0, snoozedUntil: null, acknowledged: null, muted: false })).toBe(false);
    expect(states.failure?.kind).toBe('Validation');
    expect(states.failure?.message.length).toBeGreaterThan(10);
    expect(states.states).toEqual([]);
    expect(states.busy).toBe(false);
  });

  it('with 1,500 alert states the page holds one window of them, and a commit re-reads that window alone', async () => {
    page.sim.agents.add(1500 - page.sim.state.agents.size);
    const many = [...page.sim.state.agents.keys()].map(String);
    const wallId = await versionRuleList('Wall', many, 32);
    // The page's api, counting what it asks main for.
    const windows: AlertStatesWindowQuery[] = [];
    let wholeLists = 0;
    const api: Bridge = {
      ...page.api,
      agents: {
        ...page.api.agents,
        alertStatesWindow: (query) => {
          windows.push(query);
          return page.api.agents.alertStatesWindow(query);
        },
        alertStates: (input) => {
          wholeLists += 1;
          return page.api.agents.alertStates(input);
        },
      },
    };
    const states = new AlertStates(api, () => wallId, download);
    const disconnect = states.connect();
    await page.api.agents.watchPollNow({ id: wallId });
    await until(() => states.rows?.total === 1500, '1,500 pending states', 20_000);
    await until(() => states.states.length > 0 && states.states.every((s) => s.state === 'pending'), 'the window after the commit');
    expect(states.rows!.matched).toBe(1500);
    expect(states.states.length).toBeLessThanOrEqual(ALERT_STATES_WINDOW_MAX);
    expect(states.states.length).toBeLessThan(200);

    // The table scrolled to rows 1,000-1,020: main answers the window there (with a margin), not the list.
    states.rows!.show(1000, 1020);
    await until(() => states.rows!.offset <= 1000 && states.rows!.offset + states.states.length >= 1020, 'the window at row 1,000');
    expect(states.states.length).toBeLessThanOrEqual(ALERT_STATES_WINDOW_MAX);
    expect(states.states.length).toBeLessThan(300);

    // The next cycle turns every state Firing: each announcement costs one read of the window in view, never the list.
    const before = windows.length;
    await page.api.agents.watchPollNow({ id: wallId });
    await until(() => states.states.every((s) => s.state === 'firing'), 'the firing window', 20_000);
    const after = windows.slice(before);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((q) => q.listId === wallId && q.offset > 800 && q.limit <= ALERT_STATES_WINDOW_MAX)).toBe(true);
    expect(wholeLists).toBe(0);

    // Sorted and filtered in main: the highest device number first, then only numbers with a 7 in them.
    const highest = String(Math.max(...many.map(Number)));
    states.setQuery({ column: 'device', direction: 'descending' }, '');
    states.rows!.show(0, 20);
    await until(() => states.rows!.offset === 0 && states.states[0]?.deviceId === highest, 'the sorted window');
    states.setQuery({ column: 'device', direction: 'descending' }, '7');
    const sevens = many.filter((id) => id.includes('7'));
    await until(() => states.rows!.matched === sevens.length, 'the filtered window');
    expect(states.rows!.total).toBe(1500);
    expect(states.states.every((s) => s.deviceId.includes('7'))).toBe(true);
    expect(states.states[0]!.deviceId).toBe(String(Math.max(...sevens.map(Number))));
    expect(wholeLists).toBe(0);
    disconnect();
  }, 60_000);

  it('a page that fell behind the event stream reads its window once more, and catches up', async () => {
    // The page's api, deaf to the announcements of alert states (as a page whose event stream dropped them).
    const on = ((name, handler) => (name === 'watch.alertStates' ? () => undefined : page.api.on(name, handler))) as Bridge['on'];
    const states = new AlertStates({ ...page.api, on }, () => listId, download);
    const disconnect = states.connect();
    await until(() => states.rows?.answer !== null, 'the first window');
    await page.api.agents.watchPollNow({ id: listId });
    await page.api.agents.alertStates({ listId });
    expect(states.states).toEqual([]);

    page.registryApp.app.services.events.emit('events.resync', { dropped: 12 });
    await until(() => states.states.length === 3, 'the states after the resync');
    expect(states.states.every((s) => s.state === 'pending')).toBe(true);
    disconnect();
  });

  it('a device’s history: what polling recorded, and its CSV', async () => {
    page.sim.agents.update(Number(ids[0]), { is_online: true });
    await page.api.agents.watchPollNow({ id: listId });
    page.sim.agents.update(Number(ids[0]), { is_online: false });
    await page.api.agents.watchPollNow({ id: listId });
    const history = new DeviceHistoryState(page.api, download);
    await history.load(ids[0]!);
    expect(history.failure).toBeNull();
    expect(history.history?.deviceId).toBe(ids[0]);
    expect(history.history?.transitions.at(-1)?.online).toBe(false);

    await history.exportCsv(ids[0]!);
    expect(downloads.map((d) => d.filename)).toEqual([`device-${ids[0]}-history.csv`]);
    expect(downloads[0]!.text.split('\n').length).toBeGreaterThan(2);
  });

  it('a read stopped (the device view closed) leaves the screen as it was', async () => {
    const history = new DeviceHistoryState(page.api, download);
    const reading = history.load(ids[0]!);
    history.stop();
    await reading;
    expect(history.history).toBeNull();
    expect(history.failure).toBeNull();
  });
});
