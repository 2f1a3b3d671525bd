import { startSimulator } from '../../../main/simulator';
import { createPlatformClient, type PlatformClient, type PlatformClientOptions } from '../../../main/platform/client';
import type { AppFailure } from '../../../main/shared/app-failure';

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

/** The AppError a call failed with; fails the test if the call succeeded. */
export async function failure(promise: Promise<unknown>): Promise<AppFailure['appError']> {
  try {
    await promise;
  } catch (error) {
    if (error && typeof error === 'object' && 'appError' in error) return (error as AppFailure).appError;
    throw error;
  }
  throw new Error('expected the call to fail');
}

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
