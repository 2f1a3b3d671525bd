import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';

export interface HeldProxy {
  /** Where the console is pointed: every request is passed on to the server behind. */
  baseUrl: string;
  /** Requests for the held path that have arrived and wait for `release`. */
  held(): number;
  /** Lets the held requests (and any later ones for that path) through to the server. */
  release(): void;
  close(): Promise<void>;
}

/**
 * A loopback proxy in front of a server (a simulator) that holds the requests for one path until the test releases
 * them: a server that answers late, for exactly as long as the test needs, rather than after a fixed delay a busy
 * machine may outrun or a quiet one waits out.
 */
export async function startHeldProxy(target: string, heldPath: string): Promise<HeldProxy> {
  const upstream = new URL(target);
  let released = false;
  const waiting: Array<() => void> = [];
  const pass = (incoming: IncomingMessage, answer: ServerResponse) => {
    const out = request(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (reply) => {
        answer.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(answer);
      },
    );
    out.on('error', () => answer.destroy());
    incoming.pipe(out);
  };
  const server = createServer((incoming, answer) => {
    const path = new URL(incoming.url ?? '/', 'http://proxy').pathname;
    if (!released && path === heldPath) waiting.push(() => pass(incoming, answer));
    else pass(incoming, answer);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    held: () => waiting.length,
    release() {
      released = true;
      for (const go of waiting.splice(0)) go();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
