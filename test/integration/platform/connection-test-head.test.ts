import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformClient, type PlatformClient } from '../../../main/platform/client';
import { MB, startHostileServer, type HostileServer } from './hostile-server';

/**
 * The connection test reads the dashboard endpoint only to see that the server answers and takes the token: of a
 * success body it reads the start and closes the connection on the rest, so a platform whose dashboard is 60 MB (or
 * a server that never stops sending) costs the check a kilobyte, not the answer held in memory.
 */

let server: HostileServer;
let client: PlatformClient;

beforeAll(async () => {
  server = await startHostileServer();
  client = createPlatformClient({ baseUrl: server.baseUrl, tokenStyle: 'bearer', getToken: async () => 'connection-test-token-0123', timeoutMs: 2_000 });
});

afterAll(async () => {
  await client?.close();
  await server?.close();
});

describe('the connection test on a large answer', () => {
  it('says the connection works after reading the start of an endless body, and stops the server sending', async () => {
    server.answer = { kind: 'endless' };
    const rssBefore = process.memoryUsage.rss();
    const report = await client.testConnection();
    expect(report).toMatchObject({ ok: true, outcome: 'works' });
    expect(report.steps.map((step) => [step.name, step.ok])).toEqual([
      ['DNS', true],
      ['TCP', true],
      ['TLS', null],
      ['HTTP', true],
      ['Token', true],
    ]);
    // What the socket buffers took before the connection closed, never the 64 MB the check may read.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const sent = server.bytesSent;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.bytesSent - sent).toBe(0);
    expect(sent).toBeLessThan(32 * MB);
    expect((process.memoryUsage.rss() - rssBefore) / MB).toBeLessThan(48);
  });

  it('says the same of a success answer that declares more than the dashboard\'s 64 MB as of one sent without a length', async () => {
    for (const declareLength of [true, false]) {
      server.answer = { kind: 'huge', bytes: 80 * MB, declareLength };
      const report = await client.testConnection();
      expect(report, `declared length: ${declareLength}`).toMatchObject({ ok: true, outcome: 'works' });
    }
  });
});
