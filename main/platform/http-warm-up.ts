import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import type { HttpWarmth } from '../../preload/contract/about';
import { log } from '../shared/log';
import { nodeTls } from './node-tls';

/**
 * The HTTP stack made ready before the operator's first server call. Loading undici (about 45-190 ms of main's
 * thread in the bundled app, which loads it on demand) and its first request (the HTTP parser's WebAssembly is
 * compiled on the first connection: 14-110 ms more) were paid by that call. One request to a server of our own on
 * 127.0.0.1 pays both; nothing reaches a platform server. For https servers, Node's TLS module and OpenSSL's default
 * secure context (its root certificates) are the first handshake's own first use (50-240 ms measured): one context
 * is built too.
 */
let warmth: HttpWarmth = { state: 'cold' };
let warming: Promise<HttpWarmth> | undefined;

/** Where the warm-up stands (the About facts and the tests read it). */
export function httpWarmth(): HttpWarmth {
  return warmth;
}

/** Warms the stack once; later calls answer the same outcome. Never fails: a warm-up that could not run leaves it cold. */
export function warmHttp(): Promise<HttpWarmth> {
  warming ??= run();
  return warming;
}

async function run(): Promise<HttpWarmth> {
  warmth = { state: 'warming' };
  // Node's module object when the warm-up runs, not an import: main does not load node:http at start (main/web/host.ts).
  const server = process.getBuiltinModule('node:http').createServer((_request, response) => response.end('{}'));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const started = performance.now();
    const pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { connections: 1 });
    const loadMs = performance.now() - started;
    try {
      const answer = await pool.request({ method: 'GET', path: '/' });
      await answer.body.text();
    } finally {
      await pool.close();
    }
    const firstRequestMs = performance.now() - started - loadMs;
    const tlsStarted = performance.now();
    nodeTls().createSecureContext();
    const tlsMs = performance.now() - tlsStarted;
    warmth = { state: 'warm', loadMs: Math.round(loadMs), firstRequestMs: Math.round(firstRequestMs), tlsMs: Math.round(tlsMs) };
    log.debug('platform', `HTTP stack warmed: undici ready in ${warmth.loadMs} ms, first request in ${warmth.firstRequestMs} ms, TLS in ${warmth.tlsMs} ms`);
  } catch (error) {
    warmth = { state: 'cold' };
    log.info('platform', `the HTTP stack could not be warmed (the first server call will load it): ${String(error)}`);
  } finally {
    server.closeAllConnections();
    server.close();
  }
  return warmth;
}
