// The simulator in a child process, as a real server would be elsewhere: on a 2-core machine an in-process server
// shares one event loop with the client and blurs what each side costs. Benches call startSimulatorChild(); run
// directly, this file is the child: it starts the simulator, prints where it is as one JSON line, and serves until
// killed.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startSimulator, type SimulatorOptions } from '../main/simulator/index';
import { streamsWith } from '../test/support/streams';
import { isMain } from './report';

export interface SimulatorChild {
  baseUrl: string;
  apiToken: string;
  /** The private stream uids of the seeded state (stream tokens are issued only for those). */
  streams: string[];
  /** Every camera-agent device id (the seeded ones plus `extraAgents` generated ones). */
  agentIds: number[];
  /** A seeded folder's key and the key of the tree element it lives in (where benches create cameras). */
  placement: { group: string; folder: string };
  /** Stops the child and waits for it to exit. */
  close(): Promise<void>;
}

type Announcement = Omit<SimulatorChild, 'close'>;

/** The options a bench may pass to the child (JSON: no functions); `extraAgents` are added after the seeded 60. */
export type ChildOptions = Pick<SimulatorOptions, 'seed' | 'hooks' | 'mediaServers' | 'topMediaServers'> & {
  extraAgents?: number;
  /** Private streams added to the seeded 1,440 (copies of a seeded private stream under new uids), for 10,000-token batches. */
  extraPrivateStreams?: number;
};
const OPTIONS_ENV = 'WATCHDESK_SIM_CHILD_OPTIONS';

function placementOf(state: Awaited<ReturnType<typeof startSimulator>>['state']): Announcement['placement'] {
  const folder = [...state.foldersByKey.values()][0]!;
  return { group: state.treeById.get(folder.group_id)!.key, folder: folder.key };
}

async function serve(): Promise<void> {
  const { extraAgents = 0, extraPrivateStreams = 0, ...options } = JSON.parse(process.env[OPTIONS_ENV] ?? '{}') as ChildOptions;
  const sim = await startSimulator({ seed: 42, ...options });
  if (extraAgents > 0) sim.agents.add(extraAgents);
  const model = [...sim.state.streams.values()].find((stream) => stream.authorization === 'private');
  for (let i = 0; model && i < extraPrivateStreams; i++) {
    const uid = `bench-private-${String(i).padStart(5, '0')}`;
    sim.state.streams.set(uid, { ...model, uid });
  }
  const announcement: Announcement = {
    baseUrl: sim.baseUrl,
    apiToken: sim.apiToken,
    streams: streamsWith(sim.state, 'private'),
    agentIds: [...sim.state.agents.keys()],
    placement: placementOf(sim.state),
  };
  process.stdout.write(`${JSON.stringify(announcement)}\n`);
}

/** `extraAgents`: generated camera-agent devices added to the seeded 60 (watch-list benches need hundreds). */
export async function startSimulatorChild(options: ChildOptions = {}): Promise<SimulatorChild> {
  // The same Node as this process (not whatever `node` is first on PATH), with tsx as its loader.
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, [OPTIONS_ENV]: JSON.stringify(options) },
  });
  // A failed spawn also ends stdout, so the loop below reports it; here it must not become an unhandled rejection.
  const exited = once(child, 'exit').catch(() => undefined);
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill();
      await exited;
    }
  };
  try {
    for await (const line of createInterface({ input: child.stdout! })) {
      if (line.startsWith('{')) return { ...(JSON.parse(line) as Announcement), close };
    }
  } catch (error) {
    await close();
    throw error;
  }
  await close();
  throw new Error('the simulator child exited before it started');
}

if (isMain(import.meta.url)) await serve();
