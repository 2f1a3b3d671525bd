import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keytarBackend } from '../../../main/secrets/keychain-backend';
import { hasDbus } from '../../support/dbus';
import { openAgentsConsole, type AgentsConsole } from '../agents/agents-console';

describe.skipIf(!hasDbus)('re-authenticating from the keychain without a person', () => {
  let c: AgentsConsole;
  beforeEach(async () => {
    c = await openAgentsConsole();
  });
  afterEach(async () => {
    const backend = keytarBackend();
    for (const account of await backend.findAccounts(c.keychainService)) await backend.delete(c.keychainService, account);
    await c.close();
  });

  it('after the server refuses the token, the next call reads the keychain again and picks up a token put there meanwhile', async () => {
    const profile = await c.value('profiles.save', { name: 'NOC server', baseUrl: c.sim.baseUrl, token: 'at_revoked-token' });
    await c.value('profiles.activate', { id: profile.id });
    const id = String(c.sim.state.agentShapes['four-storages']);
    expect((await c.error('agents.lookup', { id })).kind).toBe('Unauthorized');

    // Another console (or an administrator's tool) stores a good token for this profile in the keychain.
    await keytarBackend().set(c.keychainService, `token:${profile.id}`, c.sim.apiToken);
    const snapshot = await c.value('agents.lookup', { id });
    expect(snapshot.device.id).toBe(Number(id));
  });
});
