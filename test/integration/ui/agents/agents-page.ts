import { startSimulator, type RunningSimulator } from '../../../../main/simulator';
import type { Bridge } from '../../../../preload/contract';
import { startRegistryApp, type RegistryApp } from '../../../support/registry-app';
import { registryBridge } from '../../../support/registry-bridge';

/** The page's api over the real main process, connected (token in the keychain) to a simulator on 127.0.0.1. */
export interface AgentsPage {
  api: Bridge;
  sim: RunningSimulator;
  registryApp: RegistryApp;
  close(): Promise<void>;
}

export async function openAgentsPage(name: string): Promise<AgentsPage> {
  const sim = await startSimulator({ port: 0 });
  const registryApp = await startRegistryApp(name);
  const api = registryBridge(registryApp);
  const saved = await api.profiles.save({ name: 'NOC', baseUrl: sim.baseUrl, token: sim.apiToken, playbackUrlTemplate: '' });
  if (!saved.ok) throw new Error(saved.error.message);
  const active = await api.profiles.activate({ id: saved.value.id });
  if (!active.ok) throw new Error(active.error.message);
  return {
    api,
    sim,
    registryApp,
    async close() {
      await registryApp.app.dispose();
      await sim.close();
    },
  };
}

/** Waits until `check` holds (events arrive after the call that caused them answers). */
export async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
