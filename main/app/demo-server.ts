import type { RunningSimulator } from '../simulator';
import type { Connections } from './connections';
import type { ProfileStore } from '../profiles/profile-store';
import { log } from '../shared/log';

/**
 * The embedded default: when no server profile exists (or the demo profile does), the simulator starts in-process on
 * a free loopback port and the demo profile points at it, with its ready token held in memory (never the keychain:
 * it changes every run and protects nothing real).
 */
export async function startDemoServerIfWanted(profiles: ProfileStore, connections: Connections): Promise<RunningSimulator | null> {
  const existing = await profiles.list();
  const wanted = existing.length === 0 || existing.some((profile) => profile.kind === 'demo');
  if (!wanted) return null;
  // Loaded only when it runs: a console with its own servers does not pay for the simulator's code at start.
  const { startSimulator } = await import('../simulator');
  const simulator = await startSimulator({ seed: 42 });
  const profile = await profiles.ensureDemoProfile(simulator.baseUrl);
  connections.setDemoToken(profile.id, simulator.apiToken);
  log.info('demo', `built-in demo server running at ${simulator.baseUrl}`);
  return simulator;
}
