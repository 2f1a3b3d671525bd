import { rmSync } from 'node:fs';
import { startSimulator, type RunningSimulator } from '../../../../main/simulator';
import type { Bridge } from '../../../../preload/contract';
import { startRegistryApp, type RegistryApp } from '../../../support/registry-app';
import { registryBridge } from '../../../support/registry-bridge';
import { placementOf } from '../../onboarding/console';

export interface OnboardingPage {
  /** The page's api over the real composition root (run under scripts/with-keyring.sh). */
  api: Bridge;
  registryApp: RegistryApp;
  sim: RunningSimulator;
  placement: { group: string; folder: string };
  close(): Promise<void>;
}

/**
 * What the Onboarding screen's state classes talk to in their tests: the real main process (composition root, handler
 * registry, database in a temporary folder, the API token in the real keychain) whose active server is a simulator
 * on 127.0.0.1, as Connect would leave it.
 */
export async function openOnboardingPage(name: string): Promise<OnboardingPage> {
  const sim = await startSimulator({ seed: 42 });
  const registryApp = await startRegistryApp(name);
  const { services } = registryApp.app;
  const profile = await services.profiles.create({ name: 'Site server', baseUrl: sim.baseUrl });
  await services.profiles.setActive(profile.id);
  await services.vault.setToken(profile.id, sim.apiToken);
  return {
    api: registryBridge(registryApp),
    registryApp,
    sim,
    placement: placementOf(sim.state),
    async close() {
      await registryApp.app.dispose();
      await sim.close();
      rmSync(registryApp.dataDir, { recursive: true, force: true });
    },
  };
}

/** Resolves once `check` holds, polling every 20 ms (fails after `timeoutMs`). */
export async function until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('the screen did not get there in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
