import { createServer } from 'node:net';

/**
 * A loopback port nothing listens on: the system hands out a free port, which is closed again at once. Connecting
 * to it is refused (ECONNREFUSED) unless something else grabs it in between, which the system avoids by not
 * reusing a just-freed ephemeral port soon.
 */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  return port;
}
