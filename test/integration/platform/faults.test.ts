import { describe, expect, it, vi } from 'vitest';
import { settlesBefore } from '../../support/order';
import { failure, firstAgentId, privateStream, useSimulatorClient } from './sim-fixture';

const fixture = useSimulatorClient();
const { another } = fixture;

/** How many times the first fault rule still has to fire: tells how many requests reached the server. */
function remaining(): number | null | undefined {
  return fixture.sim.faults.list()[0]?.remaining;
}

describe('server failures', () => {
  it('500 on the JSON-RPC endpoint is ServerError', async () => {
    fixture.sim.faults.add({ method: 'POST', path: '/api/', status: 500 });
    expect(await failure(fixture.client.createStreamToken({ stream: privateStream(fixture.sim) }))).toMatchObject({ kind: 'ServerError', retryable: true });
  });

  it('429 is RateLimited', async () => {
    fixture.sim.faults.add({ path: '/api/admin/v1/dashboard', status: 429 });
    expect((await failure(fixture.client.getDashboard())).kind).toBe('RateLimited');
  });

  it('an HTML page instead of JSON is HtmlResponse with the explaining sentence', async () => {
    fixture.sim.faults.add({ path: '/api/v1/camera-agents', html: true });
    const error = await failure(fixture.client.getCameraAgent(firstAgentId(fixture.sim)));
    expect(error.kind).toBe('HtmlResponse');
    expect(error.message).toBe(
      'The server answered with a web page instead of data. The address may point at a website or a proxy login, not the platform API.',
    );
  });

  it('an HTML page with status 200 is HtmlResponse too', async () => {
    fixture.sim.faults.add({ path: '/api/', html: true, status: 200 });
    expect((await failure(fixture.client.createStreamToken({ stream: privateStream(fixture.sim) }))).kind).toBe('HtmlResponse');
  });
});

describe('broken answers', () => {
  it('a truncated body is BadResponse saying it was cut off', async () => {
    fixture.sim.faults.add({ path: '/api/v2/billing/cameras', truncate: true });
    const error = await failure(fixture.client.createCamera({ name: 'x' }));
    expect(error.kind).toBe('BadResponse');
    expect(error.message).toContain('cut off');
  });

  it('a body that is not JSON is BadResponse', async () => {
    fixture.sim.faults.add({ path: '/api/admin/v1/dashboard', nonJson: true });
    const error = await failure(fixture.client.getDashboard());
    expect(error.kind).toBe('BadResponse');
    expect(error.message).toContain('could not be read as data');
  });

  it('a body of the wrong shape is BadResponse naming the path', async () => {
    const agent = await fixture.client.getCameraAgent(firstAgentId(fixture.sim));
    const broken = { ...agent, storages: [{ ...agent.storages[0], capacity: 'a lot' }] };
    fixture.sim.faults.add({ path: '/api/v1/camera-agents', status: 200, body: JSON.stringify(broken) });
    const error = await failure(fixture.client.getCameraAgent(firstAgentId(fixture.sim)));
    expect(error.kind).toBe('BadResponse');
    expect(error.message).toContain('storages.0.capacity: expected number');
  });

  it('a stream token answer that is neither a string nor an envelope is BadResponse', async () => {
    fixture.sim.faults.add({ path: '/api/', status: 200, body: '{"token": 5}' });
    expect((await failure(fixture.client.createStreamToken({ stream: privateStream(fixture.sim) }))).kind).toBe('BadResponse');
  });
});

describe('connection problems', () => {
  it('a dropped connection on a POST is Offline and is not retried', async () => {
    fixture.sim.faults.add({ method: 'POST', path: '/api/', drop: true, times: 5 });
    const error = await failure(fixture.client.createStreamToken({ stream: privateStream(fixture.sim) }));
    expect(error).toMatchObject({ kind: 'Offline', data: { reason: 'dropped' } });
    expect(remaining()).toBe(4);
  });

  it('a slow server trips the timeout instead of hanging', async () => {
    fixture.sim.faults.add({ path: '/api/', latencyMs: 20_000 });
    const call = failure(another({ timeoutMs: 300 }).createStreamToken({ stream: privateStream(fixture.sim) }));
    // The call ends while the server still holds the request.
    expect(await settlesBefore(call, 20_000)).toBe(true);
    expect(await call).toMatchObject({ kind: 'Timeout', data: { phase: 'headers' } });
  });

  it('a body that stalls trips the body timeout', async () => {
    fixture.sim.faults.add({ path: '/api/admin/v1/dashboard', slowBodyMs: 30_000 });
    // The head comes at once and the body never: a second is room enough for the head on a loaded machine, so the
    // timeout that trips is the body's.
    const error = await failure(another({ timeoutMs: 1_000, retry: { maxRetries: 0 } }).getDashboard());
    expect(error).toMatchObject({ kind: 'Timeout', data: { phase: 'body' } });
  });

  it('a slow GET is retried, then gives up within a bounded time', async () => {
    fixture.sim.faults.add({ method: 'GET', path: '/api/admin/v1/dashboard', latencyMs: 20_000, times: 10 });
    const call = failure(another({ timeoutMs: 200 }).getDashboard());
    // Every attempt and the backoffs between them end while the server still holds the first request.
    expect(await settlesBefore(call, 20_000)).toBe(true);
    expect((await call).kind).toBe('Timeout');
    expect(remaining()).toBe(7);
  });

  it('a slow answer that still fits the timeout succeeds', async () => {
    fixture.sim.faults.add({ path: '/api/admin/v1/dashboard', latencyMs: 150 });
    await expect(fixture.client.getDashboard()).resolves.toHaveProperty('issues');
  });
});

describe('cancellation', () => {
  it('aborting the signal ends the call with Cancelled', async () => {
    fixture.sim.faults.add({ path: '/api/', latencyMs: 10_000, times: 1 });
    const controller = new AbortController();
    const call = failure(fixture.client.createStreamToken({ stream: privateStream(fixture.sim) }, { signal: controller.signal }));
    // Aborted once the server holds the request; the answer comes while it still does.
    await vi.waitFor(() => expect(remaining()).toBeUndefined(), { timeout: 5_000 });
    controller.abort();
    expect(await settlesBefore(call, 10_000)).toBe(true);
    expect(await call).toMatchObject({ kind: 'Cancelled', retryable: false });
  });

  it('one signal shared by several calls (a batch) cancels every call still out, and a later call with it sends nothing', async () => {
    const controller = new AbortController();
    const stream = privateStream(fixture.sim);
    // A call that finished before the abort keeps its answer.
    await expect(fixture.client.createStreamToken({ stream }, { signal: controller.signal })).resolves.toEqual(expect.any(String));
    fixture.sim.faults.add({ path: '/api/', latencyMs: 10_000, times: 3 });
    const out = [1, 2, 3].map(() => failure(fixture.client.createStreamToken({ stream }, { signal: controller.signal })));
    // Aborted once the server holds all three; every answer comes while it still does.
    await vi.waitFor(() => expect(remaining()).toBeUndefined(), { timeout: 5_000 });
    controller.abort();
    const all = Promise.all(out);
    expect(await settlesBefore(all, 10_000)).toBe(true);
    for (const error of await all) expect(error).toMatchObject({ kind: 'Cancelled', retryable: false });
    fixture.sim.faults.clear();
    fixture.sim.faults.add({ path: '/api/', status: 500, times: 2 });
    expect((await failure(fixture.client.createStreamToken({ stream }, { signal: controller.signal }))).kind).toBe('Cancelled');
    expect(remaining()).toBe(2);
  });

  it('an already aborted signal sends nothing', async () => {
    fixture.sim.faults.add({ path: '/api/v1/camera-agents', status: 500, times: 3 });
    const error = await failure(fixture.client.getCameraAgent(firstAgentId(fixture.sim), { signal: AbortSignal.abort() }));
    expect(error.kind).toBe('Cancelled');
    expect(remaining()).toBe(3);
  });

  it('aborting during a retry backoff ends the call with Cancelled', async () => {
    fixture.sim.faults.add({ path: '/api/v1/camera-agents', status: 503 });
    const controller = new AbortController();
    const slowRetries = another({ retry: { baseDelayMs: 5_000 } });
    setTimeout(() => controller.abort(), 150);
    expect((await failure(slowRetries.getCameraAgent(firstAgentId(fixture.sim), { signal: controller.signal }))).kind).toBe('Cancelled');
  });
});

describe('retries', () => {
  it('a GET answered 503 twice is retried and succeeds on the third attempt', async () => {
    fixture.sim.faults.add({ method: 'GET', path: '/api/v1/camera-agents', status: 503, times: 2 });
    await expect(fixture.client.getCameraAgent(firstAgentId(fixture.sim))).resolves.toHaveProperty('uuid');
    expect(fixture.sim.faults.list()).toEqual([]);
  });

  it('a GET is tried at most three times', async () => {
    fixture.sim.faults.add({ method: 'GET', path: '/api/v1/camera-agents', status: 502, times: 10 });
    expect((await failure(fixture.client.getCameraAgent(firstAgentId(fixture.sim)))).kind).toBe('Unavailable');
    expect(remaining()).toBe(7);
  });

  it('a dropped GET is retried', async () => {
    fixture.sim.faults.add({ method: 'GET', path: '/api/admin/v1/dashboard', drop: true, times: 1 });
    await expect(fixture.client.getDashboard()).resolves.toHaveProperty('cameras');
  });

  it('a POST answered 503 is never retried', async () => {
    fixture.sim.faults.add({ method: 'POST', path: '/api/v2/billing/cameras', status: 503, times: 10 });
    expect((await failure(fixture.client.createCamera({ name: 'x' }))).kind).toBe('Unavailable');
    expect(remaining()).toBe(9);
  });

  it('a PUT that timed out is never retried', async () => {
    fixture.sim.faults.add({ method: 'PUT', path: '/api/streams/', latencyMs: 20_000, times: 10 });
    const t = fixture.sim.state.tasks.values().next().value!;
    const error = await failure(another({ timeoutMs: 200 }).updateAnalyticsTask(t.uid, { CaseType: t.CaseType, CameraGroupUid: t.CameraGroupUid, Source: t.Source }));
    expect(error.kind).toBe('Timeout');
    expect(remaining()).toBe(9);
  });

  it('a stream token is issued once even when the answer is lost', async () => {
    const stream = privateStream(fixture.sim);
    const before = fixture.sim.state.streamTokensFor(stream).length;
    // A delivery rule, not a failure rule: the handler runs and issues the token, then the answer trickles out over
    // 30 s and the client gives up on it. (Plain latency would not do: the simulator skips the handler when the
    // client has hung up before the latency ends, so nothing would be issued.)
    fixture.sim.faults.add({ method: 'POST', path: '/api/', slowBodyMs: 30_000, times: 5 });
    expect((await failure(another({ timeoutMs: 200 }).createStreamToken({ stream }))).kind).toBe('Timeout');
    expect(fixture.sim.state.streamTokensFor(stream).length).toBe(before + 1);
    // One attempt only: a POST whose answer was lost is never sent again.
    expect(remaining()).toBe(4);
  });
});
