import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelOnAbort } from '../../../main/platform/cancel-on-abort';
import type { BoundedRequestOptions, CallRecord } from '../../../main/platform/bounded-answer';
import { json, startFixtureServer, type FixtureServer } from './fixture-server';

/**
 * The interceptor that ends calls on their caller's signal, for a call dispatched after its signal had already aborted
 * (the transport checks before its first attempt, but a retry is dispatched after awaits of its own): it ends at once
 * too, and nothing is sent.
 */

let server: FixtureServer;
let pool: Pool;
beforeAll(async () => {
  server = await startFixtureServer((_q, res) => json(res, 200, { ok: true }));
  pool = new Pool(server.baseUrl);
});
afterAll(async () => {
  await pool.close();
  await server.close();
});

function call(signal: AbortSignal): BoundedRequestOptions {
  const record: CallRecord = { maxBytes: 1024, deadlineMs: 5_000, tries: 0, phase: 'request', signal };
  return { origin: server.baseUrl, method: 'GET', path: '/x', call: record };
}

describe('cancel on abort', () => {
  it('ends a call whose signal aborted before it was dispatched, after other calls under that signal', async () => {
    const dispatcher = pool.compose(cancelOnAbort());
    const controller = new AbortController();
    // A first call under the signal, as a read's first attempt: it registers the signal's one listener.
    await (await dispatcher.request(call(controller.signal))).body.dump();
    controller.abort();
    const before = server.requests.length;
    await expect(dispatcher.request(call(controller.signal))).rejects.toThrow();
    expect(server.requests.length).toBe(before);
  });

  it('ends a call under a signal that was aborted before any call used it', async () => {
    const dispatcher = pool.compose(cancelOnAbort());
    const before = server.requests.length;
    await expect(dispatcher.request(call(AbortSignal.abort()))).rejects.toThrow();
    expect(server.requests.length).toBe(before);
  });
});
