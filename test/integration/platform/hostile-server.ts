import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback server that answers every request the way a broken or hostile platform might: bodies far larger than any
 * answer (made as they are sent, so the server itself holds only one chunk), JSON nested 200,000 levels deep, a
 * chunked body without end, or one that drips a byte at a time. Tests switch its behaviour with `answer`.
 */

export type HostileAnswer =
  | { kind: 'huge'; bytes: number; declareLength?: boolean }
  | { kind: 'deep'; depth: number }
  | { kind: 'endless' }
  | { kind: 'drip'; everyMs: number }
  | { kind: 'json'; status: number; body: unknown };

export interface HostileServer {
  baseUrl: string;
  answer: HostileAnswer;
  /** Bytes of body the server managed to hand to its sockets, all requests together. */
  bytesSent: number;
  requests: number;
  close(): Promise<void>;
}

const MB = 1024 * 1024;
/** A chunk of JSON-looking filler: a long string member that never closes before the limit. */
const filler = Buffer.alloc(64 * 1024, 'a');

export async function startHostileServer(): Promise<HostileServer> {
  const state: HostileServer = {
    baseUrl: '',
    answer: { kind: 'endless' },
    bytesSent: 0,
    requests: 0,
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    state.requests += 1;
    req.resume();
    req.on('end', () => respond(state, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

function respond(state: HostileServer, res: http.ServerResponse): void {
  const answer = state.answer;
  if (answer.kind === 'json') {
    const text = JSON.stringify(answer.body);
    res.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
    return;
  }
  if (answer.kind === 'deep') {
    // An unknown member holding the nesting, as a server adding a field of its own might send it.
    const text = `{"id":1,"name":"deep","extra":${'['.repeat(answer.depth)}${']'.repeat(answer.depth)}}`;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
    return;
  }
  if (answer.kind === 'drip') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"pad":"');
    const timer = setInterval(() => {
      state.bytesSent += 1;
      res.write('a');
    }, answer.everyMs);
    res.on('close', () => clearInterval(timer));
    return;
  }
  const total = answer.kind === 'huge' ? answer.bytes : Number.POSITIVE_INFINITY;
  const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json' };
  if (answer.kind === 'huge' && answer.declareLength) headers['content-length'] = total;
  res.writeHead(200, headers);
  let sent = 0;
  const pump = (): void => {
    // Written as the socket takes it: the server never holds more than one chunk of the body.
    while (sent < total && !res.destroyed) {
      const chunk = sent === 0 ? Buffer.concat([Buffer.from('{"pad":"'), filler]).subarray(0, filler.length) : filler;
      const piece = total - sent < chunk.length ? chunk.subarray(0, total - sent) : chunk;
      sent += piece.length;
      state.bytesSent += piece.length;
      if (!res.write(piece)) {
        res.once('drain', pump);
        return;
      }
    }
    if (sent >= total) res.end();
  };
  res.on('error', () => undefined);
  pump();
}

export { MB };
