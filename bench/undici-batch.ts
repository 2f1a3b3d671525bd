import type { Pool } from 'undici';

/** The JSON-RPC body of one stream token (operation 1), as every bare-client side of a token bench sends it. */
export function tokenRequestBody(stream: string, id: number): string {
  return JSON.stringify({ jsonrpc: '2.0', method: 'Auth.CreateApiToken', params: { stream, ttl: 3600, live: true, dvr: false, copy: false }, id });
}

/**
 * The bare-undici side of the token-batch ratios: the same tokens through one keep-alive pool, `concurrency` requests
 * in flight, no validation and no history. Answers the wall time in milliseconds.
 */
export async function undiciTokenBatch(pool: Pool, apiToken: string, streams: string[], concurrency: number): Promise<number> {
  const headers = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${apiToken}` };
  let next = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < streams.length) {
      const i = next++;
      const res = await pool.request({ path: '/api/', method: 'POST', headers, body: tokenRequestBody(streams[i]!, i) });
      await res.body.text();
      if (res.statusCode !== 200) throw new Error(`undici: HTTP ${res.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - started;
}
