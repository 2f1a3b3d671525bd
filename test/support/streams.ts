import type { SimulatorState } from '../../main/simulator/state';
import type { StreamEntry } from '../../main/simulator/seed/types';

/** The uids of the seeded streams with this authorization method, in seed order (stream tokens need 'private'). */
export function streamsWith(state: Pick<SimulatorState, 'streams'>, authorization: StreamEntry['authorization']): string[] {
  return [...state.streams.values()].filter((stream) => stream.authorization === authorization).map((stream) => stream.uid);
}
