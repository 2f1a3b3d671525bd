import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasDbus } from '../../support/dbus';
import { openAgentsConsole, type AgentsConsole } from './agents-console';

/**
 * A watch list deleted by mistake comes back with Undo: the same list (its id, devices, rules and interval), polling
 * again, and kept across a restart. One delete is held at a time; anything else is refused in words.
 */
describe.skipIf(!hasDbus)('undoing the delete of a watch list', () => {
  let c: AgentsConsole;

  beforeEach(async () => {
    c = await openAgentsConsole();
  });
  afterEach(async () => {
    await c.close();
  });

  async function saved(name: string) {
    const ids = [...c.sim.state.agents.keys()].slice(0, 3).map(String);
    return c.value('agents.watchSave', {
      name,
      devicesText: ids.join('\n'),
      intervalSec: 600,
      concurrency: 2,
      rules: [{ id: 'disk', kind: 'storage', percent: 90 }],
      active: true,
    });
  }

  it('brings the list back as it was, polling, and it is still there after a restart', async () => {
    const list = await saved('Roof cameras');
    await c.value('agents.watchDelete', { id: list.id });
    expect((await c.value('agents.watchLists', undefined)).map((l) => l.id)).not.toContain(list.id);

    const back = await c.value('agents.watchRestore', { id: list.id });
    expect(back).toMatchObject({ id: list.id, name: 'Roof cameras', deviceIds: list.deviceIds, rules: list.rules, intervalSec: 600, active: true });
    expect((await c.value('agents.watchView', { id: list.id })).rows.map((row) => row.deviceId)).toEqual(list.deviceIds);

    await c.dispose();
    const reopened = await openAgentsConsole({ dataDir: c.dataDir });
    try {
      const lists = await reopened.value('agents.watchLists', undefined);
      expect(lists.map((l) => [l.id, l.name])).toEqual([[list.id, 'Roof cameras']]);
    } finally {
      await reopened.dispose();
    }
  });

  it('refuses a second undo, and the undo of a list deleted before another one', async () => {
    const first = await saved('Gate');
    const second = await saved('Parking');
    await c.value('agents.watchDelete', { id: first.id });
    await c.value('agents.watchDelete', { id: second.id });
    expect((await c.error('agents.watchRestore', { id: first.id })).message).toBe(
      'There is nothing left to undo: another list was deleted since, or Watchdesk was restarted.',
    );
    await c.value('agents.watchRestore', { id: second.id });
    expect((await c.error('agents.watchRestore', { id: second.id })).kind).toBe('Validation');
    expect((await c.value('agents.watchLists', undefined)).map((l) => l.name)).toEqual(['Parking']);
  });

  it('the same delete sent twice at once (a double click, two windows): one delete, and its undo still brings the list back', async () => {
    const list = await saved('Lobby');
    const twice = await Promise.allSettled([c.value('agents.watchDelete', { id: list.id }), c.value('agents.watchDelete', { id: list.id })]);
    expect(twice.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await c.value('agents.watchRestore', { id: list.id })).toMatchObject({ id: list.id, name: 'Lobby' });
  });
});

describe.skipIf(!hasDbus)('a watch list whose server was deleted and brought back', () => {
  it('stops for want of its server, and polls again once the delete is undone', async () => {
    const c = await openAgentsConsole();
    try {
      const site = await c.value('profiles.save', { name: 'Site', baseUrl: c.sim.baseUrl, token: c.sim.apiToken });
      await c.value('profiles.activate', { id: site.id });
      const ids = [...c.sim.state.agents.keys()].slice(0, 2).map(String);
      const list = await c.value('agents.watchSave', { name: 'Gate', devicesText: ids.join('\n'), intervalSec: 600, concurrency: 2, rules: [], active: true });
      const stateOf = async () => (await c.value('agents.watchLists', undefined)).find((l) => l.id === list.id)!.state;

      await c.value('profiles.remove', { id: site.id });
      await c.value('agents.watchPollNow', { id: list.id });
      expect(await stateOf()).toBe('stopped');

      await c.value('profiles.restore', { id: site.id });
      // Both devices are read again after the undo (none pending, none failed), and the list waits for its next cycle.
      await vi.waitFor(
        async () => {
          const back = (await c.value('agents.watchLists', undefined)).find((l) => l.id === list.id)!;
          expect(back).toMatchObject({ state: 'waiting', counts: { pending: 0, failed: 0 } });
          expect(back.lastCycleAt).not.toBeNull();
        },
        { timeout: 5_000 },
      );
    } finally {
      await c.close();
    }
  });
});
