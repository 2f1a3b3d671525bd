// `npm run web`: the console in a local browser. Same composition root and handler registry as the desktop app.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../app/create-app';
import { createRegistry } from '../ipc/registry';
import { isTrustedWebSender } from '../ipc/trusted-senders';
import { startWebHost } from './host';
import { applyHeapSettings } from '../app/heap-settings';

applyHeapSettings();

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'data-dir': { type: 'string', default: join(homedir(), '.local', 'share', 'watchdesk-web') },
    'renderer-dir': { type: 'string', default: resolve('dist/renderer') },
  },
});

const app = await createApp({
  dataDir: resolve(values['data-dir']),
  hostFacts: { host: 'web', electronVersion: null, chromeVersion: null },
});
const registry = createRegistry(app.handlers, { isTrustedSender: isTrustedWebSender });
const host = await startWebHost({ registry, events: app.services.events, rendererDir: values['renderer-dir'], port: Number(values.port) });

process.stdout.write(`Watchdesk is running. Open this address in your browser:\n\n  ${host.url}\n\nData folder: ${resolve(values['data-dir'])}\nPress Ctrl+C to stop.\n`);

async function stop(): Promise<void> {
  await host.close();
  await app.dispose();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
