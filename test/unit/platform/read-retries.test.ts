import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformClient, type PlatformClientOptions } from '../../../main/platform/client';
import { json, startFixtureServer, type FixtureServer } from './fixture-server';
import * as samples from './samples';
import { failure } from '../../support/failure';

/**
 * How many times a read is sent when its tries fail in different ways one after another: a read is sent at most
 * 1 + maxRetries times, whichever failures worth another try (a dropped connection, 502/503/504) come in which order.
 */

const TOKEN = 'tok-SECRET-1234567890';
let server: FixtureServer;
const clients: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());
afterEach(async () => {
  server.requests.length = 0;
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

function client(options: Partial<PlatformClientOptions> = {}) {
  const c = createPlatformClient({ baseUrl: server.baseUrl, tokenStyle: 'bearer', getToken: async () => TOKEN, timeoutMs: 2_000, retry: { baseDelayMs: 5 }, ...options });
  clients.push(c);
  return c;
}

describe('a read whose first try is dropped and whose next tries are answered 503', () => {
  it('is sent three times in all by default (two retries), then told Unavailable', async () => {
    server.handle((req, res, _b, count) => (count === 1 ? req.socket.destroy() : json(res, 503, {})));
    expect((await failure(client().getCameraAgent(17))).kind).toBe('Unavailable');
    expect(server.requests).toHaveLength(3);
  });

  it('is sent twice when told to retry once', async () => {
    server.handle((req, res, _b, count) => (count === 1 ? req.socket.destroy() : json(res, 503, {})));
    expect((await failure(client({ retry: { maxRetries: 1, baseDelayMs: 5 } }).getCameraAgent(17))).kind).toBe('Unavailable');
    expect(server.requests).toHaveLength(2);
  });

  it('still succeeds when the last try it is allowed answers', async () => {
    server.handle((req, res, _b, count) => (count === 1 ? req.socket.destroy() : count === 2 ? json(res, 503, {}) : json(res, 200, samples.cameraAgent)));
    await expect(client().getCameraAgent(17)).resolves.toMatchObject({ id: 17 });
    expect(server.requests).toHaveLength(3);
  });
});

describe('a read answered 503 first, then dropped', () => {
  it('is sent three times in all and says how many tries it made', async () => {
    server.handle((req, res, _b, count) => (count === 1 ? json(res, 503, {}) : req.socket.destroy()));
    const error = await failure(client().getCameraAgent(17));
    expect(error.kind).toBe('Offline');
    expect(server.requests).toHaveLength(3);
    expect(error.message).toMatch(/3/);
  });
});

describe('the dropped answer of a first try', () => {
  it('a 503 streaming 300 MB is cut off after a little of it, not read or kept whole, and the read goes on', async () => {
    let written = 0;
    let closedAfter = -1;
    server.handle((_q, res, _b, count) => {
      if (count > 1) return json(res, 200, samples.cameraAgent);
      res.writeHead(503, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      res.on('close', () => (closedAfter = written));
      const pump = (): void => {
        while (written < 300 * 1024 * 1024 && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    await expect(client().getCameraAgent(17)).resolves.toMatchObject({ id: 17 });
    expect(server.requests).toHaveLength(2);
    await expect.poll(() => closedAfter).toBeGreaterThanOrEqual(0);
    // What the client read before it closed the connection, plus what the sockets' buffers held.
    expect(closedAfter).toBeLessThan(16 * 1024 * 1024);
  });

  it('a 503 whose body drips is let go as soon as the caller cancels', async () => {
    server.handle((_q, res) => {
      res.writeHead(503, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('x'), 50);
      res.on('close', () => clearInterval(timer));
    });
    const controller = new AbortController();
    const call = failure(client({ retry: { baseDelayMs: 5 } }).getCameraAgent(17, { signal: controller.signal }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    controller.abort();
    expect((await call).kind).toBe('Cancelled');
    expect(Date.now() - started).toBeLessThan(300);
    expect(server.requests).toHaveLength(1);
  });
});

describe('the retried call', () => {
  it('carries the token to the profile origin only, and a redirect on a retry is not followed', async () => {
    server.handle((_q, res, _b, count) => {
      if (count === 1) return json(res, 503, {});
      res.writeHead(302, { location: 'http://127.0.0.2:9/steal' });
      res.end();
    });
    const error = await failure(client().getCameraAgent(17));
    expect(error.kind).not.toBe('Cancelled');
    expect(server.requests).toHaveLength(2);
    for (const request of server.requests) expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.stringify(error)).not.toContain(TOKEN);
  });

  it('a POST answered 503 is sent once, never through the retries', async () => {
    server.handle((_q, res) => json(res, 503, {}));
    expect((await failure(client().createCamera({ name: 'x' }))).kind).toBe('Unavailable');
    expect(server.requests).toHaveLength(1);
  });
});
