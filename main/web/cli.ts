// `npm run web`: the console in a local browser. Same composition root and handler registry as the desktop app.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startWebHost } from './host';
import { applyHeapSettings } from '../app/heap-settings';
import type { WebApp } from './web-app';
import { takeDataFolderLock } from '../storage/data-folder-lock';
import { installCrashGuard } from '../support/crash-guard';
import { LOG_LEVEL_ENV, parseLogLevel } from '../shared/log-level';
import { log } from '../shared/log';

applyHeapSettings();

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'data-dir': { type: 'string', default: join(homedir(), '.local', 'share', 'watchdesk-web') },
    'renderer-dir': { type: 'string', default: resolve('dist/renderer') },
    /** debug, info, warn or error: this run's log level (as WATCHDESK_LOG_LEVEL; the setting in About otherwise). */
    'log-level': { type: 'string' },
    /** Opens straight into the dashboard's wall mode (a kiosk screen). */
    wall: { type: 'boolean', default: false },
  },
});
const dataDir = resolve(values['data-dir']);
if (values['log-level'] !== undefined) {
  if (!parseLogLevel(values['log-level'])) {
    process.stderr.write(`--log-level takes debug, info, warn or error, not "${values['log-level']}".\n`);
    process.exit(2);
  }
  process.env[LOG_LEVEL_ENV] = values['log-level'];
  log.setLevel(undefined);
}

// One console per data folder (this host or the desktop app): a second one would send the same outbox again.
const locked = takeDataFolderLock(dataDir, 'web');
if (!locked.taken) {
  const { folderLockRefusal } = await import('../app/folder-lock-refusal');
  process.stderr.write(`${folderLockRefusal(locked, 'web', dataDir)}\n`);
  process.exit(1);
}
const hostLock = locked.lock;
process.on('exit', () => hostLock?.release());
// What nothing caught is recorded in the data folder and told here; the host keeps serving.
installCrashGuard({
  dataDir,
  host: 'web',
  onRecorded: (file) => process.stderr.write(`Watchdesk ran into an unexpected error; it keeps running. ${file ? `The details are in ${file}.` : ''}\n`),
});

// The address is printed and the page's files are served before the app is built: loading main's code (every
// feature, its schemas and the catalog) and opening the data folder take a few hundred milliseconds that the browser
// spends loading and running the page (about 0.2 s of CPU on a 2-core machine). The app is built once the first page's files are sent (so building it does
// not hold them back), when a call or the event stream asks for it first, or shortly after start when no browser
// comes at once (the usual case: the operator copies the address). Calls wait for it. A start that fails (a data
// folder that cannot be read) answers the calls waiting for it with a sentence that names the folder and the fix,
// says the same on the terminal, and ends the process.
let building: Promise<WebApp> | undefined;
function webApp(): Promise<WebApp> {
  if (!building) {
    building = import('./web-app').then(({ createWebApp }) => createWebApp(dataDir)).catch(async (error: unknown) => {
      throw await startFailure(error);
    });
    building.catch((failure: Error) => void endAfterFailedStart(failure));
  }
  return building;
}

async function startFailure(error: unknown): Promise<Error> {
  const [{ t }, { AppFailure, isAppFailure }] = await Promise.all([import('../shared/i18n'), import('../shared/app-failure')]);
  const reason = isAppFailure(error) || error instanceof Error ? error.message : String(error);
  return new AppFailure('Internal', t('errors.host.startFailed', { reason: /[.!?]$/.test(reason) ? reason : `${reason}.`, folder: dataDir }), { retryable: false });
}

/** The calls already waiting get their answer first (the same turn of the event loop), then the host closes. */
async function endAfterFailedStart(failure: Error): Promise<void> {
  process.stderr.write(`${failure.message}\n`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  await host.close().catch(() => undefined);
  process.exit(1);
}
const BUILD_ANYWAY_MS = 1000;

const host = await startWebHost({
  registry: async () => (await webApp()).registry,
  events: async () => (await webApp()).app.services.events,
  onPageFilesSent: () => void webApp(),
  rendererDir: values['renderer-dir'],
  port: Number(values.port),
});
setTimeout(() => void webApp(), BUILD_ANYWAY_MS);
hostLock?.setAddress(host.origin);

process.stdout.write(`Watchdesk is running. Open this address in your browser:\n\n  ${host.url}${values.wall ? '#/dashboard/wall' : ''}\n\nData folder: ${dataDir}\nPress Ctrl+C to stop.\n`);

async function stop(): Promise<void> {
  await host.close();
  // A start still under way is let finish and then closed; one that failed has nothing to close.
  if (building) await building.then((built) => built.app.dispose(), () => undefined);
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
