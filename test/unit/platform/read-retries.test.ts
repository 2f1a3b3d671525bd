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
