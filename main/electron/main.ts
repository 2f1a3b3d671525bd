// The Electron entry. The only place (with the preload) that imports 'electron'; all real work is in plain-Node
// modules built by createApp, shared with the web host and the tests.
import { app, crashReporter, dialog, session, type BrowserWindow } from 'electron';
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
import { applyHeapSettings, hasYoungGenerationCap } from '../app/heap-settings';
import { unsupportedRuntime } from '../support/runtime-check';
import { installCrashGuard } from '../support/crash-guard';
import { recoverWindow } from './window-recovery';
import { focusForSecondInstance } from './second-instance';
import { createElectronUpdater } from './updater';
import { takeFolderLock } from './folder-lock';
import { warmHttp } from '../platform/http-warm-up';

const here = fileURLToPath(new URL('.', import.meta.url));
const distDir = join(here, '..');
const isDevelopment = !app.isPackaged;
// The same old-generation growth as the web host (the token desk's batches are the same work in either).
applyHeapSettings();

const runtimeProblem = unsupportedRuntime(process.versions);
if (runtimeProblem) {
  log.error('app', runtimeProblem);
  dialog.showErrorBox(t('errors.app.startFailedTitle'), runtimeProblem);
  app.exit(1);
} else if (!app.requestSingleInstanceLock()) {
  // The running console comes forward (its second-instance handler below) and opens what this launch asked for.
  app.quit();
} else if (!takeFolderLock(app.getPath('userData'))) {
  app.exit(1);
} else {
  const dataDir = app.getPath('userData');
  // Native crashes (main, the page, the GPU) leave minidumps in the crashDumps folder; nothing is ever uploaded.
  crashReporter.start({ uploadToServer: false, compress: true });
  let mainWindow: BrowserWindow | null = null;
  // A click on an alert's notification brings the window forward at that alert.
  const notifier = createElectronNotifier((link) => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
    void mainWindow.webContents.executeJavaScript(`window.location.hash = ${JSON.stringify(link)}`).catch(() => undefined);
  });
  installCrashGuard({
    dataDir,
    host: 'electron',
    onRecorded: () => notifier.notify({ title: t('about.window.crashedTitle'), body: t('about.window.crashed') }),
  });
  registerAppScheme();
  let watchdesk: WatchdeskApp | null = null;
  app.on('second-instance', (_event, argv) => focusForSecondInstance(mainWindow, argv));

  app
    .whenReady()
    .then(async () => {
      hardenSession(session.defaultSession);
      serveRenderer(join(distDir, 'renderer'));
      watchdesk = await createApp({
        dataDir,
        hostFacts: { host: 'electron', electronVersion: process.versions.electron ?? null, chromeVersion: process.versions.chrome ?? null },
        notifier,
        fileDialogs: createElectronFileDialogs(() => mainWindow),
        updaterFactory: createElectronUpdater,
      });
      if (!hasYoungGenerationCap(process.argv, process.execArgv))
        log.info('app', "started without --js-flags=--max-semi-space-size=2: main keeps V8's default young generation (more memory under 10,000-token batches)");
      registerIpc(createRegistry(watchdesk.handlers, { isTrustedSender: isTrustedElectronSender }));
      const window = await openMainWindow(join(distDir, 'preload', 'index.cjs'), isDevelopment, (opened) => recoverWindow(opened, { dataDir, notifier }));
      mainWindow = window;
      pushEvents(watchdesk.services.events, window.webContents);
      // The window is shown: the HTTP stack is readied now rather than by the first server call (http-warm-up.ts).
      setImmediate(() => void warmHttp());
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
