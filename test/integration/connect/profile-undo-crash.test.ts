import { afterEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../support/dbus';
import { startRegistryApp, type RegistryApp } from '../../support/registry-app';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import { createShortcutStore } from '../../../main/agents/shortcut-store';
import type { ProfileView } from '../../../preload/contract/connect';

/**
 * A console killed (power cut, kill -9) while a server delete could still be undone never ran the end of that undo:
 * what features kept for the deleted server (pinned and recent devices here) goes at the next start instead of forever.
 */
describe.skipIf(!hasDbus)('a server deleted just before the console was killed (real keychain, simulator on 127.0.0.1)', () => {
  let first: RegistryApp | null = null;
  let second: RegistryApp | null = null;
  let simulator: RunningSimulator | null = null;
  afterEach(async () => {
    await second?.app.dispose();
    await first?.app.dispose();
    await simulator?.close();
  });

  it('forgets its pinned and recent devices at the next start, and keeps those of the servers still there', async () => {
    simulator = await startSimulator({ seed: 5 });
    first = await startRegistryApp('profile-undo-crash');
    const north = await first.call<ProfileView>('profiles.save', { name: 'North', baseUrl: simulator.baseUrl, token: simulator.apiToken });
    const south = await first.call<ProfileView>('profiles.save', { name: 'South', baseUrl: simulator.baseUrl, token: simulator.apiToken });
    const kept = createShortcutStore(first.app.services.storage);
    await kept.setPinned(north.id, 'cam-1', true, 'Gate');
    await kept.recordLookup(north.id, 'cam-2', 'Yard');
    await kept.setPinned(south.id, 'cam-3', true, 'Dock');
    await kept.idle();
    await first.call('profiles.remove', { id: north.id });
    // Killed: no dispose, so the undo never ended; the next start opens the database file as that process left it.

    second = await startRegistryApp('profile-undo-crash', { dataDir: first.dataDir, keychainService: first.keychainService });
    const again = createShortcutStore(second.app.services.storage);
    await expect.poll(async () => (await again.get(north.id)).pinned.length + (await again.get(north.id)).recent.length, { timeout: 5_000 }).toBe(0);
    expect((await again.get(south.id)).pinned.map((device) => device.name)).toEqual(['Dock']);
    expect((await second.call<{ profiles: ProfileView[] }>('profiles.list')).profiles.map((profile) => profile.name)).toEqual(['South']);
  });
});
