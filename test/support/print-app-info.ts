// Prints app.info as JSON. Run in a child process so a test can control its environment (e.g. no D-Bus at all).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../main/app/create-app';

const app = await createApp({
  dataDir: mkdtempSync(join(tmpdir(), 'wd-info-')),
  hostFacts: { host: 'web', electronVersion: null, chromeVersion: null },
  keychainService: `watchdesk-test-${process.pid}`,
});
const info = await app.handlers['app.info'](undefined, { sender: { transport: 'test' } });
process.stdout.write(JSON.stringify(info));
await app.dispose();
