import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformClient } from '../../../main/platform/client';
import { log } from '../../../main/shared/log';
import { json, startFixtureServer, type FixtureServer } from './fixture-server';

/**
 * A server that knows only Auth.CreateAccessToken. The simulator accepts both names or only Auth.CreateApiToken, so
 * this one is scripted here. Its answers take 20 to 65 ms, so that concurrent calls are in flight together and some
 * of the first refusals arrive after another call has already found the name that works.
 */
let server: FixtureServer;

beforeAll(async () => {
  log.setQuiet(true);
  server = await startFixtureServer((_q, res, body) => {
    const { method, id } = JSON.parse(body) as { method: string; id: number };
    setTimeout(() => {
      if (method === 'Auth.CreateAccessToken') json(res, 200, `token-${id}`);
      else json(res, 400, { jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } });
    }, 20 + (id % 4) * 15);
  });
});
afterAll(async () => {
  log.setQuiet(false);
  await server.close();
});

describe('the Auth.CreateAccessToken fallback under concurrent calls', () => {
  it('gives every one of 16 concurrent calls a token and learns the method exactly once', async () => {
    server.requests.length = 0;
    const learned: string[] = [];
    const client = createPlatformClient({
      baseUrl: server.baseUrl,
      tokenStyle: 'bearer',
      getToken: async () => 'api-token-value',
      timeoutMs: 5_000,
      onRpcMethodLearned: (method) => learned.push(method),
    });
    try {
      const results = await Promise.allSettled(Array.from({ length: 16 }, () => client.createStreamToken({ stream: 'cam-1' })));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(learned).toEqual(['Auth.CreateAccessToken']);
      expect(client.rpcMethod).toBe('Auth.CreateAccessToken');

      // From now on only the learned name is sent.
      server.requests.length = 0;
      await client.createStreamToken({ stream: 'cam-1' });
      expect(server.requests.map((r) => (JSON.parse(r.body) as { method: string }).method)).toEqual(['Auth.CreateAccessToken']);
      expect(learned).toHaveLength(1);
    } finally {
      await client.close();
    }
  });
});
