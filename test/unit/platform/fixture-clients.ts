import { afterAll, afterEach, beforeAll } from 'vitest';
import { createPlatformClient, type PlatformClient, type PlatformClientOptions } from '../../../main/platform/client';
import { startFixtureServer, type FixtureHandler, type FixtureServer } from './fixture-server';

/**
 * A test file's fixture server (started before its tests, closed after them) and the platform clients its tests make
 * against it (closed, and the server's record of requests cleared, after each test). Called at the file's top level;
 * `server` stands for the running server from the first test on.
 */
export function fixtureClients(token: string, handler?: FixtureHandler, defaults: Partial<PlatformClientOptions> = {}) {
  let running: FixtureServer | undefined;
  const clients: PlatformClient[] = [];
  const started = (): FixtureServer => {
    if (!running) throw new Error('the fixture server is used before it started (in a test, not at the top of the file)');
    return running;
  };
  beforeAll(async () => {
    running = await startFixtureServer(handler);
  });
  afterAll(() => started().close());
  afterEach(async () => {
    started().requests.length = 0;
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  const server: FixtureServer = {
    get baseUrl() {
      return started().baseUrl;
    },
    get requests() {
      return started().requests;
    },
    handle: (next) => started().handle(next),
    close: () => started().close(),
  };
  const client = (options: Partial<PlatformClientOptions> = {}): PlatformClient => {
    const c = createPlatformClient({ baseUrl: server.baseUrl, tokenStyle: 'bearer', getToken: async () => token, timeoutMs: 2_000, ...defaults, ...options });
    clients.push(c);
    return c;
  };
  return { server, client };
}
