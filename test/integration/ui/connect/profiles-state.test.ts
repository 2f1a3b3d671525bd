import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../../support/dbus';
import { lateAnswer } from '../../../support/late-answer';
import { ProfilesState } from '../../../../renderer/features/connect/profiles-state.svelte';
import { ConnectionState } from '../../../../renderer/features/connect/connection-state.svelte';
import { connectedApi, type ConnectedApi } from '../connected-api';

describe.skipIf(!hasDbus)('ProfilesState (the Connect screen) over the real main process and the simulator', () => {
  let under: ConnectedApi;
  let connection: ConnectionState;
  let profiles: ProfilesState;
  beforeEach(async () => {
    under = await connectedApi('ui-profiles');
    connection = new ConnectionState(under.api);
    profiles = new ProfilesState(under.api, connection);
  });
  afterEach(async () => {
    await under.close();
  });

  it('starts empty, then lists a saved server as active with its token in the keychain (never the token)', async () => {
    await profiles.load();
    expect(profiles.loaded).toBe(true);
    expect(profiles.profiles).toEqual([]);
    expect(profiles.vault?.mode).toBe('keychain');
    expect(profiles.fileDialog).toBe(false);

    const saved = await profiles.save({ name: 'North', baseUrl: under.simulator.baseUrl, token: under.simulator.apiToken });
    expect(saved.ok).toBe(true);
    await profiles.load();
    expect(profiles.profiles.map((profile) => [profile.name, profile.tokenSource])).toEqual([['North', 'keychain']]);
    expect(profiles.activeId).toBe(profiles.profiles[0]!.id);
    expect(JSON.stringify(profiles.profiles)).not.toContain(under.simulator.apiToken);
  });

  it('tests a server: the report shows on its card, the outcome is kept with it, and the header follows', async () => {
    const saved = await profiles.save({ name: 'North', baseUrl: under.simulator.baseUrl, token: under.simulator.apiToken });
    const id = saved.ok ? saved.value.id : '';
    await profiles.load();
    const testing = profiles.test(id);
    expect(profiles.testing).toBe(id);
    await testing;
    expect(profiles.testing).toBeNull();
    expect(profiles.reportFor(id)?.ok).toBe(true);
    expect(profiles.profiles[0]!.lastTest?.outcome).toBe(profiles.reportFor(id)?.outcome);
    await connection.refresh();
    expect(connection.level).toBe('ok');
  });

  it('switches servers, forgets a token, removes a server; a failure comes back for the card', async () => {
    const first = await profiles.save({ name: 'North', baseUrl: under.simulator.baseUrl, token: under.simulator.apiToken });
    const second = await profiles.save({ name: 'South', baseUrl: `${under.simulator.baseUrl}/south`, token: under.simulator.apiToken });
    const northId = first.ok ? first.value.id : '';
    const southId = second.ok ? second.value.id : '';

    expect(await profiles.activate(southId)).toBeNull();
    expect(profiles.activeId).toBe(southId);
    expect(await profiles.clearToken(southId)).toBeNull();
    expect(profiles.profiles.find((profile) => profile.id === southId)?.tokenSource).toBe('none');

    await profiles.test(northId);
    expect(await profiles.remove(northId)).toBeNull();
    expect(profiles.profiles.map((profile) => profile.name)).toEqual(['South']);
    expect(profiles.reportFor(northId)).toBeUndefined();

    const gone = await profiles.remove(northId);
    expect(gone?.kind).toBe('NotFound');
  });

  it('a read of the list that left before a delete and is answered after it does not bring the deleted server back', async () => {
    const first = await profiles.save({ name: 'North', baseUrl: under.simulator.baseUrl, token: under.simulator.apiToken });
    await profiles.save({ name: 'South', baseUrl: `${under.simulator.baseUrl}/south`, token: under.simulator.apiToken });
    const northId = first.ok ? first.value.id : '';
    // The next read's answer (made by main at once) reaches the page only when let go: later than the delete's own read.
    const slowList = lateAnswer(under.api.profiles.list);
    const late = new ProfilesState({ ...under.api, profiles: { ...under.api.profiles, list: slowList.call } }, connection);
    await late.load();
    slowList.holdNext();
    const reading = late.load();
    expect(await late.remove(northId)).toBeNull();
    expect(late.profiles.map((profile) => profile.name)).toEqual(['South']);
    slowList.letGo();
    await reading;
    expect(late.profiles.map((profile) => profile.name)).toEqual(['South']);
  });

  it('obtains a token from the media server on this host, and switches to session-only keeping', async () => {
    const saved = await profiles.save({ name: 'This host', baseUrl: under.simulator.baseUrl });
    const id = saved.ok ? saved.value.id : '';
    expect(await profiles.obtainToken(id, { client: 'desk', duration: 3600 })).toBeNull();
    expect(profiles.profiles[0]!.tokenSource).toBe('keychain');
    expect(await profiles.useSessionOnly()).toBeNull();
    expect(profiles.vault?.mode).toBe('session');
  });

  it('refuses to pin over plain http, on the address', async () => {
    const saved = await profiles.save({ name: 'North', baseUrl: under.simulator.baseUrl, token: under.simulator.apiToken });
    const refused = await profiles.pin(saved.ok ? saved.value.id : '', 'AA:BB');
    expect(refused?.fieldErrors['baseUrl']).toHaveLength(1);
  });
});
