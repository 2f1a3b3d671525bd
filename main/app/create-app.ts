import type { Handlers } from '../ipc/registry';
import { createVault, type Vault } from '../secrets/vault';
import { buildAppInfo, type HostFacts } from './app-info';

export interface AppOptions {
  /** Folder for profiles, history and the outbox (Electron: userData; web host: --data-dir). */
  dataDir: string;
  hostFacts: HostFacts;
  /** Keychain service name; tests pass a unique one. */
  keychainService?: string;
  vault?: Vault;
}

export interface WatchdeskApp {
  handlers: Handlers;
  vault: Vault;
  dispose(): Promise<void>;
}

/**
 * The composition root: builds every service once and maps each contract channel to it. Electron, the web host and
 * the tests all run the app through this function, so they share one code path.
 */
export async function createApp(options: AppOptions): Promise<WatchdeskApp> {
  const vault = options.vault ?? createVault({ service: options.keychainService ?? 'watchdesk' });

  const handlers: Handlers = {
    'app.info': async () => buildAppInfo(options.hostFacts, await vault.status()),
  };

  return {
    handlers,
    vault,
    async dispose() {},
  };
}
