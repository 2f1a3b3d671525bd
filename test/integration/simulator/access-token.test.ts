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
    // A bare JSON string, as the vendor documents it (createaccesstoken, 23.09 and 24.03).
    expect(res.json()).toEqual(expect.stringMatching(/^ut_/));
    expect(sim.state.accessTokens).toHaveLength(1);
    expect(sim.state.accessTokens[0]).toMatchObject({ token: res.json(), uid, user: 'operator-17', duration: 900 });
  });

  it('accepts the API token in the Authorization header as well; duration 0 never expires', async () => {
    const res = await call(sim, 'POST', path, { token: sim.apiToken, body: { uid: streamWith(sim, 'public'), user: 'u1', duration: 0 } });
    expect(res.status).toBe(200);
    expect(typeof res.json()).toBe('string');
    expect(sim.state.accessTokens[0]!.expiresAt).toBeNull();
  });

  it('answers the object shape it gave before with answers.accessToken: object', async () => {
    const old = await startSimulator({ seed: 42, answers: { accessToken: 'object' } });
    try {
      const uid = streamWith(old, 'private');
      const res = await call(old, 'POST', path, { token: old.apiToken, body: { uid, user: 'operator-17', duration: 0 } });
      expect(res.json()).toEqual({ token: expect.stringMatching(/^ut_/), uid, user: 'operator-17', duration: 0, expires_at: null });
    } finally {
      await old.close();
    }
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
