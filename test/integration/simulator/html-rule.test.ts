import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../main/simulator/index';
import { call, rpc, streamWith } from './http';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 42 });
});
afterAll(() => sim.close());

describe('errors without Content-Type: application/json are HTML pages', () => {
  it('401 comes back as text/html', async () => {
    const res = await call(sim, 'GET', '/api/admin/v1/dashboard', { json: false });
    expect(res.status).toBe(401);
    expect(res.contentType).toMatch(/^text\/html/);
    expect(res.text).toMatch(/^<!DOCTYPE html>/);
    expect(res.text).toContain('Unauthenticated.');
  });

  it('422 comes back as text/html listing the field errors', async () => {
    const res = await call(sim, 'GET', '/api/v1/camera-agents/abc', { token: sim.apiToken, json: false });
    expect(res.status).toBe(422);
    expect(res.contentType).toMatch(/^text\/html/);
    expect(res.text).toContain('cameraAgent: The cameraAgent field must be an integer.');
  });

  it('a JSON-RPC 400 comes back as text/html', async () => {
    const res = await rpc(sim, {}, { json: false, method: 'Nope.Nothing' });
    expect(res.status).toBe(400);
    expect(res.contentType).toMatch(/^text\/html/);
  });

  it('404 for an unknown route comes back as text/html', async () => {
    const res = await call(sim, 'GET', '/api/v9/nothing', { json: false });
    expect(res.status).toBe(404);
    expect(res.contentType).toMatch(/^text\/html/);
  });

  it('a successful answer stays JSON', async () => {
    const res = await rpc(sim, { stream: streamWith(sim, 'private') }, { json: false });
    expect(res.status).toBe(200);
    expect(res.contentType).toContain('application/json');
  });

  it('treats application/json with a charset parameter as JSON', async () => {
    const res = await call(sim, 'GET', '/api/admin/v1/dashboard', { json: false, headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });
});
