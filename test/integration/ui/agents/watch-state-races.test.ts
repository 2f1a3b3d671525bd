import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../../preload/contract';
import { WatchState } from '../../../../renderer/features/agents/watch-state.svelte';
import { hasDbus } from '../../../support/dbus';
import { lateAnswer } from '../../../support/late-answer';
import { openAgentsPage, until, type AgentsPage } from './agents-page';

/** The page's api with its `watch.alerts` events held back while `held` (as a slower channel than the answers). */
function lateAlertEvents(api: Bridge) {
  let held = false;
  const waiting: Array<() => void> = [];
  const on: Bridge['on'] = (name, listener) =>
    api.on(name, (payload) => {
      if (name !== 'watch.alerts' || !held) return listener(payload);
      waiting.push(() => listener(payload));
    });
  return {
    api: { ...api, on } as Bridge,
    hold: () => void (held = true),
    letGo() {
      held = false;
      for (const deliver of waiting.splice(0)) deliver();
    },
    get waiting() {
      return waiting.length;
    },
  };
}

describe.skipIf(!hasDbus)('WatchState when answers and alert events cross on their way', () => {
  let page: AgentsPage;
  beforeEach(async () => {
    page = await openAgentsPage('watch-state-races');
  });
  afterEach(async () => {
    await page.close();
  });

  it('an acknowledgement stays when an alert cleared just before it is heard of after its answer, a read of the alerts out', async () => {
    const device = [...page.sim.state.agents.keys()][0]!;
    page.sim.agents.update(device, { version: '9.9.9' });
    const events = lateAlertEvents(page.api);
    const alerts = lateAnswer(page.api.agents.alerts);
    const watch = new WatchState({ ...events.api, agents: { ...events.api.agents, alerts: alerts.call } });
    const off = watch.connect();
    try {
      await until(() => watch.lists.length === 0, 'the lists');
      const saved = await watch.save({ name: 'Wall', devicesText: String(device), intervalSec: 3600, concurrency: 4, rules: [{ id: 'ver', kind: 'version', expected: '3.0.0' }], active: false });
      if (!saved.ok) throw new Error(saved.error.message);
      await watch.pollNow(saved.id);
      await watch.pollNow(saved.id);
      await until(() => watch.alerts.unacknowledged === 1, 'the raised alert');

      // A read of the alerts is out; the device is fixed and the alert cleared, but that event is slow to arrive.
      alerts.hold();
      const reading = watch.loadAlerts();
      events.hold();
      page.sim.agents.update(device, { version: '3.0.0' });
      // Two cycles, as a raise takes two.
      await watch.pollNow(saved.id);
      await watch.pollNow(saved.id);
      await until(() => events.waiting > 0, 'the clear, on its way');
      // The operator acknowledges everything: main answers the alert cleared and acknowledged.
      expect(await watch.acknowledge('all')).toBe(true);
      expect(watch.alerts.alerts[0]).toMatchObject({ clearedAt: expect.any(String), acknowledgedAt: expect.any(String) });

      // The clear's event (it left main before the acknowledgement) arrives, then the read's answer.
      events.letGo();
      expect(watch.alerts.alerts[0]).toMatchObject({ clearedAt: expect.any(String), acknowledgedAt: expect.any(String) });
      alerts.letGo();
      await reading;
      expect(watch.alerts.alerts).toHaveLength(1);
      expect(watch.alerts.alerts[0]).toMatchObject({ clearedAt: expect.any(String), acknowledgedAt: expect.any(String) });
    } finally {
      off();
    }
  });

  it('alerts of a list this page deleted, heard of after the delete, do not come back with it gone', async () => {
    const devices = [...page.sim.state.agents.keys()].slice(0, 2);
    for (const d of devices) page.sim.agents.update(d, { version: '9.9.9' });
    const events = lateAlertEvents(page.api);
    const watch = new WatchState(events.api);
    const off = watch.connect();
    try {
      const saved = await watch.save({ name: 'Wall', devicesText: devices.join('\n'), intervalSec: 3600, concurrency: 4, rules: [{ id: 'ver', kind: 'version', expected: '3.0.0' }], active: false });
      if (!saved.ok) throw new Error(saved.error.message);
      // The alerts are raised; their event is slow to arrive.
      events.hold();
      await watch.pollNow(saved.id);
      await watch.pollNow(saved.id);
      await until(() => events.waiting > 0, 'the raised alerts, on their way');
      // The operator deletes the list: main drops its alerts, and the page's read after the delete answers none.
      await watch.remove(saved.id);
      expect(watch.alerts).toEqual({ alerts: [], unacknowledged: 0 });

      // The raise (it left main before the delete) arrives now.
      events.letGo();
      expect(watch.alerts).toEqual({ alerts: [], unacknowledged: 0 });
      events.hold();
      await watch.runUndo();
      expect(watch.lists.map((l) => l.id)).toEqual([saved.id]);
      await watch.pollNow(saved.id);
      await watch.pollNow(saved.id);
      await until(() => events.waiting > 0, 'the alerts raised after the undo, on their way');
      events.letGo();
      // A list brought back by Undo raises alerts again (new ones: its past alerts were not kept).
      expect(watch.alerts.unacknowledged).toBe(2);
    } finally {
      off();
    }
  });
  it('a list brought back by an Undo pressed at once stays when the read of the lists that followed the delete answers last', async () => {
    const device = [...page.sim.state.agents.keys()][0]!;
    // The next read's answer (made by main at once, before the undo) reaches the page only when let go.
    const slowLists = lateAnswer(page.api.agents.watchLists);
    const watch = new WatchState({ ...page.api, agents: { ...page.api.agents, watchLists: slowLists.call } });
    const off = watch.connect();
    try {
      await until(() => watch.lists.length === 0, 'the lists');
      const saved = await watch.save({ name: 'Wall', devicesText: String(device), intervalSec: 3600, concurrency: 4, rules: [{ id: 'ver', kind: 'version', expected: '3.0.0' }], active: false });
      if (!saved.ok) throw new Error(saved.error.message);
      slowLists.holdNext();
      const removing = watch.remove(saved.id);
      // The keyboard is on Undo as soon as it shows.
      await until(() => watch.undo.shown, 'the Undo');
      await watch.runUndo();
      expect(watch.lists.map((l) => l.id)).toEqual([saved.id]);
      slowLists.letGo();
      await removing;
      expect(watch.lists.map((l) => l.id)).toEqual([saved.id]);
      expect(watch.selected?.name).toBe('Wall');
    } finally {
      slowLists.letGo();
      off();
    }
  });
});
