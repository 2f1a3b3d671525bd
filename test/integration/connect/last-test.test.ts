import { hasDbus } from '../../support/dbus';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WatchdeskApp } from '../../../main/app/create-app';
import { startRegistryApp, type RegistryApp } from '../../support/registry-app';
import { createProfileStore } from '../../../main/profiles/profile-store';
import { storageAt } from '../../support/storage';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import type { ProfileView, ProfilesOverview } from '../../../preload/contract/connect';

describe.skipIf(!hasDbus)('the last connection test is kept with the profile', () => {
  let app: WatchdeskApp;
  let call: RegistryApp['call'];
  let simulator: RunningSimulator;
  let dataDir: string;

  async function viewOf(id: string): Promise<ProfileView> {
    const { profiles } = await call<ProfilesOverview>('profiles.list');
    return profiles.find((profile) => profile.id === id)!;
  }

  beforeEach(async () => {
    simulator = await startSimulator({ seed: 9 });
    ({ app, dataDir, call } = await startRegistryApp('last-test'));
  });
  afterEach(async () => {
    await app.dispose();
    await simulator.close();
  });

  it('keeps a refused token as the step and kind with the time, on disk, without the token or any sentence', async () => {
    const before = Date.now();
    const profile = await call<ProfileView>('profiles.save', { name: 'Wrong token', baseUrl: simulator.baseUrl, token: 'not-the-token-4711' });
    await call('profiles.test', { id: profile.id });
    const view = await viewOf(profile.id);
    expect(view.lastTest).toMatchObject({ outcome: 'failed', failedStep: 'Token', kind: 'Unauthorized' });
    expect(Date.parse(view.lastTest!.at)).toBeGreaterThanOrEqual(before);

    const stored = JSON.stringify(await createProfileStore(app.services.storage).get(profile.id));
    expect(stored).not.toContain('not-the-token-4711');
    expect(stored).not.toMatch(/refused|Unauthenticated/i);
    // A new start reads it back.
    expect((await createProfileStore(storageAt(dataDir)).get(profile.id))?.lastTest).toEqual(view.lastTest);
  });

  it('is replaced by the next test and dropped when the token or the address changes, but not by a new name', async () => {
    const profile = await call<ProfileView>('profiles.save', { name: 'Site', baseUrl: simulator.baseUrl, token: 'wrong' });
    await call('profiles.test', { id: profile.id });
    await call('profiles.setToken', { id: profile.id, token: simulator.apiToken });
    expect((await viewOf(profile.id)).lastTest).toBeUndefined();

    await call('profiles.test', { id: profile.id });
    expect((await viewOf(profile.id)).lastTest).toMatchObject({ outcome: 'works', failedStep: null, kind: null });
    await call('profiles.save', { id: profile.id, name: 'Site renamed', baseUrl: simulator.baseUrl });
    expect((await viewOf(profile.id)).lastTest).toMatchObject({ outcome: 'works' });
    await call('profiles.save', { id: profile.id, name: 'Site renamed', baseUrl: simulator.baseUrl, timeoutMs: 30_000 });
    expect((await viewOf(profile.id)).lastTest).toBeUndefined();
  });

  it('records the header check of the active server as well', async () => {
    const profile = await call<ProfileView>('profiles.save', { name: 'Down', baseUrl: simulator.baseUrl, token: simulator.apiToken });
    await simulator.close();
    await call('connection.check', { force: true });
    expect((await viewOf(profile.id)).lastTest).toMatchObject({ outcome: 'failed', failedStep: 'TCP', kind: 'Offline' });
  });
});
