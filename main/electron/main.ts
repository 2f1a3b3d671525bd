// The Electron entry. The only place (with the preload) that imports 'electron'; all real work is in plain-Node
// modules built by createApp, shared with the web host and the tests.
import { app, dialog, session, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, type WatchdeskApp } from '../app/create-app';
import { createRegistry } from '../ipc/registry';
import { log } from '../shared/log';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { isTrustedElectronSender, pushEvents, registerIpc } from './ipc';
import { hardenSession } from './security';
import { openMainWindow } from './window';
import { createElectronNotifier } from './notifier';
import { createElectronFileDialogs } from './file-dialogs';
import { t } from '../shared/i18n';
import { applyHeapSettings } from '../app/heap-settings';

const here = fileURLToPath(new URL('.', import.meta.url));
const distDir = join(here, '..');
const isDevelopment = !app.isPackaged;
// The same old-generation growth as the web host (the token desk's batches are the same work in either).
applyHeapSettings();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  let watchdesk: WatchdeskApp | null = null;
  let mainWindow: BrowserWindow | null = null;

  app
    .whenReady()
    .then(async () => {
      hardenSession(session.defaultSession);
      serveRenderer(join(distDir, 'renderer'));
      watchdesk = await createApp({
        dataDir: app.getPath('userData'),
        hostFacts: { host: 'electron', electronVersion: process.versions.electron ?? null, chromeVersion: process.versions.chrome ?? null },
        // A click on an alert's notification brings the window forward at that alert.
        notifier: createElectronNotifier((link) => {
          if (!mainWindow) return;
          if (mainWindow.isMinimized()) mainWindow.restore();
          mainWindow.show();
          mainWindow.focus();
          void mainWindow.webContents.executeJavaScript(`window.location.hash = ${JSON.stringify(link)}`).catch(() => undefined);
        }),
        fileDialogs: createElectronFileDialogs(() => mainWindow),
      });
      registerIpc(createRegistry(watchdesk.handlers, { isTrustedSender: isTrustedElectronSender }));
      const window = await openMainWindow(join(distDir, 'preload', 'index.cjs'), isDevelopment);
      mainWindow = window;
      pushEvents(watchdesk.services.events, window.webContents);
    })
    .catch((error: unknown) => {
      // Without a window nothing else would tell the operator; the log has the details.
      log.error('app', `Watchdesk could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      dialog.showErrorBox(t('errors.app.startFailedTitle'), t('errors.app.startFailed'));
      app.exit(1);
    });

  app.on('window-all-closed', () => app.quit());
  // Quitting waits for the app to wind down: running batches are cancelled and their issued tokens written to the
  // history. Electron would not wait for a promise, so the quit is held and finished once that is done.
  let disposed = false;
  app.on('will-quit', (event) => {
    if (disposed || !watchdesk) return;
    event.preventDefault();
    disposed = true;
    void watchdesk
      .dispose()
      .catch((error: unknown) => log.error('app', `shutdown did not finish cleanly: ${String(error)}`))
      .finally(() => app.quit());
  });
}
