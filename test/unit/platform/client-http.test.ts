import { describe, expect, it, vi } from 'vitest';
import { log } from '../../../main/shared/log';
import { AppFailure } from '../../../main/shared/app-failure';
import { json, startFixtureServer, type FixtureServer } from './fixture-server';
import { fixtureClients } from './fixture-clients';
import * as samples from './samples';
import { failure } from '../../support/failure';

const TOKEN = 'tok-SECRET-1234567890';
const { server, client } = fixtureClients(TOKEN, undefined, { retry: { baseDelayMs: 5 } });

describe('request headers and token forms', () => {
  it('sends Content-Type and Accept application/json on a GET', async () => {
    server.handle((_q, res) => json(res, 200, samples.dashboard));
    await client().getDashboard();
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(server.requests[0]?.headers.accept).toBe('application/json');
  });

  it('sends the token as Bearer by default', async () => {
    server.handle((_q, res) => json(res, 200, samples.cameraAgent));
    await client().getCameraAgent(17);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(server.requests[0]?.url).toBe('/api/v1/camera-agents/17');
  });

  it('sends the bare token when the profile says so', async () => {
    server.handle((_q, res) => json(res, 200, samples.cameraAgent));
    await client({ tokenStyle: 'bare' }).getCameraAgent(17);
    expect(server.requests[0]?.headers.authorization).toBe(TOKEN);
  });

  it('sends the token as ?token= in query style, beside other query parameters', async () => {
    server.handle((_q, res) => json(res, 200, samples.dashboard));
    await client({ tokenStyle: 'query' }).getDashboard({ timezone: 'Europe/Berlin', date: 'week' });
    const url = new URL(server.requests[0]!.url, 'http://x');
    expect(url.searchParams.get('token')).toBe(TOKEN);
    expect(url.searchParams.get('timezone')).toBe('Europe/Berlin');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('fails with Unauthorized, without calling the server, when no token is stored', async () => {
    const error = await failure(client({ getToken: async () => null }).getCameraAgent(1));
    expect(error.kind).toBe('Unauthorized');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses invalid arguments before sending anything, naming the fields', async () => {
    const error = await failure(client().createStreamToken({ stream: 's', from: 10, to: 5 }));
    expect(error).toMatchObject({ kind: 'Validation', fieldErrors: { to: [expect.any(String)] } });
    expect(server.requests).toHaveLength(0);
  });
});

describe('stream tokens over JSON-RPC', () => {
  it('posts the JSON-RPC envelope with defaults filled in', async () => {
    server.handle((_q, res) => json(res, 200, 'stream-token-1'));
    expect(await client().createStreamToken({ stream: 'cam-1', live: true })).toBe('stream-token-1');
    const sent = JSON.parse(server.requests[0]!.body);
    expect(server.requests[0]?.url).toBe('/api/');
    expect(sent).toEqual({ jsonrpc: '2.0', method: 'Auth.CreateApiToken', params: { stream: 'cam-1', ttl: 3600, live: true, dvr: false, copy: false }, id: expect.any(Number) });
  });

  it('accepts an envelope with result as well as a bare string', async () => {
    server.handle((_q, res) => json(res, 200, { jsonrpc: '2.0', id: 1, result: 'stream-token-2' }));
    expect(await client().createStreamToken({ stream: 'cam-1' })).toBe('stream-token-2');
  });

  it('treats a JSON-RPC error answered with status 200 as RpcError', async () => {
    server.handle((_q, res) => json(res, 200, { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'stream is not private' } }));
    expect(await failure(client().createStreamToken({ stream: 'cam-1' }))).toMatchObject({ kind: 'RpcError', data: { rpcCode: -32000 } });
  });

  it('falls back to Auth.CreateAccessToken once on -32601, reports it and keeps using it', async () => {
    server.handle((_q, res, body) => {
      const { method } = JSON.parse(body) as { method: string };
      if (method === 'Auth.CreateApiToken') json(res, 400, { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } });
      else json(res, 200, 'via-access');
    });
    const learned: string[] = [];
    const c = client({ onRpcMethodLearned: (m) => learned.push(m) });
    expect(await c.createStreamToken({ stream: 's' })).toBe('via-access');
    expect(await c.createStreamToken({ stream: 's' })).toBe('via-access');
    expect(learned).toEqual(['Auth.CreateAccessToken']);
    expect(c.rpcMethod).toBe('Auth.CreateAccessToken');
    expect(server.requests.map((r) => JSON.parse(r.body).method)).toEqual(['Auth.CreateApiToken', 'Auth.CreateAccessToken', 'Auth.CreateAccessToken']);
  });

  it('reports the original -32601 when the alternative name is not known either', async () => {
    server.handle((_q, res) => json(res, 400, { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }));
    const error = await failure(client().createStreamToken({ stream: 's' }));
    expect(error).toMatchObject({ kind: 'RpcError', data: { rpcCode: -32601 } });
    expect(error.message).toContain('Auth.CreateApiToken');
  });
});

describe('the other operations', () => {
  it('obtains an API token without sending any token', async () => {
    server.handle((_q, res) => json(res, 200, { token: 'new-api-token', expires_in: 0 }));
    const result = await client().obtainApiToken({ client: 'watchdesk-1', duration: 3600 });
    expect(result.token).toBe('new-api-token');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ client: 'watchdesk-1', duration: 3600 });
  });

  it('sends the user-bound token request with the token in the query, whatever the profile style', async () => {
    server.handle((_q, res) => json(res, 200, { token: 'user-bound' }));
    const result = await client({ tokenStyle: 'bearer' }).createUserBoundToken({ uid: 's1', user: 'u1', duration: 60 });
    expect(result.token).toBe('user-bound');
    const url = new URL(server.requests[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/auth/token/access/');
    expect(url.searchParams.get('token')).toBe(TOKEN);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('updates an analytics task with the uid in path and query, and resolves on 204', async () => {
    server.handle((_q, res) => {
      res.writeHead(204);
      res.end();
    });
    const body = { CaseType: 'face', CameraGroupUid: 'g', Source: { Uid: 's', Url: 'rtsp://x' } };
    await expect(client().updateAnalyticsTask('task 1', body)).resolves.toBeUndefined();
    expect(server.requests[0]?.method).toBe('PUT');
    expect(server.requests[0]?.url).toBe('/api/streams/task%201/?format=json&stream=task%201');
  });

  it('keeps a base URL path prefix', async () => {
    server.handle((_q, res) => json(res, 200, samples.dashboard));
    await client({ baseUrl: `${server.baseUrl}/platform/` }).getDashboard();
    expect(server.requests[0]?.url).toBe('/platform/api/admin/v1/dashboard');
  });
});

describe('camera-agent device ids', () => {
  it('sends a digit string as typed, and a positive whole number', async () => {
    server.handle((_q, res) => json(res, 200, samples.cameraAgent));
    await client().getCameraAgent('0017');
    await client().getCameraAgent(17);
    expect(server.requests.map((r) => r.url)).toEqual(['/api/v1/camera-agents/0017', '/api/v1/camera-agents/17']);
  });

  it('refuses anything else in words before sending it', async () => {
    server.handle((_q, res) => json(res, 200, samples.cameraAgent));
    for (const id of ['17a', '', -3, 0, 1.5, '1/../2']) {
      const error = await failure(client().getCameraAgent(id));
      expect(error.kind).toBe('Validation');
      expect(Object.values(error.fieldErrors ?? {}).flat().length).toBeGreaterThan(0);
    }
    expect(server.requests).toHaveLength(0);
  });
});

describe('bodies that are not what was promised', () => {
  it('an HTML page with status 200 is HtmlResponse', async () => {
    server.handle((_q, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Login</title>');
    });
    expect((await failure(client().getDashboard())).kind).toBe('HtmlResponse');
  });

  it('a shape mismatch names the path', async () => {
    server.handle((_q, res) => json(res, 200, { ...samples.cameraAgent, storages: [{ id: 1, path: '/', usage: 1, capacity: 'x' }] }));
    const error = await failure(client().getCameraAgent(17));
    expect(error.kind).toBe('BadResponse');
    expect(error.message).toContain('storages.0.capacity: expected number');
  });

  it('a body shorter than its Content-Length is a cut-off answer', async () => {
    server.handle((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"id": 17, "na');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const error = await failure(client().createCamera({ name: 'x' }));
    expect(error.kind).toBe('BadResponse');
    expect(error.message).toContain('cut off');
  });
});

describe('timeouts, cancellation and retries', () => {
  it('times out when the server never answers, without hanging', async () => {
    server.handle(() => undefined);
    const started = Date.now();
    const error = await failure(client({ timeoutMs: 150 }).createCamera({ name: 'x' }));
    expect(error).toMatchObject({ kind: 'Timeout', data: { phase: 'headers' } });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('times out when the body stalls after the head', async () => {
    server.handle((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"a":');
    });
    expect(await failure(client({ timeoutMs: 150 }).createCamera({ name: 'x' }))).toMatchObject({ kind: 'Timeout', data: { phase: 'body' } });
  });

  it('bounds a body dripped slowly enough to dodge the body timeout', async () => {
    server.handle((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => (res.writableEnded ? clearInterval(timer) : res.write(' ')), 50);
      res.on('close', () => clearInterval(timer));
    });
    const error = await failure(client({ timeoutMs: 200 }).createCamera({ name: 'x' }));
    expect(error).toMatchObject({ kind: 'Timeout', data: { phase: 'deadline' } });
  });

  it('a read that timed out on every try says how many tries and how long it waited in all', async () => {
    server.handle(() => undefined);
    const started = Date.now();
    const error = await failure(client({ timeoutMs: 150 }).getCameraAgent(17));
    const waited = Date.now() - started;
    expect(server.requests).toHaveLength(3);
    expect(error).toMatchObject({ kind: 'Timeout', data: { phase: 'headers', tries: 3 } });
    expect(error.message).toMatch(/^The server did not answer in time, after 3 tries \((\d+) s waited in total, up to 1 s each\)\. Try again later\.$/);
    const seconds = Number(/\((\d+) s waited/.exec(error.message)![1]);
    expect(Math.abs(seconds * 1000 - waited)).toBeLessThan(1_000);
  });

  it('a read answered 503 on every try is Unavailable after three tries, with the last answer', async () => {
    server.handle((_q, res) => json(res, 503, { message: 'maintenance' }));
    const error = await failure(client().getCameraAgent(17));
    expect(error.kind).toBe('Unavailable');
    expect(error.details).toContain('maintenance');
    expect(server.requests).toHaveLength(3);
  });

  it('does not follow a redirect, and says why', async () => {
    server.handle((_q, res) => {
      res.writeHead(302, { location: 'http://elsewhere.example/api/v1/camera-agents/17?token=x' });
      res.end();
    });
    const error = await failure(client().getCameraAgent(17));
    expect(error.kind).toBe('BadResponse');
    expect(error.message).toContain('http://elsewhere.example/api/v1/camera-agents/17');
    expect(error.message).not.toContain('token=');
    expect(server.requests).toHaveLength(1);
  });

  it('cancels through the AbortSignal', async () => {
    server.handle(() => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect((await failure(client().getCameraAgent(1, { signal: controller.signal }))).kind).toBe('Cancelled');
  });

  it('cancels a GET whose answer is still coming in', async () => {
    server.handle((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
      res.write('{"id": 17, "name": "');
    });
    const controller = new AbortController();
    const call = failure(client().getCameraAgent(17, { signal: controller.signal }));
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    controller.abort();
    expect((await call).kind).toBe('Cancelled');
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('retries a GET after 503 and succeeds', async () => {
    server.handle((_q, res, _b, count) => (count < 3 ? json(res, 503, {}) : json(res, 200, samples.cameraAgent)));
    await expect(client().getCameraAgent(17)).resolves.toMatchObject({ id: 17 });
    expect(server.requests).toHaveLength(3);
  });

  it('gives up on a GET after two retries', async () => {
    server.handle((_q, res) => json(res, 502, {}));
    expect((await failure(client().getCameraAgent(17))).kind).toBe('Unavailable');
    expect(server.requests).toHaveLength(3);
  });

  it('tries a GET twice when told to retry once, and once when told never to', async () => {
    server.handle((_q, res) => json(res, 503, {}));
    expect((await failure(client({ retry: { maxRetries: 1, baseDelayMs: 5 } }).getCameraAgent(17))).kind).toBe('Unavailable');
    expect(server.requests).toHaveLength(2);
    server.requests.length = 0;
    expect((await failure(client({ retry: { maxRetries: 0, baseDelayMs: 5 } }).getCameraAgent(17))).kind).toBe('Unavailable');
    expect(server.requests).toHaveLength(1);
  });

  it('cancels a GET waiting before its third try at once', async () => {
    // The longest waits the jitter allows: about 0.5 s before the second try, 1 s before the third.
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.99);
    try {
      server.handle((_q, res) => json(res, 503, {}));
      const controller = new AbortController();
      const call = failure(client({ retry: { baseDelayMs: 500 } }).getCameraAgent(17, { signal: controller.signal }));
      await vi.waitFor(() => expect(server.requests).toHaveLength(2), { timeout: 2_000, interval: 5 });
      const started = Date.now();
      controller.abort();
      expect((await call).kind).toBe('Cancelled');
      expect(Date.now() - started).toBeLessThan(300);
      expect(server.requests).toHaveLength(2);
    } finally {
      random.mockRestore();
    }
  });

  it('retries a GET whose connection was dropped', async () => {
    server.handle((req, res, _b, count) => (count === 1 ? req.socket.destroy() : json(res, 200, samples.cameraAgent)));
    await expect(client().getCameraAgent(17)).resolves.toMatchObject({ id: 17 });
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a GET whose answer was cut off after its head', async () => {
    server.handle((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"id": 17, "na');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    expect(await failure(client().getCameraAgent(17))).toMatchObject({ kind: 'BadResponse' });
    expect(server.requests).toHaveLength(1);
  });

  it('cancels a GET waiting between tries at once', async () => {
    server.handle((_q, res) => json(res, 503, {}));
    const controller = new AbortController();
    const call = failure(client({ retry: { baseDelayMs: 10_000 } }).getCameraAgent(17, { signal: controller.signal }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    controller.abort();
    expect((await call).kind).toBe('Cancelled');
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('never retries a POST', async () => {
    server.handle((_q, res) => json(res, 503, {}));
    expect((await failure(client().createCamera({ name: 'x' }))).kind).toBe('Unavailable');
    expect(server.requests).toHaveLength(1);
  });

  it('never retries a PUT whose connection dropped', async () => {
    server.handle((req) => req.socket.destroy());
    const body = { CaseType: 'face', CameraGroupUid: 'g', Source: { Uid: 's', Url: 'rtsp://x' } };
    expect((await failure(client().updateAnalyticsTask('t', body))).kind).toBe('Offline');
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry a 500', async () => {
    server.handle((_q, res) => json(res, 500, {}));
    expect((await failure(client().getCameraAgent(17))).kind).toBe('ServerError');
    expect(server.requests).toHaveLength(1);
  });

  it('keeps connections alive across sequential calls', async () => {
    server.handle((_q, res) => json(res, 200, 'tok'));
    const c = client();
    for (let i = 0; i < 10; i++) await c.createStreamToken({ stream: 's' });
    const ports = new Set(server.requests.map((r) => r.remotePort));
    expect(ports.size).toBeLessThanOrEqual(2);
  });
});

describe('connection failures', () => {
  it('reports a refused connection as Offline, naming it', async () => {
    const dead = await startFixtureServer();
    const url = dead.baseUrl;
    await dead.close();
    const error = await failure(client({ baseUrl: url, retry: { maxRetries: 0 } }).getCameraAgent(1));
    expect(error).toMatchObject({ kind: 'Offline', data: { reason: 'refused' } });
  });

  it('reports an unknown host name as Offline, naming it', async () => {
    const error = await failure(client({ baseUrl: 'http://watchdesk-no-such-host.invalid', retry: { maxRetries: 0 } }).getCameraAgent(1));
    expect(error).toMatchObject({ kind: 'Offline', data: { reason: 'name-not-found' } });
    expect(error.message).toContain('watchdesk-no-such-host.invalid');
  });
});

describe('the token stays secret', () => {
  it('appears in no error message, detail or log line, even in query style', async () => {
    const lines: string[] = [];
    log.setSink((line) => lines.push(line));
    log.setQuiet(false);
    try {
      const errors = [];
      for (const handler of [
        (_q: unknown, res: Parameters<Parameters<FixtureServer['handle']>[0]>[1]) => json(res, 401, { message: `bad token ${TOKEN}` }),
        (_q: unknown, res: Parameters<Parameters<FixtureServer['handle']>[0]>[1]) => json(res, 500, { error: TOKEN }),
        (_q: unknown, res: Parameters<Parameters<FixtureServer['handle']>[0]>[1]) => json(res, 200, { wrong: TOKEN }),
      ]) {
        server.handle(handler);
        errors.push(await failure(client({ tokenStyle: 'query' }).getCameraAgent(1)));
      }
      expect(JSON.stringify(errors)).not.toContain(TOKEN);
      log.info('test', `echo ${TOKEN}`);
      expect(lines.join('\n')).not.toContain(TOKEN);
    } finally {
      log.setSink((line) => process.stderr.write(line + '\n'));
    }
  });
});

describe('reading the token', () => {
  it('passes on a failure the vault reports, without calling the server', async () => {
    const locked = client({
      getToken: async () => {
        throw new AppFailure('KeychainUnavailable', 'The keychain is locked.', { data: { sessionOnlyAvailable: true } });
      },
    });
    expect((await failure(locked.getDashboard())).kind).toBe('KeychainUnavailable');
    expect(server.requests).toHaveLength(0);
  });
});
