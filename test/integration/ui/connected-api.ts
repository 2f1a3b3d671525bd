import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import type { Bridge } from '../../../preload/contract';
import type { ProfileView } from '../../../preload/contract/connect';
import { startRegistryApp, type RegistryApp } from '../../support/registry-app';
import { registryBridge } from '../../support/registry-bridge';
import { streamsWith } from '../../support/streams';

/** The page's api over the real main process, with a simulator on 127.0.0.1 (and, with `profile`, a profile for it). */
export interface ConnectedApi {
  api: Bridge;
  simulator: RunningSimulator;
  registryApp: RegistryApp;
  /** The active profile, pointing at the simulator with its API token (when asked for). */
  profile: ProfileView | null;
  /** Streams the simulator knows whose tokens the desk can issue. */
  privateStreams(): string[];
  close(): Promise<void>;
}

export async function connectedApi(name: string, options: { profile?: boolean; seed?: number } = {}): Promise<ConnectedApi> {
  const simulator = await startSimulator({ seed: options.seed ?? 11 });
  const registryApp = await startRegistryApp(name);
  const api = registryBridge(registryApp);
  let profile: ProfileView | null = null;
  if (options.profile) {
    const saved = await api.profiles.save({ name: 'Simulator', baseUrl: simulator.baseUrl, token: simulator.apiToken });
    if (!saved.ok) throw new Error(saved.error.message);
    profile = saved.value;
  }
  return {
    api,
    simulator,
    registryApp,
    profile,
    privateStreams: () => streamsWith(simulator.state, 'private'),
    async close() {
      await registryApp.app.dispose();
      await simulator.close();
    },
  };
}

/** A stand-in for the page's file download: what was offered, by name. */
export function savedFiles(): { files: Array<{ filename: string; text: string }>; save(filename: string, text: string): void } {
  const files: Array<{ filename: string; text: string }> = [];
  return { files, save: (filename, text) => void files.push({ filename, text }) };
}
