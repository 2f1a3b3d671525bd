import { afterAll, afterEach, beforeAll } from 'vitest';
import { startSimulator } from '../../../main/simulator';
import { createPlatformClient, type PlatformClient, type PlatformClientOptions } from '../../../main/platform/client';
import { streamsWith } from '../../support/streams';

export type Sim = Awaited<ReturnType<typeof startSimulator>>;

/** A client on the simulator with its full-permission token; fast retries so tests stay quick. */
export function clientFor(sim: Sim, options: Partial<PlatformClientOptions> = {}): PlatformClient {
  return createPlatformClient({
    baseUrl: sim.baseUrl,
    tokenStyle: 'bearer',
    getToken: async () => sim.apiToken,
    timeoutMs: 3_000,
    retry: { baseDelayMs: 5 },
    ...options,
  });
}

export { failure } from '../../support/failure';

/** A private stream of the seeded data (stream tokens are issued only for those). */
export function privateStream(sim: Sim): string {
  const uid = streamsWith(sim.state, 'private')[0];
  if (uid === undefined) throw new Error('the seed has no private stream');
  return uid;
}

export function publicStream(sim: Sim): string {
  const uid = streamsWith(sim.state, 'public')[0];
  if (uid === undefined) throw new Error('the seed has no public stream');
  return uid;
}

export function firstAgentId(sim: Sim): number {
  const id = sim.state.agents.keys().next().value;
  if (id === undefined) throw new Error('the seed has no agent');
  return id;
}

export interface SimulatorClient {
  /** The file's simulator (seed 42, test hooks on); its faults are cleared after each test. */
  sim: Sim;
  /** A client with the full-permission token, for the whole file. */
  client: PlatformClient;
  /** Another client with other options, closed after the test. */
  another(options: Partial<PlatformClientOptions>): PlatformClient;
}

/** One simulator and client per test file, with the hooks that start, reset and close them. */
export function useSimulatorClient(): SimulatorClient {
  const extra: PlatformClient[] = [];
  const fixture = {
    another(options: Partial<PlatformClientOptions>) {
      const c = clientFor(fixture.sim, options);
      extra.push(c);
      return c;
    },
  } as SimulatorClient;
  beforeAll(async () => {
    fixture.sim = await startSimulator({ seed: 42, hooks: true });
    fixture.client = clientFor(fixture.sim);
  });
  afterEach(async () => {
    fixture.sim.faults.clear();
    await Promise.all(extra.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await fixture.client.close();
    await fixture.sim.close();
  });
  return fixture;
}
