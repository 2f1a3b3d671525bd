import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../main/simulator/index';
import { call, rpc, streamWith, type TokenForm } from './http';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 42, hooks: true });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

const agentPath = (): string => `/api/v1/camera-agents/${[...sim.state.agents.keys()][0]}`;

describe('API token forms', () => {
  it.each<TokenForm>(['bearer', 'bare', 'query'])('accepts the token in %s form', async (tokenForm) => {
    const res = await call(sim, 'GET', agentPath(), { token: sim.apiToken, tokenForm });
    expect(res.status).toBe(200);
  });

  it.each<TokenForm>(['bearer', 'bare', 'query'])('accepts the %s form on the JSON-RPC endpoint too', async (tokenForm) => {
    const res = await rpc(sim, { stream: streamWith(sim, 'private') }, { tokenForm });
    expect(res.status).toBe(200);
  });

  it('lets the Authorization header win over the query token', async () => {
    const res = await call(sim, 'GET', `${agentPath()}?token=${sim.apiToken}`, { headers: { authorization: 'Bearer wrong' } });
    expect(res.status).toBe(401);
  });
});

describe('401 Unauthenticated', () => {
  const endpoints: Array<[string, 'GET' | 'POST' | 'PUT', () => string]> = [
    ['JSON-RPC', 'POST', () => '/api/'],
    ['access token', 'POST', () => '/api/auth/token/access/'],
    ['billing cameras', 'POST', () => '/api/v2/billing/cameras'],
    ['camera agent', 'GET', agentPath],
    ['dashboard', 'GET', () => '/api/admin/v1/dashboard'],
    ['analytics task', 'PUT', () => '/api/streams/task-0001/?format=json&stream=task-0001'],
  ];

  it.each(endpoints)('%s answers 401 {message: "Unauthenticated."} without a token', async (_name, method, path) => {
    const res = await call(sim, method, path(), { body: {} });
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it.each(endpoints)('%s answers 401 for a wrong token', async (_name, method, path) => {
    const res = await call(sim, method, path(), { token: 'at_not-a-real-token', body: {} });
    expect(res.status).toBe(401);
  });

  it('answers 401 once a token has expired', async () => {
    const issued = await call(sim, 'POST', '/api/auth/token/api/', { body: { client: 'desk-7', duration: 60 } });
    const token = issued.json<string>();
    expect((await call(sim, 'GET', agentPath(), { token })).status).toBe(200);
    await call(sim, 'POST', '/_sim/clock', { body: { advanceMs: 60_000 } });
    expect((await call(sim, 'GET', agentPath(), { token })).status).toBe(401);
  });

  it('keeps an unlimited (duration 0) token valid however far the clock moves', async () => {
    const issued = await call(sim, 'POST', '/api/auth/token/api/', { body: { client: 'desk-8', duration: 0 } });
    const token = issued.json<string>();
    await call(sim, 'POST', '/_sim/clock', { body: { advanceMs: 10 * 365 * 86_400_000 } });
    expect((await call(sim, 'GET', agentPath(), { token })).status).toBe(200);
  });

  it('honours a caller-supplied clock for expiry', async () => {
    let now = Date.UTC(2025, 0, 1);
    const timed = await startSimulator({ now: () => now });
    try {
      const issued = await call(timed, 'POST', '/api/auth/token/api/', { body: { client: 'desk-9', duration: 30 } });
      const token = issued.json<string>();
      now += 29_000;
      expect((await call(timed, 'GET', '/api/admin/v1/dashboard', { token })).status).toBe(200);
      now += 1_000;
      expect((await call(timed, 'GET', '/api/admin/v1/dashboard', { token })).status).toBe(401);
    } finally {
      await timed.close();
    }
  });
});

describe('permissions', () => {
  it('answers 403 on the camera-agent view for a token without camera-agents', async () => {
    const res = await call(sim, 'GET', agentPath(), { token: sim.limitedToken });
    expect(res.status).toBe(403);
    expect(res.json<{ message: string }>().message).toContain('camera-agents');
  });

  it('lets the limited token use endpoints that need no permission', async () => {
    const res = await call(sim, 'GET', '/api/admin/v1/dashboard', { token: sim.limitedToken });
    expect(res.status).toBe(200);
  });
});
