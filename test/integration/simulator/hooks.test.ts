import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../main/simulator/index';
import { call, rpc, streamWith } from './http';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 42, hooks: true });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

describe('/_sim hooks', () => {
  it('GET /_sim/state shows tree, folders, streams, agents, tasks and issued tokens, without API token values', async () => {
    await rpc(sim, { stream: streamWith(sim, 'private') });
    const res = await call(sim, 'GET', '/_sim/state');
    expect(res.status).toBe(200);
    const state = res.json<Record<string, unknown[]>>();
    for (const key of ['tree', 'folders', 'streams', 'agents', 'tasks', 'createdCameras', 'accessTokens']) expect(Array.isArray(state[key])).toBe(true);
    expect(state['issuedStreamTokens']).toHaveLength(1);
    expect(res.text).not.toContain(sim.apiToken);
  });

  it('POST /_sim/reset forgets what was issued', async () => {
    await rpc(sim, { stream: streamWith(sim, 'private') });
    expect((await call(sim, 'POST', '/_sim/reset')).status).toBe(204);
    expect(sim.state.issuedStreamTokens).toHaveLength(0);
  });

  it('POST /_sim/faults adds a rule and DELETE /_sim/faults clears it', async () => {
    expect((await call(sim, 'POST', '/_sim/faults', { body: { path: '/api/admin', status: 503 } })).status).toBe(201);
    expect((await call(sim, 'GET', '/api/admin/v1/dashboard', { token: sim.apiToken })).status).toBe(503);
    expect((await call(sim, 'DELETE', '/_sim/faults')).status).toBe(204);
    expect((await call(sim, 'GET', '/api/admin/v1/dashboard', { token: sim.apiToken })).status).toBe(200);
  });

  it('POST /_sim/faults answers 422 for a malformed rule', async () => {
    const res = await call(sim, 'POST', '/_sim/faults', { body: { path: 'no-slash', probability: 2 } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors).sort()).toEqual(['path', 'probability']);
  });

  it('POST /_sim/clock moves the clock forward', async () => {
    const res = await call(sim, 'POST', '/_sim/clock', { body: { advanceMs: 5_000 } });
    expect(res.status).toBe(200);
    expect(res.json<{ advancedMs: number }>().advancedMs).toBe(5_000);
  });

  it('answers 404 on every hook when hooks are off', async () => {
    const plain = await startSimulator();
    try {
      for (const [method, path] of [
        ['GET', '/_sim/state'],
        ['POST', '/_sim/reset'],
        ['POST', '/_sim/faults'],
        ['DELETE', '/_sim/faults'],
        ['POST', '/_sim/clock'],
      ] as const) {
        expect((await call(plain, method, path, { body: { path: '/' } })).status).toBe(404);
      }
      expect(plain.faults.list()).toHaveLength(0);
    } finally {
      await plain.close();
    }
  });
});
