// The Electron entry. The only place (with the preload) that imports 'electron'; all real work is in plain-Node
// modules built by createApp, shared with the web host and the tests.
import { app, session } from 'electron';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, type WatchdeskApp } from '../app/create-app';
import { createRegistry } from '../ipc/registry';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { isTrustedElectronSender, registerIpc } from './ipc';
import { hardenSession } from './security';
import { openMainWindow } from './window';

const here = fileURLToPath(new URL('.', import.meta.url));
const distDir = join(here, '..');
const isDevelopment = !app.isPackaged;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  let watchdesk: WatchdeskApp | null = null;

  void app.whenReady().then(async () => {
    hardenSession(session.defaultSession);
    serveRenderer(join(distDir, 'renderer'));
    watchdesk = await createApp({
      dataDir: app.getPath('userData'),
      hostFacts: { host: 'electron', electronVersion: process.versions.electron ?? null, chromeVersion: process.versions.chrome ?? null },
    });
    registerIpc(createRegistry(watchdesk.handlers, { isTrustedSender: isTrustedElectronSender }));
    await openMainWindow(join(distDir, 'preload', 'index.cjs'), isDevelopment);
  });

  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', () => {
    void watchdesk?.dispose();
  });
}
