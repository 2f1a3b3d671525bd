import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../main/app/create-app';
import type { AppInfo } from '../../../preload/contract/about';
import { hasDbus } from '../../support/dbus';
import { bundleChild } from '../../support/bundle-child';

const root = join(import.meta.dirname, '..', '..', '..');

// The child is bundled once, before the tests: run through tsx it compiled main's whole graph in the test's own time,
// which on a loaded machine took longer than the test may. Bundled under node_modules, so keytar (left out of the
// bundle: native) is found from it as the console finds it.
let work = '';
let printAppInfo = '';
beforeAll(async () => {
  work = mkdtempSync(join(root, 'node_modules', '.cache-wd-info-'));
  printAppInfo = await bundleChild('test/support/print-app-info.ts', join(work, 'print-app-info.mjs'));
}, 60_000);
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('app.info keychain probe', () => {
  it.skipIf(!hasDbus)('reports the keychain available against a real Secret Service', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wd-info-'));
    try {
      const app = await createApp({
        dataDir,
        hostFacts: { host: 'web', electronVersion: null, chromeVersion: null },
        keychainService: `watchdesk-test-${process.pid}-${Date.now()}`,
      });
      try {
        const info = await app.handlers['app.info'](undefined, { sender: { transport: 'test' }, signal: new AbortController().signal });
        expect(info.keychain.available).toBe(true);
        expect(info.keychain.backend).toMatch(/Secret Service/);
        expect(info.nodeVersion).toBe(process.versions.node);
      } finally {
        await app.dispose();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reports the keychain unavailable, with the reason, when there is no D-Bus at all, and does not throw', () => {
    const env = { ...process.env };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.DISPLAY;
    const output = execFileSync(process.execPath, [printAppInfo], {
      cwd: root,
      env: { ...env, WATCHDESK_LOG: 'silent' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    const info = JSON.parse(output) as AppInfo;
    expect(info.keychain.available).toBe(false);
    expect(info.keychain.reason).toMatch(/D-Bus/);
    expect(info.keychain.reason).toMatch(/session-only|gnome-keyring/i);
  });
});
