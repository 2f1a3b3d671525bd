// `npm run web`: the console in a local browser. Same composition root and handler registry as the desktop app.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startWebHost } from './host';
import { applyHeapSettings } from '../app/heap-settings';
import type { WebApp } from './web-app';

applyHeapSettings();

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'data-dir': { type: 'string', default: join(homedir(), '.local', 'share', 'watchdesk-web') },
    'renderer-dir': { type: 'string', default: resolve('dist/renderer') },
  },
});
const dataDir = resolve(values['data-dir']);

// The address is printed and the page's files are served before the app is built: loading main's code (every
// feature, its schemas and the catalog) and opening the data folder take a few hundred milliseconds that the browser
// spends loading and running the page (about 0.2 s of CPU on a 2-core machine). The app is built once the first page's files are sent (so building it does
// not hold them back), when a call or the event stream asks for it first, or shortly after start when no browser
// comes at once (the usual case: the operator copies the address). Calls wait for it; a start that fails ends the
// process with its error, as before.
let building: Promise<WebApp> | undefined;
function webApp(): Promise<WebApp> {
  if (!building) {
    building = import('./web-app').then(({ createWebApp }) => createWebApp(dataDir));
    building.catch((error: unknown) =>
      process.nextTick(() => {
        throw error;
      }),
    );
  }
  return building;
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

process.stdout.write(`Watchdesk is running. Open this address in your browser:\n\n  ${host.url}\n\nData folder: ${dataDir}\nPress Ctrl+C to stop.\n`);

async function stop(): Promise<void> {
  await host.close();
  if (building) await (await building).app.dispose();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
