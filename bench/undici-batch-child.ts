// The bare-undici side of a console-vs-undici token ratio in its own Node process, as the console's main process is
// its own process (the web host a bench starts with `npm run web`): neither side shares its event loop and heap with
// the bench driving Chromium, and both reach the simulator child over loopback. Its pool is built as the console's
// transport builds its own (main/platform/transport.ts): undici's defaults for the socket count (no cap) and for
// keep-alive, so both sides open and keep sockets alike.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { undiciTokenBatch } from './undici-batch';

interface Setup {
  baseUrl: string;
  apiToken: string;
  streams: string[];
  concurrency: number;
}

export interface UndiciBatchChild {
  /** One batch of the streams given at the start, timed in the child: milliseconds. */
  batch(): Promise<number>;
  close(): Promise<void>;
}

/** Starts the child for one list of streams and one concurrency. */
export async function startUndiciBatchChild(setup: Setup): Promise<UndiciBatchChild> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = once(child, 'exit');
  child.send(setup);
  const ask = async (message: string): Promise<number> => {
    const answer = once(child, 'message') as Promise<[{ ms?: number; error?: string }]>;
    child.send(message);
    const [reply] = await Promise.race([answer, exited.then(() => [{ error: 'the undici child exited' }] as const)]);
    if (reply.error !== undefined || reply.ms === undefined) throw new Error(reply.error ?? 'no answer from the undici child');
    return reply.ms;
  };
  await ask('ready');
  return {
    batch: () => ask('batch'),
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.send('close');
        await exited;
      }
    },
  };
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  let setup: Setup | null = null;
  let pool: Pool | null = null;
  process.on('message', (message: Setup | string) => {
    if (typeof message === 'object') {
      setup = message;
      pool = new Pool(setup.baseUrl);
      return;
    }
    if (message === 'close') {
      void pool?.close().finally(() => process.disconnect());
      return;
    }
    if (message === 'ready') {
      process.send!({ ms: 0 });
      return;
    }
    const { apiToken, streams, concurrency } = setup!;
    undiciTokenBatch(pool!, apiToken, streams, concurrency).then(
      (ms) => process.send!({ ms }),
      (error: unknown) => process.send!({ error: String(error) }),
    );
  });
}
