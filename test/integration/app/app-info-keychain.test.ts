import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../main/app/create-app';
import type { AppInfo } from '../../../preload/contract/about';
import { hasDbus } from '../../support/dbus';

const root = join(import.meta.dirname, '..', '..', '..');

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
    const output = execFileSync(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'test', 'support', 'print-app-info.ts')], {
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
