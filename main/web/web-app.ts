import { createApp, type WatchdeskApp } from '../app/create-app';
import { createRegistry, type Registry } from '../ipc/registry';
import { isTrustedWebSender } from '../ipc/trusted-senders';

export interface WebApp {
  app: WatchdeskApp;
  registry: Registry;
}

/** The app as the web host runs it: the same composition root and handler registry as the desktop app. */
export async function createWebApp(dataDir: string): Promise<WebApp> {
  const app = await createApp({ dataDir, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null } });
  return { app, registry: createRegistry(app.handlers, { isTrustedSender: isTrustedWebSender }) };
}
