import { hasDbus } from '../../support/dbus';
import { streamsWith } from '../../support/streams';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WatchdeskApp } from '../../../main/app/create-app';
import type { Registry } from '../../../main/ipc/registry';
import { startRegistryApp, testSender, type RegistryApp } from '../../support/registry-app';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import type { ConnectionChange, ProfileView } from '../../../preload/contract/connect';

describe.skipIf(!hasDbus)('connection.changed: the header learns of a failed call at once', () => {
  let app: WatchdeskApp;
  let registry: Registry;
  let call: RegistryApp['call'];
  let simulator: RunningSimulator;
  let changes: ConnectionChange[];

  /** The changes pushed so far, once the watch has looked up the active profile (it does so before emitting). */
  async function pushed(count: number): Promise<ConnectionChange[]> {
    for (let i = 0; i < 50 && changes.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    return changes;
  }

  function stream(): string {
    const [uid] = streamsWith(simulator.state, 'private');
    if (uid === undefined) throw new Error('the seed has no private stream');
    return uid;
  }

  beforeEach(async () => {
    simulator = await startSimulator({ seed: 5 });
    ({ app, registry, call } = await startRegistryApp('conn-changed'));
    changes = [];
    app.services.events.listen((event) => {
      if (event.name === 'connection.changed') changes.push(event.payload as ConnectionChange);
    });
  });
  afterEach(async () => {
    await app.dispose();
    await simulator.close();
  });

  it('is pushed with the reason when a call finds the connection refused, before any periodic check', async () => {
    const profile = await call<ProfileView>('profiles.save', { name: 'Site', baseUrl: simulator.baseUrl, token: simulator.apiToken });
    const uid = stream();
    await simulator.close();
    const result = await registry.call('tokens.create', { stream: uid, live: true, ttl: 60 }, testSender);
    expect(result).toMatchObject({ ok: false, error: { kind: 'Offline' } });
    const [change] = await pushed(1);
    expect(change).toMatchObject({ profileId: profile.id, ok: false, kind: 'Offline' });
    expect(change!.reason).toMatch(/refused/i);
    expect(change!.reason).not.toContain(simulator.apiToken);
  });

  it('is pushed when the server refuses the token, and again once a call succeeds, but not for each call alike', async () => {
    const profile = await call<ProfileView>('profiles.save', { name: 'Site', baseUrl: simulator.baseUrl, token: simulator.apiToken });
    simulator.faults.add({ path: '/api/', status: 401, body: '{"message":"Unauthenticated."}', times: 2 });
    for (let i = 0; i < 2; i++) expect((await registry.call('tokens.create', { stream: stream(), live: true, ttl: 60 }, testSender)).ok).toBe(false);
    await call('tokens.create', { stream: stream(), live: true, ttl: 60 });
    await call('tokens.create', { stream: stream(), live: true, ttl: 60 });
    const seen = await pushed(2);
    expect(seen.map((change) => [change.profileId, change.ok, change.kind])).toEqual([
      [profile.id, false, 'Unauthorized'],
      [profile.id, true, null],
    ]);
  });

  it('says nothing about a profile that is not the active one', async () => {
    await call<ProfileView>('profiles.save', { name: 'Active', baseUrl: simulator.baseUrl, token: simulator.apiToken });
    const other = await call<ProfileView>('profiles.save', { name: 'Other', baseUrl: simulator.baseUrl.replace(/:\d+$/, ':9'), token: simulator.apiToken });
    await call('profiles.test', { id: other.id });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changes.filter((change) => change.profileId === other.id)).toEqual([]);
  });
});
