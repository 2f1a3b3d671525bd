import type { Handlers } from '../ipc/registry';
import { createVault, type Vault } from '../secrets/vault';
import { createProfileStore, type ProfileStore } from '../profiles/profile-store';
import { createConnections, type Connections } from '../connection/connections';
import { buildAppInfo, type HostFacts } from './app-info';
import { startDemoServerIfWanted } from './demo-server';
import { connectHandlers } from '../connection/handlers';
import { tokenDesk } from '../tokens/handlers';
import type { RunningSimulator } from '../simulator';

export interface AppOptions {
  /** Folder for profiles, history and the outbox (Electron: userData; web host: --data-dir). */
  dataDir: string;
  hostFacts: HostFacts;
  /** Keychain service name; tests pass a unique one. */
  keychainService?: string;
  vault?: Vault;
  /** Start the built-in demo server when no server is configured (default true). */
  demo?: boolean;
}

/** The services every feature builds on; features take what they need from here. */
export interface AppServices {
  dataDir: string;
  vault: Vault;
  profiles: ProfileStore;
  connections: Connections;
}

export interface WatchdeskApp {
  handlers: Handlers;
  services: AppServices;
  /** The in-process demo server, when it runs. */
  demoServer: RunningSimulator | null;
  dispose(): Promise<void>;
}

/**
 * The composition root: builds every service once and maps each contract channel to it. Electron, the web host and
 * the tests all run the app through this function, so they share one code path.
 */
export async function createApp(options: AppOptions): Promise<WatchdeskApp> {
  const vault = options.vault ?? createVault({ service: options.keychainService ?? 'watchdesk' });
  const profiles = createProfileStore(options.dataDir);
  const connections = createConnections(profiles, vault);
  const services: AppServices = { dataDir: options.dataDir, vault, profiles, connections };
  const demoServer = options.demo === false ? null : await startDemoServerIfWanted(profiles, connections);

  const tokens = tokenDesk(services);
  const handlers: Handlers = {
    'app.info': async () => buildAppInfo(options.hostFacts, await vault.status()),
    ...connectHandlers(services),
    ...tokens.handlers,
  };

  return {
    handlers,
    services,
    demoServer,
    async dispose() {
      await tokens.dispose();
      await connections.closeAll();
      await demoServer?.close();
    },
  };
}
