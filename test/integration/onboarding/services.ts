import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoServerIfWanted } from '../../../main/app/demo-server';
import { createServices, type AppServices } from '../../../main/app/services';
import type { RunningSimulator } from '../../../main/simulator';
import type { EventName } from '../../../preload/contract';
import { createCameraOutbox, type CameraOutbox } from '../../../main/onboarding/camera-outbox';
import { placementOf } from './console';

export interface OnboardingServices {
  services: AppServices;
  sim: RunningSimulator;
  outbox: CameraOutbox;
  /** A folder of the simulator's seeded tree and its tree element's key. */
  placement: { group: string; folder: string };
  /** Every payload of the event pushed since this started, in order. */
  pushed<E extends EventName>(name: E): unknown[];
  close(): Promise<void>;
}

/**
 * The shared services of the real composition root (database in a temporary folder, the real keychain under
 * scripts/with-keyring.sh) with the built-in demo server as the active server, and the camera outbox over them (a
 * short backoff unless told): what the onboarding services are built on, without the feature's adapter.
 */
export async function openServices(name: string, tuning: { baseDelayMs: number; maxDelayMs: number } = { baseDelayMs: 50, maxDelayMs: 300 }): Promise<OnboardingServices> {
  const dataDir = mkdtempSync(join(tmpdir(), `wd-${name}-`));
  const services = createServices({
    dataDir,
    keychainService: `watchdesk-test-${name}-${randomBytes(6).toString('hex')}`,
    hostFacts: { host: 'web', electronVersion: null, chromeVersion: null },
  });
  const sim = (await startDemoServerIfWanted(services.profiles, services.connections))!;
  const seen: Array<{ name: string; payload: unknown }> = [];
  const stop = services.events.listen((event) => seen.push(event));
  const outbox = createCameraOutbox(services, { ...tuning, changeThrottleMs: 10 });
  return {
    services,
    sim,
    outbox,
    placement: placementOf(sim.state),
    pushed: (wanted) => seen.filter((event) => event.name === wanted).map((event) => event.payload),
    async close() {
      stop();
      await outbox.dispose();
      await services.connections.closeAll();
      await services.support.dispose();
      // A test may have stopped the server already (to be out of reach).
      await sim.close().catch(() => undefined);
      services.storage.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resolves once `check` holds, polling every 20 ms (fails after `timeoutMs`). */
export async function eventually<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('it did not happen in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
