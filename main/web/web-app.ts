import { createApp, type WatchdeskApp } from '../app/create-app';
import { createRegistry, type Registry } from '../ipc/registry';
import { isTrustedWebSender } from '../ipc/trusted-senders';
import { warmHttp } from '../platform/http-warm-up';

export interface WebApp {
  app: WatchdeskApp;
  registry: Registry;
}

/** The app as the web host runs it: the same composition root and handler registry as the desktop app. */
export async function createWebApp(dataDir: string): Promise<WebApp> {
  const app = await createApp({ dataDir, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null } });
  // The HTTP stack is readied once the app is up (the calls that waited for it are answered first), not by the first
  // server call; the page asks again once it is idle, which then finds it done (main/platform/http-warm-up.ts).
  setImmediate(() => void warmHttp());
  return { app, registry: createRegistry(app.handlers, { isTrustedSender: isTrustedWebSender }) };
}
