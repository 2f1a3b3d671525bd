import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../main/simulator/index';
import { call, streamWith } from './http';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 42 });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

const path = '/api/auth/token/access/';

describe('POST /api/auth/token/access/', () => {
  it('issues a user-bound token with the API token in ?token=', async () => {
    const uid = streamWith(sim, 'private');
    const res = await call(sim, 'POST', path, { token: sim.apiToken, tokenForm: 'query', body: { uid, user: 'operator-17', duration: 900 } });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ token: expect.stringMatching(/^ut_/), uid, user: 'operator-17', duration: 900, expires_at: expect.stringMatching(/Z$/) });
    expect(sim.state.accessTokens).toHaveLength(1);
  });

  it('accepts the API token in the Authorization header as well', async () => {
    const res = await call(sim, 'POST', path, { token: sim.apiToken, body: { uid: streamWith(sim, 'public'), user: 'u1', duration: 0 } });
    expect(res.status).toBe(200);
    expect(res.json<{ expires_at: unknown }>().expires_at).toBeNull();
  });

  it('answers 422 with errors.uid for a stream that does not exist', async () => {
    const res = await call(sim, 'POST', path, { token: sim.apiToken, body: { uid: 'cam-9999-hd', user: 'u1', duration: 60 } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['uid']);
  });

  it('answers 422 naming every bad field', async () => {
    const res = await call(sim, 'POST', path, { token: sim.apiToken, body: { uid: 5, user: '', duration: -3 } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors).sort()).toEqual(['duration', 'uid', 'user']);
    expect(sim.state.accessTokens).toHaveLength(0);
  });
});
