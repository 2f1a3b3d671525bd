import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../main/simulator/index';
import { call } from './http';

let sim: RunningSimulator;
/** The same platform answering in the object shape (`answers.apiToken: 'object'`). */
let objectSim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 42, now: () => Date.UTC(2025, 5, 1, 12) });
  objectSim = await startSimulator({ seed: 42, now: () => Date.UTC(2025, 5, 1, 12), answers: { apiToken: 'object' } });
});
afterAll(async () => {
  await sim.close();
  await objectSim.close();
});
beforeEach(() => {
  sim.reset();
  objectSim.reset();
});

const path = '/api/auth/token/api/';

describe('POST /api/auth/token/api/', () => {
  it('issues a token to a local caller as the bare JSON string the vendor documents (24.03)', async () => {
    const res = await call(sim, 'POST', path, { body: { client: 'install-laptop-3', duration: 3600 } });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual(expect.stringMatching(/^at_/));
  });

  it('answers {token, client, duration, expires_at} when started with answers.apiToken: object', async () => {
    const res = await call(objectSim, 'POST', path, { body: { client: 'install-laptop-3', duration: 3600 } });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      token: expect.stringMatching(/^at_/),
      client: 'install-laptop-3',
      duration: 3600,
      expires_at: '2025-06-01T13:00:00.000000Z',
    });
  });

  it('answers expires_at null for duration 0 (unlimited)', async () => {
    const res = await call(objectSim, 'POST', path, { body: { client: 'noc', duration: 0 } });
    expect(res.json<{ expires_at: unknown }>().expires_at).toBeNull();
  });

  it('issues a token that authenticates other endpoints, with the camera-agents permission', async () => {
    const token = (await call(sim, 'POST', path, { body: { client: 'noc', duration: 60 } })).json<string>();
    const agentId = [...sim.state.agents.keys()][0];
    expect((await call(sim, 'GET', `/api/v1/camera-agents/${agentId}`, { token })).status).toBe(200);
  });

  it('needs no API token (it is how the first one is obtained)', async () => {
    const res = await call(sim, 'POST', path, { body: { client: 'first-run', duration: 10 } });
    expect(res.status).toBe(200);
  });

  it.each([
    ['client', { duration: 10 }],
    ['client', { client: '', duration: 10 }],
    ['client', { client: 42, duration: 10 }],
    ['duration', { client: 'noc' }],
    ['duration', { client: 'noc', duration: -1 }],
    ['duration', { client: 'noc', duration: 1.5 }],
  ])('answers 422 with errors.%s for a bad field', async (field, body) => {
    const res = await call(sim, 'POST', path, { body });
    expect(res.status).toBe(422);
    const json = res.json<{ message: string; errors: Record<string, string[]> }>();
    expect(json.message).toBe('The given data was invalid.');
    expect(json.errors[field]?.[0]).toContain(field);
  });

  it('answers 422 with errors._ for a JSON body that is not an object', async () => {
    const res = await call(sim, 'POST', path, { body: [] });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({ message: 'The given data was invalid.', errors: { _: ['The request body must be a JSON object.'] } });
  });

  it('refuses callers that are not on the local host with 403 JSON', async () => {
    const remote = await startSimulator({ localAddresses: [] });
    try {
      const res = await call(remote, 'POST', path, { body: { client: 'remote', duration: 10 } });
      expect(res.status).toBe(403);
      expect(res.json<{ message: string }>().message).toMatch(/local host/);
      expect([...remote.state.apiTokens.values()].map((t) => t.client)).not.toContain('remote');
    } finally {
      await remote.close();
    }
  });
});
