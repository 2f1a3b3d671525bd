// Prints app.info as JSON. Run in a child process so a test can control its environment (e.g. no D-Bus at all).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../main/app/create-app';

const dataDir = mkdtempSync(join(tmpdir(), 'wd-info-'));
try {
  const app = await createApp({
    dataDir,
    hostFacts: { host: 'web', electronVersion: null, chromeVersion: null },
    keychainService: `watchdesk-test-${process.pid}`,
  });
  try {
    const info = await app.handlers['app.info'](undefined, { sender: { transport: 'test' }, signal: new AbortController().signal });
    process.stdout.write(JSON.stringify(info));
  } finally {
    await app.dispose();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
