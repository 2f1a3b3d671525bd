import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../main/simulator/index';
import { call, rpc, streamWith } from './http';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 42, hooks: true });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

const tokenCall = () => rpc(sim, { stream: streamWith(sim, 'private'), live: true });

describe('fault rules', () => {
  it('latencyMs delays a genuine answer', async () => {
    sim.faults.add({ path: '/api/', latencyMs: 300 });
    const started = performance.now();
    const res = await tokenCall();
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
    expect(res.status).toBe(200);
    expect(sim.state.issuedStreamTokens).toHaveLength(1);
  });

  it('runs nothing when the client gives up during the latency', async () => {
    sim.faults.add({ path: '/api/', latencyMs: 300 });
    const aborted = request(`${sim.baseUrl}/api/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sim.apiToken}` },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'Auth.CreateApiToken', params: { stream: streamWith(sim, 'private') }, id: 1 }),
      signal: AbortSignal.timeout(50),
    });
    await expect(aborted).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(sim.state.issuedStreamTokens).toHaveLength(0);
  });

  it('status answers that status with a JSON message and issues nothing', async () => {
    sim.faults.add({ path: '/api/', status: 503 });
    const res = await tokenCall();
    expect(res.status).toBe(503);
    expect(res.json<{ message: string }>().message).toMatch(/Simulated/);
    expect(sim.state.issuedStreamTokens).toHaveLength(0);
  });

  it('status with body and contentType answers exactly those', async () => {
    sim.faults.add({ path: '/api/', status: 429, body: 'slow down', contentType: 'text/plain' });
    const res = await tokenCall();
    expect([res.status, res.contentType, res.text]).toEqual([429, 'text/plain', 'slow down']);
  });

  it('html answers an HTML error page (500 unless a status is given) and issues nothing', async () => {
    sim.faults.add({ path: '/api/', html: true, times: 1 });
    sim.faults.add({ path: '/api/', html: true, status: 502, times: 1 });
    const first = await tokenCall();
    const second = await tokenCall();
    expect([first.status, second.status]).toEqual([500, 502]);
    expect(first.contentType).toMatch(/^text\/html/);
    expect(first.text).toContain('<html');
    expect(sim.state.issuedStreamTokens).toHaveLength(0);
  });

  it('truncate declares the full length, sends half, then ends the socket', async () => {
    sim.faults.add({ path: '/api/', truncate: true });
    const res = await request(`${sim.baseUrl}/api/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sim.apiToken}` },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'Auth.CreateApiToken', params: { stream: streamWith(sim, 'private') }, id: 1 }),
    });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    await expect(res.body.text()).rejects.toThrow();
    expect(sim.state.issuedStreamTokens).toHaveLength(0);
  });

  it('nonJson answers 200 with text that is not JSON and issues nothing', async () => {
    sim.faults.add({ path: '/api/', nonJson: true });
    const res = await tokenCall();
    expect(res.status).toBe(200);
    expect(() => res.json()).toThrow();
    expect(sim.state.issuedStreamTokens).toHaveLength(0);
  });

  it('drop closes the connection without an answer and issues nothing', async () => {
    sim.faults.add({ path: '/api/', drop: true });
    await expect(tokenCall()).rejects.toThrow();
    expect(sim.state.issuedStreamTokens).toHaveLength(0);
  });

  it('dropAfter does the work, then closes the connection without an answer', async () => {
    sim.faults.add({ path: '/api/', dropAfter: true, times: 1 });
    await expect(tokenCall()).rejects.toThrow();
    expect(sim.state.issuedStreamTokens).toHaveLength(1);
    expect((await tokenCall()).status).toBe(200);
  });

  it('slowBodyMs sends the headers at once and trickles the genuine body', async () => {
    sim.faults.add({ path: '/api/admin', slowBodyMs: 600 });
    const started = performance.now();
    const res = await request(`${sim.baseUrl}/api/admin/v1/dashboard`, { headers: { 'content-type': 'application/json', authorization: sim.apiToken } });
    const headersAt = performance.now() - started;
    const body = (await res.body.json()) as Record<string, unknown>;
    const bodyAt = performance.now() - started;
    expect(res.statusCode).toBe(200);
    // The body keeps arriving for most of the 600 ms after the headers: they were not held back with it.
    expect(bodyAt - headersAt).toBeGreaterThanOrEqual(250);
    expect(bodyAt).toBeGreaterThanOrEqual(550);
    expect(Object.keys(body).sort()).toEqual(['cameras', 'issues', 'mediaservers', 'users']);
  });

  it('probability fires on the same requests run after run', async () => {
    const pattern = async (): Promise<number[]> => {
      sim.faults.clear();
      sim.faults.add({ path: '/api/admin', status: 500, probability: 0.5 });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) statuses.push((await call(sim, 'GET', '/api/admin/v1/dashboard', { token: sim.apiToken })).status);
      return statuses;
    };
    const first = await pattern();
    const second = await pattern();
    expect(second).toEqual(first);
    expect(new Set(first)).toEqual(new Set([200, 500]));
  });

  it('times applies a rule to the next N matching requests only', async () => {
    sim.faults.add({ path: '/api/', status: 500, times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await tokenCall()).status);
    expect(statuses).toEqual([500, 500, 200]);
    expect(sim.faults.list()).toHaveLength(0);
  });

  it('a client that retries after an injected failure gets exactly one token', async () => {
    const stream = streamWith(sim, 'private', 5);
    sim.faults.add({ path: '/api/', status: 500, times: 1 });
    const first = await rpc(sim, { stream });
    const retry = await rpc(sim, { stream });
    expect([first.status, retry.status]).toEqual([500, 200]);
    expect(sim.state.streamTokensFor(stream)).toHaveLength(1);
  });

  it('matches the method, case-insensitively', async () => {
    sim.faults.add({ method: 'get', path: '/api/', status: 500 });
    expect((await tokenCall()).status).toBe(200);
    expect((await call(sim, 'GET', '/api/admin/v1/dashboard', { token: sim.apiToken })).status).toBe(500);
  });

  it('matches the path by prefix only', async () => {
    sim.faults.add({ path: '/api/v1/', status: 500 });
    expect((await call(sim, 'GET', '/api/admin/v1/dashboard', { token: sim.apiToken })).status).toBe(200);
    expect((await call(sim, 'GET', '/api/v1/camera-agents/1', { token: sim.apiToken })).status).toBe(500);
  });

  it('matches the path whether or not the rule or the request ends in a slash', async () => {
    sim.faults.add({ path: '/api/auth/token/api/', status: 503, times: 1 });
    const res = await call(sim, 'POST', '/api/auth/token/api', { body: { client: 'noc', duration: 60 } });
    expect(res.status).toBe(503);
    sim.faults.add({ path: '/api/auth/token/api', status: 503, times: 1 });
    expect((await call(sim, 'POST', '/api/auth/token/api/', { body: { client: 'noc', duration: 60 } })).status).toBe(503);
    expect([...sim.state.apiTokens.values()].map((t) => t.client)).not.toContain('noc');
  });

  it('never applies to the /_sim hooks', async () => {
    sim.faults.add({ path: '/', status: 500 });
    expect((await call(sim, 'GET', '/_sim/state')).status).toBe(200);
  });

  it('refuses a malformed rule', () => {
    expect(() => sim.faults.add({ path: 'api', status: 42 })).toThrow();
  });

  it('close() returns promptly even while a long fault is pending', async () => {
    const other = await startSimulator();
    other.faults.add({ path: '/', latencyMs: 60_000, times: 1 });
    const pending = call(other, 'GET', '/api/admin/v1/dashboard').catch(() => 'closed');
    // The rule is used up when the request arrives: from then on the simulator holds it.
    await vi.waitFor(() => expect(other.faults.list()).toEqual([]));
    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(10_000); // far below the 60 s the fault would hold
    expect(await pending).toBe('closed');
  });
});
