import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type WatchdeskApp } from '../../main/app/create-app';
import { createRegistry, type Registry } from '../../main/ipc/registry';

export const testSender = { transport: 'test' as const };

export interface RegistryApp {
  app: WatchdeskApp;
  registry: Registry;
  dataDir: string;
  keychainService: string;
  /** Calls a channel and returns its value; a failure throws with its kind and sentence. */
  call<T>(channel: string, input?: unknown): Promise<T>;
}

/**
 * The real composition root with its own data folder and keychain service, behind the handler registry; no demo
 * server. Pass the `dataDir` and `keychainService` of an earlier one to start "again" on the same data.
 */
export async function startRegistryApp(name: string, again?: { dataDir: string; keychainService: string }): Promise<RegistryApp> {
  const dataDir = again?.dataDir ?? mkdtempSync(join(tmpdir(), `wd-${name}-`));
  const keychainService = again?.keychainService ?? `watchdesk-test-${name}-${process.pid}-${Date.now()}`;
  const app = await createApp({
    dataDir,
    hostFacts: { host: 'web', electronVersion: null, chromeVersion: null },
    keychainService,
    demo: false,
  });
  const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
  return {
    app,
    registry,
    dataDir,
    keychainService,
    async call<T>(channel: string, input?: unknown): Promise<T> {
      const result = await registry.call(channel, input, testSender);
      if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
      return result.value as T;
    },
  };
}
