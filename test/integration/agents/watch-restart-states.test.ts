import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../support/dbus';
import { openAgentsConsole, type AgentsConsole } from './agents-console';

/**
 * Alert states across a restart: a state that is not firing (No data, Pending) is kept on disk and shown after the
 * restart; once the device reads healthy again, it must go back to normal, as it would have without the restart.
 */
describe.skipIf(!hasDbus)('alert states across a restart', () => {
  let c: AgentsConsole;
  beforeEach(async () => {
    c = await openAgentsConsole();
  });
  afterEach(() => c.close());

  it('a device that was No data before the restart and answers after it reads normal again', async () => {
    const [silent, other] = [...c.sim.state.agents.keys()].slice(0, 2) as [number, number];
    const list = await c.value('agents.watchSave', {
      name: 'NOC wall',
      devicesText: `${silent}\n${other}`,
      intervalSec: 3600,
      concurrency: 2,
      rules: [{ id: 'disk', kind: 'storage', percent: 95 }],
      active: false,
    });
    await c.value('agents.watchPollNow', { id: list.id });
    c.sim.agents.setBehaviour([silent], { kind: 'silent' });
    for (let i = 0; i < 3; i++) await c.value('agents.watchPollNow', { id: list.id });
    const stateOf = async (console: AgentsConsole) =>
      (await console.value('agents.alertStates', { listId: list.id })).find((s) => s.deviceId === String(silent))?.state ?? 'normal';
    expect(await stateOf(c)).toBe('nodata');

    await c.dispose();
    const again = await openAgentsConsole({ dataDir: c.dataDir });
    try {
      expect(await stateOf(again)).toBe('nodata');
      // The restarted console's server answers for every device.
      for (let i = 0; i < 3; i++) await again.value('agents.watchPollNow', { id: list.id });
      expect(await stateOf(again)).toBe('normal');
    } finally {
      await again.dispose();
    }
  });
});
