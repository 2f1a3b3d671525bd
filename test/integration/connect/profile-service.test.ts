import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../support/dbus';
import { startRegistryApp, type RegistryApp } from '../../support/registry-app';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import { isAppFailure } from '../../../main/shared/app-failure';
import { connectServices, never, saveInput } from './connect-services';

describe.skipIf(!hasDbus)('the profile service (real keychain, simulator on 127.0.0.1)', () => {
  let under: RegistryApp;
  let simulator: RunningSimulator;
  beforeEach(async () => {
    simulator = await startSimulator({ seed: 5 });
    under = await startRegistryApp('profile-service');
  });
  afterEach(async () => {
    await under.app.dispose();
    await simulator.close();
  });

  it('saves a profile with its token in the keychain, shows where the token is kept but never the token', async () => {
    const { profiles } = connectServices(under.app.services);
    const saved = await profiles.save(saveInput({ name: 'North', baseUrl: simulator.baseUrl, token: simulator.apiToken }));
    expect(saved).toMatchObject({ name: 'North', tokenSource: 'keychain', isLocal: true });
    expect(JSON.stringify(saved)).not.toContain(simulator.apiToken);
    expect(await under.app.services.vault.getToken(saved.id)).toBe(simulator.apiToken);
    const overview = await profiles.overview();
    expect(overview.activeId).toBe(saved.id);
    expect(overview.profiles.map((profile) => profile.name)).toEqual(['North']);
    expect(overview.fileDialog).toBe(false);
  });

  it('clears the token when the address moves to another origin, and keeps it for a new path', async () => {
    const { profiles } = connectServices(under.app.services);
    const saved = await profiles.save(saveInput({ name: 'North', baseUrl: simulator.baseUrl, token: simulator.apiToken }));
    const samePlace = await profiles.save(saveInput({ id: saved.id, name: 'North', baseUrl: `${simulator.baseUrl}/platform` }));
    expect(samePlace.tokenSource).toBe('keychain');
    const moved = await profiles.save(saveInput({ id: saved.id, name: 'North', baseUrl: 'http://127.0.0.2:9' }));
    expect(moved.tokenSource).toBe('none');
    expect(await under.app.services.vault.getToken(saved.id)).toBeNull();
  });

  it('obtains a token from the local media server, refuses to for a remote one, and removes a profile with its token', async () => {
    const { profiles } = connectServices(under.app.services);
    const local = await profiles.save(saveInput({ name: 'This host', baseUrl: simulator.baseUrl }));
    expect((await profiles.obtainToken(local.id, { client: 'desk', duration: 60 }, never)).tokenSource).toBe('keychain');
    const remote = await profiles.save(saveInput({ name: 'Far', baseUrl: 'http://192.0.2.1:8080' }));
    const refused = await profiles.obtainToken(remote.id, { client: 'desk', duration: 60 }, never).catch((error: unknown) => error);
    expect(isAppFailure(refused) && refused.appError.fieldErrors['client']).toHaveLength(1);
    await profiles.remove(local.id);
    expect(await under.app.services.vault.getToken(local.id)).toBeNull();
    const gone = await profiles.activate(local.id).catch((error: unknown) => error);
    expect(isAppFailure(gone) && gone.kind).toBe('NotFound');
  });

  it('brings a deleted server back with its token and as the active one, once; a second delete ends the first one\'s undo', async () => {
    const { profiles } = connectServices(under.app.services);
    const north = await profiles.save(saveInput({ name: 'North', baseUrl: simulator.baseUrl, token: simulator.apiToken }));
    const south = await profiles.save(saveInput({ name: 'South', baseUrl: simulator.baseUrl, token: simulator.apiToken }));
    expect((await profiles.overview()).activeId).toBe(north.id);

    await profiles.remove(north.id);
    expect(await under.app.services.vault.getToken(north.id)).toBeNull();
    expect((await profiles.overview()).activeId).toBe(south.id);
    const back = await profiles.undoRemove(north.id);
    expect(back).toMatchObject({ id: north.id, name: 'North', tokenSource: 'keychain' });
    expect(await under.app.services.vault.getToken(north.id)).toBe(simulator.apiToken);
    expect((await profiles.overview()).activeId).toBe(north.id);
    const again = await profiles.undoRemove(north.id).catch((error: unknown) => error);
    expect(isAppFailure(again) && again.appError.message).toBe(
      'There is nothing left to undo: another server was deleted since, the undo is over 10 minutes old, or Watchdesk was restarted.',
    );

    await profiles.remove(north.id);
    await profiles.remove(south.id);
    const first = await profiles.undoRemove(north.id).catch((error: unknown) => error);
    expect(isAppFailure(first) && first.kind).toBe('Validation');
    await profiles.undoRemove(south.id);
    expect((await profiles.overview()).profiles.map((profile) => profile.name)).toEqual(['South']);
  });

  it('refuses to bring a server back under a name taken since, and still offers it', async () => {
    const { profiles } = connectServices(under.app.services);
    const north = await profiles.save(saveInput({ name: 'North', baseUrl: simulator.baseUrl, token: simulator.apiToken }));
    await profiles.remove(north.id);
    const other = await profiles.save(saveInput({ name: 'north', baseUrl: simulator.baseUrl }));
    const refused = await profiles.undoRemove(north.id).catch((error: unknown) => error);
    expect(isAppFailure(refused) && refused.kind).toBe('Conflict');
    await profiles.save(saveInput({ id: other.id, name: 'North 2', baseUrl: simulator.baseUrl }));
    expect((await profiles.undoRemove(north.id)).name).toBe('North');
  });
});
