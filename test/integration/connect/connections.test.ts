import { streamsWith } from '../../support/streams';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createConnections, type Connections } from '../../../main/app/connections';
import { createProfileStore, type ProfileStore } from '../../../main/profiles/profile-store';
import { storageAt } from '../../support/storage';
import { createVault } from '../../../main/secrets/vault';
import { log } from '../../../main/shared/log';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';

/** One -32601 answer to the next JSON-RPC call, so the client falls back to (and learns) Auth.CreateAccessToken. */
const methodNotFoundOnce = {
  method: 'POST',
  path: '/api/',
  status: 400,
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }),
  times: 1,
};

function privateStream(sim: RunningSimulator): string {
  const [uid] = streamsWith(sim.state, 'private');
  if (uid === undefined) throw new Error('the seed has no private stream');
  return uid;
}

describe('platform clients per profile', () => {
  let sim: RunningSimulator;
  let profiles: ProfileStore;
  let connections: Connections;
  const logLines: string[] = [];

  beforeAll(async () => {
    sim = await startSimulator({ seed: 42, acceptCreateAccessToken: true });
    log.setSink((line) => logLines.push(line));
  });
  afterAll(async () => {
    log.setSink((line) => process.stderr.write(line + '\n'));
    await sim.close();
  });
  beforeEach(() => {
    profiles = createProfileStore(storageAt(mkdtempSync(join(tmpdir(), 'wd-connections-'))));
    const vault = createVault({ service: 'watchdesk-test-unused' });
    vault.useSessionOnly();
    connections = createConnections(profiles, vault);
    logLines.length = 0;
  });
  afterEach(async () => {
    sim.faults.clear();
    await connections.closeAll();
  });

  async function addProfile(): Promise<string> {
    const profile = await profiles.create({ name: 'Site', baseUrl: sim.baseUrl });
    connections.setDemoToken(profile.id, sim.apiToken);
    return profile.id;
  }

  it('gives two concurrent callers one shared client', async () => {
    const id = await addProfile();
    const [first, second] = await Promise.all([connections.forProfile(id), connections.forProfile(id)]);
    expect(second.client).toBe(first.client);
    expect((await connections.forProfile(id)).client).toBe(first.client);
  });

  it('builds a new client when a field the client is built from changes', async () => {
    const id = await addProfile();
    const before = (await connections.forProfile(id)).client;
    await profiles.update(id, { timeoutMs: 20_000 });
    expect((await connections.forProfile(id)).client).not.toBe(before);
  });

  it('keeps the client, and remembers the method in the profile, when the client learns Auth.CreateAccessToken', async () => {
    const id = await addProfile();
    const { client } = await connections.forProfile(id);
    sim.faults.add(methodNotFoundOnce);
    await client.createStreamToken({ stream: privateStream(sim) });
    const after = await connections.forProfile(id);
    expect(after.profile.rpcMethod).toBe('Auth.CreateAccessToken');
    expect(after.client).toBe(client);
  });

  it('logs, without an unhandled rejection, a learned method whose profile was deleted meanwhile', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const id = await addProfile();
      const { client } = await connections.forProfile(id);
      await profiles.remove(id);
      sim.faults.add(methodNotFoundOnce);
      await expect(client.createStreamToken({ stream: privateStream(sim) })).resolves.toMatch(/\S/);
      await profiles.list();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      expect(logLines.some((line) => line.includes('WARN') && line.includes('could not remember Auth.CreateAccessToken'))).toBe(true);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
