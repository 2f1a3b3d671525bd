import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../support/dbus';
import { startRegistryApp, type RegistryApp } from '../../support/registry-app';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import { connectServices, saveInput } from './connect-services';

/**
 * Deletes and undos that overlap (a double click, two windows, a page calling the web host twice): each server's kept
 * data (device copies, pinned devices, saved dashboards) goes exactly when its undo ends, never while it comes back.
 */
describe.skipIf(!hasDbus)('undoing a server delete while another delete runs (real keychain, simulator on 127.0.0.1)', () => {
  let under: RegistryApp;
  let simulator: RunningSimulator;
  let forgotten: string[];
  beforeEach(async () => {
    simulator = await startSimulator({ seed: 5 });
    under = await startRegistryApp('profile-undo-races');
    forgotten = [];
    under.app.services.profiles.onRemoved((id) => {
      forgotten.push(id);
    });
  });
  afterEach(async () => {
    await under.app.dispose();
    await simulator.close();
  });

  async function twoServers() {
    const { profiles } = connectServices(under.app.services);
    const north = await profiles.save(saveInput({ name: 'North', baseUrl: simulator.baseUrl, token: simulator.apiToken }));
    const south = await profiles.save(saveInput({ name: 'South', baseUrl: simulator.baseUrl, token: simulator.apiToken }));
    return { profiles, north, south };
  }

  it('two deletes at once: the first one\'s kept data goes, the second can be undone', async () => {
    const { profiles, north, south } = await twoServers();
    await Promise.all([profiles.remove(north.id), profiles.remove(south.id)]);
    // One of the two is the last delete (the one Undo brings back); the other's undo is over, so its data went.
    const undone = await Promise.allSettled([profiles.undoRemove(north.id), profiles.undoRemove(south.id)]);
    const back = undone.flatMap((result) => (result.status === 'fulfilled' ? [result.value.id] : []));
    expect(back).toHaveLength(1);
    expect(forgotten).toEqual([north.id, south.id].filter((id) => id !== back[0]));
  });

  it('an undo while another server is deleted: the one coming back keeps its data, the other can still be undone', async () => {
    const { profiles, north, south } = await twoServers();
    await profiles.remove(north.id);
    const [back] = await Promise.all([profiles.undoRemove(north.id), profiles.remove(south.id)]);
    expect(back.id).toBe(north.id);
    expect(forgotten).not.toContain(north.id);
    expect((await profiles.undoRemove(south.id)).name).toBe('South');
    expect(forgotten).toEqual([]);
    expect((await profiles.overview()).profiles.map((profile) => profile.name).sort()).toEqual(['North', 'South']);
  });

  it('the same delete pressed twice: one delete, its undo still offered', async () => {
    const { profiles, north } = await twoServers();
    const twice = await Promise.allSettled([profiles.remove(north.id), profiles.remove(north.id)]);
    expect(twice.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((await profiles.undoRemove(north.id)).name).toBe('North');
    expect(forgotten).toEqual([]);
  });
});
