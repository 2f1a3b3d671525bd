import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PushedEvent } from '../../../main/app/events';
import type { EventName, EventPayload } from '../../../preload/contract';
import { MAX_PUSHED_ROWS } from '../../../preload/contract/agents-watch';
import { hasDbus } from '../../support/dbus';
import { openAgentsConsole, type AgentsConsole } from './agents-console';

/** What a page hears of a watch cycle: the rows that changed and the alerts raised, then the summary. */
describe.skipIf(!hasDbus)('a watch cycle pushes what changed', () => {
  let c: AgentsConsole;
  let heard: PushedEvent[];
  let stop: () => void;
  beforeEach(async () => {
    c = await openAgentsConsole();
    heard = [];
    stop = c.app.services.events.listen((event) => {
      if (event.name.startsWith('watch.')) heard.push(event);
    });
  });
  afterEach(async () => {
    stop();
    await c.close();
  });

  const named = <N extends EventName>(name: N) => heard.filter((e) => e.name === name).map((e) => ({ payload: e.payload as EventPayload<N> }));
  const pushedRows = () => named('watch.rows').flatMap((e) => e.payload.rows ?? []);

  it('first every polled row, then only the rows that read differently, each before the cycle’s summary', async () => {
    const ids = [...c.sim.state.agents.keys()].slice(0, 40).map(String);
    const list = await c.value('agents.watchSave', { name: 'NOC', devicesText: ids.join('\n'), intervalSec: 3600, concurrency: 8, rules: [], active: false });
    heard = [];
    await c.value('agents.watchPollNow', { id: list.id });
    expect(new Set(pushedRows().map((r) => r.deviceId))).toEqual(new Set(ids));
    const lastRows = heard.findLastIndex((e) => e.name === 'watch.rows');
    const lastChanged = heard.findLastIndex((e) => e.name === 'watch.changed');
    expect(lastRows).toBeLessThan(lastChanged);

    const polledAt = async () => (await c.value('agents.watchRows', { listId: list.id, offset: 0, limit: 40, sort: null, filter: '' })).rows.map((r) => r.polledAt);
    const before = await polledAt();
    await new Promise((resolve) => setTimeout(resolve, 5));
    heard = [];
    await c.value('agents.watchPollNow', { id: list.id });
    expect(pushedRows()).toEqual([]); // the poll time alone moved
    // It did move, for every row a window reads.
    const after = await polledAt();
    expect(after.every((at, i) => at !== null && at > before[i]!)).toBe(true);

    heard = [];
    c.sim.agents.update(Number(ids[7]), { is_online: false });
    await c.value('agents.watchPollNow', { id: list.id });
    expect(pushedRows().map((r) => [r.deviceId, r.online])).toEqual([[ids[7], false]]);
    const summary = named('watch.changed').at(-1)!.payload;
    expect(summary.lastCycleAt).not.toBeNull();
  });

  it('pushed summaries carry the device ids once after the list is saved, and not with every cycle after that', async () => {
    const ids = [...c.sim.state.agents.keys()].slice(0, 10).map(String);
    const list = await c.value('agents.watchSave', { name: 'Ids', devicesText: ids.join('\n'), intervalSec: 3600, concurrency: 4, rules: [], active: false });
    await c.value('agents.watchPollNow', { id: list.id });
    const first = named('watch.changed').map((e) => e.payload.deviceIds);
    expect(first[0]).toEqual(ids);
    expect(first.slice(1).every((sent) => sent === null)).toBe(true);

    heard = [];
    await c.value('agents.watchPollNow', { id: list.id });
    expect(named('watch.changed').map((e) => e.payload.deviceIds).every((sent) => sent === null)).toBe(true);
    // Answers still carry them.
    expect((await c.value('agents.watchLists', undefined)).find((l) => l.id === list.id)?.deviceIds).toEqual(ids);

    heard = [];
    const edited = [...ids.slice(0, 5), String([...c.sim.state.agents.keys()][20])];
    await c.value('agents.watchSave', { id: list.id, name: 'Ids', devicesText: edited.join('\n'), intervalSec: 3600, concurrency: 4, rules: [], active: false });
    expect(named('watch.changed').map((e) => e.payload.deviceIds)[0]).toEqual(edited);
  });

  it('the summary’s counts move with the rows while a cycle runs, not only at its start and end', async () => {
    const ids = [...c.sim.state.agents.keys()].slice(0, 40).map(String);
    const list = await c.value('agents.watchSave', { name: 'Slow', devicesText: ids.join('\n'), intervalSec: 3600, concurrency: 2, rules: [], active: false });
    // 40 devices two at a time at 60 ms each: a cycle of about 1.2 s, several row pushes long.
    c.sim.faults.add({ path: '/api/v1/camera-agents', latencyMs: 60 });
    heard = [];
    await c.value('agents.watchPollNow', { id: list.id });
    const waiting = named('watch.changed').map((e) => e.payload.counts.pending);
    expect(waiting.some((n) => n > 0 && n < ids.length)).toBe(true);
    expect(waiting.at(-1)).toBe(0);
  });

  it('alerts raised and cleared come as one push, with the row’s alert count', async () => {
    const ids = [...c.sim.state.agents.keys()].slice(0, 6);
    for (const id of ids) c.sim.agents.update(id, { version: '3.0.0' });
    const list = await c.value('agents.watchSave', {
      name: 'Versions',
      devicesText: ids.join('\n'),
      intervalSec: 3600,
      concurrency: 4,
      rules: [{ id: 'ver', kind: 'version', expected: '3.0.0' }],
      active: false,
    });
    await c.value('agents.watchPollNow', { id: list.id });
    for (const id of ids.slice(0, 3)) c.sim.agents.update(id, { version: '2.9.0' });
    await c.value('agents.watchPollNow', { id: list.id });
    heard = [];
    await c.value('agents.watchPollNow', { id: list.id }); // the second poll in a row raises (hysteresis)
    const raised = named('watch.alerts').flatMap((e) => e.payload.alerts);
    expect(raised.map((a) => a.deviceId).sort()).toEqual(ids.slice(0, 3).map(String).sort());
    expect(named('watch.alerts')).toHaveLength(1);
    expect(raised.every((a) => a.clearedAt === null)).toBe(true);
    expect(pushedRows().filter((r) => r.activeAlerts === 1).map((r) => r.deviceId).sort()).toEqual(ids.slice(0, 3).map(String).sort());
    expect(heard.findIndex((e) => e.name === 'watch.alerts')).toBeLessThan(heard.findIndex((e) => e.name === 'watch.rows'));
  });

  it('a save that takes firing devices off the list pushes their alerts as cleared, for every page showing them', async () => {
    const ids = [...c.sim.state.agents.keys()].slice(0, 4);
    for (const id of ids) c.sim.agents.update(id, { version: '3.0.0' });
    const input = { name: 'Versions', intervalSec: 3600, concurrency: 4, rules: [{ id: 'ver', kind: 'version' as const, expected: '3.0.0' }], active: false };
    const list = await c.value('agents.watchSave', { ...input, devicesText: ids.join('\n') });
    await c.value('agents.watchPollNow', { id: list.id });
    c.sim.agents.update(ids[0]!, { version: '2.9.0' });
    await c.value('agents.watchPollNow', { id: list.id });
    await c.value('agents.watchPollNow', { id: list.id });
    expect((await c.value('agents.alerts', { listId: list.id })).alerts.filter((a) => a.clearedAt === null)).toHaveLength(1);
    heard = [];
    await c.value('agents.watchSave', { ...input, id: list.id, devicesText: ids.slice(1).join('\n') });
    await expect.poll(() => named('watch.alerts').flatMap((e) => e.payload.alerts)).toHaveLength(1);
    const [cleared] = named('watch.alerts').flatMap((e) => e.payload.alerts);
    expect(cleared).toMatchObject({ deviceId: String(ids[0]), listId: list.id });
    expect(cleared!.clearedAt).not.toBeNull();
  });

  it('a list deleted right after its alerts changed pushes nothing more of them (no page shows alerts of a list gone)', async () => {
    const ids = [...c.sim.state.agents.keys()].slice(0, 2);
    for (const id of ids) c.sim.agents.update(id, { version: '2.9.0' });
    const rules = [{ id: 'ver', kind: 'version' as const, expected: '3.0.0' }];
    const list = await c.value('agents.watchSave', { name: 'Gone', devicesText: ids.join('\n'), intervalSec: 3600, concurrency: 2, rules, active: false });
    await c.value('agents.watchPollNow', { id: list.id });
    await c.value('agents.watchPollNow', { id: list.id });
    expect((await c.value('agents.alerts', { listId: list.id })).alerts).toHaveLength(2);
    // An edit that takes a firing device off clears its alert; the list is deleted within the moment that change's
    // push waits to gather more.
    await c.value('agents.watchSave', { id: list.id, name: 'Gone', devicesText: String(ids[1]), intervalSec: 3600, concurrency: 2, rules, active: false });
    heard = [];
    await c.value('agents.watchDelete', { id: list.id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(named('watch.alerts').flatMap((e) => e.payload.alerts).filter((a) => a.listId === list.id)).toEqual([]);
  });

  it('more changed rows than a push carries: the page is told to read its window again', async () => {
    c.sim.agents.add(MAX_PUSHED_ROWS + 100);
    const ids = [...c.sim.state.agents.keys()].map(String);
    const list = await c.value('agents.watchSave', { name: 'Big', devicesText: ids.join('\n'), intervalSec: 3600, concurrency: 16, rules: [], active: false });
    heard = [];
    await c.value('agents.watchPollNow', { id: list.id });
    const pushes = named('watch.rows').map((e) => e.payload);
    expect(pushes.some((p) => p.rows === null) || pushes.reduce((n, p) => n + (p.rows?.length ?? 0), 0) === ids.length).toBe(true);
    expect(pushes.every((p) => p.rows === null || p.rows.length <= MAX_PUSHED_ROWS)).toBe(true);
    const window = await c.value('agents.watchRows', { listId: list.id, offset: ids.length - 5, limit: 50, sort: null, filter: '' });
    expect(window.total).toBe(ids.length);
    expect(window.rows.map((r) => r.deviceId)).toEqual(ids.slice(-5));
    expect(window.rows.every((r) => r.state === 'ok')).toBe(true);
  });

  it('a device that goes offline, online and offline again across cycles: its row, the counts and the window follow each cycle', async () => {
    const ids = [...c.sim.state.agents.keys()].slice(0, 6).map(String);
    for (const id of ids) c.sim.agents.update(Number(id), { is_online: true });
    const list = await c.value('agents.watchSave', { name: 'Flap', devicesText: ids.join('\n'), intervalSec: 3600, concurrency: 3, rules: [], active: false });
    await c.value('agents.watchPollNow', { id: list.id });
    const flapping = ids[2]!;
    const cycle = async (online: boolean) => {
      c.sim.agents.update(Number(flapping), { is_online: online });
      heard = [];
      const summary = await c.value('agents.watchPollNow', { id: list.id });
      const window = await c.value('agents.watchRows', { listId: list.id, offset: 0, limit: 40, sort: null, filter: '' });
      const row = window.rows.find((r) => r.deviceId === flapping)!;
      return {
        pushed: pushedRows().map((r) => [r.deviceId, r.online]),
        row: row.online,
        counts: [summary.counts.online, summary.counts.offline],
        lastSummary: named('watch.changed').at(-1)?.payload.counts.offline,
        others: window.rows.filter((r) => r.deviceId !== flapping).every((r) => r.online === true),
      };
    };
    expect(await cycle(false)).toEqual({ pushed: [[flapping, false]], row: false, counts: [5, 1], lastSummary: 1, others: true });
    expect(await cycle(true)).toEqual({ pushed: [[flapping, true]], row: true, counts: [6, 0], lastSummary: 0, others: true });
    expect(await cycle(false)).toEqual({ pushed: [[flapping, false]], row: false, counts: [5, 1], lastSummary: 1, others: true });
    expect(await cycle(false)).toEqual({ pushed: [], row: false, counts: [5, 1], lastSummary: 1, others: true });
  });
});
