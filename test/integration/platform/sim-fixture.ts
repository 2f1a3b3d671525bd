import { startSimulator } from '../../../main/simulator';
import { createPlatformClient, type PlatformClient, type PlatformClientOptions } from '../../../main/platform/client';

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
  for (const stream of sim.state.streams.values()) if (stream.authorization === 'private') return stream.uid;
  throw new Error('the seed has no private stream');
}

export function publicStream(sim: Sim): string {
  for (const stream of sim.state.streams.values()) if (stream.authorization === 'public') return stream.uid;
  throw new Error('the seed has no public stream');
}

export function firstAgentId(sim: Sim): number {
  const id = sim.state.agents.keys().next().value;
  if (id === undefined) throw new Error('the seed has no agent');
  return id;
}
