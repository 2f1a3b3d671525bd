import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { updateFeedSchema } from '../../../preload/contract/support';
import { addressOnly } from '../../../main/support/diagnostics';
import { compareVersions } from '../../../main/support/version-order';
import { sqliteBuiltIn, unsupportedRuntime } from '../../../main/support/runtime-check';
import { createSupportSettings, SUPPORT_SETTINGS_KEY } from '../../../main/support/support-settings';
import { migrations, openStorage } from '../../../main/storage';
import { createSettingsRepository } from '../../../main/storage/repositories/settings-repository';
import { requestedScreen } from '../../../main/electron/second-instance';

const dir = mkdtempSync(join(tmpdir(), 'wd-support-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('support rules', () => {
  it('takes an http(s) feed address without credentials', () => {
    expect(updateFeedSchema.safeParse('https://updates.example.org/watchdesk/').success).toBe(true);
    expect(updateFeedSchema.safeParse(' http://10.0.0.5:8080/feed ').data).toBe('http://10.0.0.5:8080/feed');
    for (const bad of ['ftp://x/', 'updates.example.org', 'https://user:pw@updates.example.org/', 'file:///etc/']) expect(updateFeedSchema.safeParse(bad).success).toBe(false);
  });

  it('keeps only scheme, host, port and path of a server address', () => {
    expect(addressOnly('https://admin:secret@vms.example:8443/base/?token=abc#x')).toBe('https://vms.example:8443/base/');
    expect(addressOnly('not a url')).toBe('(not an address)');
  });

  it('orders versions as semantic versions', () => {
    expect(compareVersions('0.2.0', '0.1.9')).toBe(1);
    expect(compareVersions('0.1.0', '0.1.0')).toBe(0);
    expect(compareVersions('0.1.0-beta.2', '0.1.0')).toBe(-1);
    expect(compareVersions('1.0.0-beta.10', '1.0.0-beta.2')).toBe(1);
    expect(compareVersions('1.10.0', '1.9.0')).toBe(1);
    expect(compareVersions('latest', '1.0.0')).toBeNull();
  });

  it('names an Electron or Node too old to run the console', () => {
    expect(unsupportedRuntime({ node: '22.20.0', electron: '45.4.1' })).toBeNull();
    expect(unsupportedRuntime({ node: '24.21.0' })).toBeNull();
    expect(unsupportedRuntime({ node: '20.18.0', electron: '33.0.0' })).toBe(
      'Watchdesk needs Electron 45 or newer, and this is Electron 33.0.0. Install the Watchdesk package, or point ELECTRON_OVERRIDE_DIST_PATH at an Electron 45 build.',
    );
    expect(unsupportedRuntime({ node: '22.12.0' })).toBe('Watchdesk needs Node 22.19 or newer inside its runtime, and this is Node 22.12.0.');
  });

  it('names a runtime built without node:sqlite, where the console could keep nothing', () => {
    expect(sqliteBuiltIn()).toBe(true);
    expect(unsupportedRuntime({ node: '24.11.1', electron: '45.4.1' }, false)).toBe(
      'Watchdesk keeps its data with Node\'s built-in SQLite (node:sqlite), and this runtime (Node 24.11.1, Electron 45.4.1) was built without it. Install the Watchdesk package, or use an Electron 45 build that has it.',
    );
  });

  it('saves the support settings in the database, and reads a value that no longer fits as the defaults', async () => {
    const storage = openStorage({ folder: dir, migrations });
    const repository = createSettingsRepository(storage);
    const settings = createSupportSettings(repository);
    expect(await settings.read()).toEqual({});
    await settings.update({ logLevel: 'debug', updateFeedUrl: 'https://updates.example.org/w/' });
    expect(await createSupportSettings(repository).read()).toEqual({ logLevel: 'debug', updateFeedUrl: 'https://updates.example.org/w/' });
    expect(await settings.update({ updateFeedUrl: null })).toEqual({ logLevel: 'debug' });

    repository.set(SUPPORT_SETTINGS_KEY, { logLevel: 12 });
    expect(await createSupportSettings(repository).read()).toEqual({});
    storage.close();
  });

  it('passes a second launch only a plain screen name', () => {
    expect(requestedScreen(['watchdesk', 'watchdesk://tokens'])).toBe('tokens');
    expect(requestedScreen(['watchdesk', '--screen=onboarding'])).toBe('onboarding');
    expect(requestedScreen(['watchdesk', 'watchdesk://tokens/../../x', '--screen=<img>'])).toBeNull();
  });
});
