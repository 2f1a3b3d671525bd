import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a fixture server saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The client's port: the same value on two requests means one kept-alive connection. */
  remotePort: number | undefined;
}

export type FixtureHandler = (req: http.IncomingMessage, res: http.ServerResponse, body: string, count: number) => void;

export interface FixtureServer {
  baseUrl: string;
  requests: SeenRequest[];
  /** Replaces the handler for the next requests. */
  handle(handler: FixtureHandler): void;
  close(): Promise<void>;
}

/** A tiny HTTP server on 127.0.0.1 whose answer each test scripts; it records what it received. */
export async function startFixtureServer(handler: FixtureHandler = (_q, res) => res.end()): Promise<FixtureServer> {
  let current = handler;
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, remotePort: req.socket.remotePort });
      current(req, res, body, requests.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: http.ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
