import type { Dispatcher } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../main/simulator/index';
import { call } from './http';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 42, hooks: true });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

const NOT_AN_OBJECT = { message: 'The given data was invalid.', errors: { _: ['The request body must be a JSON object.'] } };

/** Every REST endpoint and hook that reads a body (JSON-RPC has its own error envelope). */
function bodyEndpoints(): Array<[Dispatcher.HttpMethod, string]> {
  const task = [...sim.state.tasks.values()][0];
  if (!task) throw new Error('no seeded task');
  return [
    ['POST', '/api/auth/token/api/'],
    ['POST', '/api/auth/token/access/'],
    ['POST', '/api/v2/billing/cameras'],
    ['PUT', `/api/streams/${task.uid}/`],
    ['POST', '/_sim/faults'],
    ['POST', '/_sim/clock'],
  ];
}

describe('request bodies', () => {
  it.each([[[]], ['text'], [7], [null]])('answer the same 422 everywhere for JSON that is not an object: %j', async (body) => {
    for (const [method, path] of bodyEndpoints()) {
      const res = await call(sim, method, path, { token: sim.apiToken, body: JSON.stringify(body) });
      expect({ path, status: res.status, body: res.json() }).toEqual({ path, status: 422, body: NOT_AN_OBJECT });
    }
  });

  it('answer the same 400 everywhere for a body that is not JSON', async () => {
    for (const [method, path] of bodyEndpoints()) {
      const res = await call(sim, method, path, { token: sim.apiToken, body: '{"broken"' });
      expect({ path, status: res.status, body: res.json() }).toEqual({ path, status: 400, body: { message: 'The request body is not valid JSON.' } });
    }
  });
});
