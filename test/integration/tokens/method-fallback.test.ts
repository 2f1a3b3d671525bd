import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../../main/simulator';
import { hasDbus, openDesk } from './desk';

describe.skipIf(!hasDbus)('JSON-RPC method name fallback', () => {
  it('issues the token with Auth.CreateAccessToken when Auth.CreateApiToken is unknown, and the profile remembers it', async () => {
    const sim = await startSimulator({ seed: 7, acceptCreateAccessToken: true });
    const desk = await openDesk();
    try {
      const profile = await desk.app.services.profiles.create({ name: 'Alias server', baseUrl: sim.baseUrl });
      await desk.app.services.profiles.setActive(profile.id);
      desk.app.services.connections.setDemoToken(profile.id, sim.apiToken);
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found: Auth.CreateApiToken' } });
      sim.faults.add({ method: 'POST', path: '/api/', status: 400, body, times: 1 });
      const stream = [...sim.state.streams.values()].find((s) => s.authorization === 'private')!.uid;

      const view = await desk.value('tokens.create', { stream, live: true, ttl: 60 });

      expect(sim.state.issuedStreamTokens).toEqual([expect.objectContaining({ token: view.token, method: 'Auth.CreateAccessToken' })]);
      await expect.poll(async () => (await desk.app.services.profiles.get(profile.id))?.rpcMethod).toBe('Auth.CreateAccessToken');
    } finally {
      await desk.app.dispose();
      await sim.close();
    }
  });
});
