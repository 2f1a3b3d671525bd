import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../../main/simulator';
import { hasDbus } from '../../support/dbus';
import { streamsWith } from '../../support/streams';
import { openDesk } from './desk';

describe.skipIf(!hasDbus)('JSON-RPC method name fallback', () => {
  it('issues the token with Auth.CreateAccessToken when Auth.CreateApiToken is unknown, and the profile remembers it', async () => {
    const sim = await startSimulator({ seed: 7, acceptCreateAccessToken: true });
    const desk = await openDesk().catch(async (error: unknown) => {
      await sim.close();
      throw error;
    });
    try {
      const profile = await desk.app.services.profiles.create({ name: 'Alias server', baseUrl: sim.baseUrl });
      await desk.app.services.profiles.setActive(profile.id);
      desk.app.services.connections.setDemoToken(profile.id, sim.apiToken);
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found: Auth.CreateApiToken' } });
      sim.faults.add({ method: 'POST', path: '/api/', status: 400, body, times: 1 });
      const stream = streamsWith(sim.state, 'private')[0]!;

      const view = await desk.value('tokens.create', { stream, live: true, ttl: 60 });

      expect(sim.state.issuedStreamTokens).toEqual([expect.objectContaining({ token: view.token, method: 'Auth.CreateAccessToken' })]);
      await expect.poll(async () => (await desk.app.services.profiles.get(profile.id))?.rpcMethod).toBe('Auth.CreateAccessToken');
    } finally {
      await desk.close();
      await sim.close();
    }
  });
});
