import { describe, expect, it } from 'vitest';
import { KeytarLoadError } from '../../../main/secrets/keychain-backend';
import { probeKeychain } from '../../../main/secrets/keychain-probe';
import { failingKeychain, hangingKeychain, memoryKeychain } from '../../support/fake-keychain';

describe('probeKeychain', () => {
  it('reports a working keychain as available under its name', async () => {
    expect(await probeKeychain(memoryKeychain())).toEqual({ available: true, backend: 'Test keychain' });
  });

  it('never writes to the keychain (a read-only question)', async () => {
    const keychain = memoryKeychain();
    const writes: string[] = [];
    const watched = {
      ...keychain,
      set: async (service: string, account: string, secret: string) => {
        writes.push(`set ${account}`);
        await keychain.set(service, account, secret);
      },
      delete: async (service: string, account: string) => {
        writes.push(`delete ${account}`);
        return keychain.delete(service, account);
      },
    };
    expect(await probeKeychain(watched, { service: 'watchdesk-x' })).toEqual({ available: true, backend: 'Test keychain' });
    expect(writes).toEqual([]);
    expect(keychain.entries.size).toBe(0);
  });

  it('explains a missing D-Bus session and names the fix', async () => {
    const status = await probeKeychain(failingKeychain('Cannot autolaunch D-Bus without X11 $DISPLAY'));
    expect(status).toEqual({
      available: false,
      backend: 'Test keychain',
      reason:
        "No Secret Service is reachable (no D-Bus session). Install and start gnome-keyring or KeePassXC's Secret Service, or use a session-only token.",
    });
  });

  it('explains a D-Bus session without a Secret Service', async () => {
    const status = await probeKeychain(
      failingKeychain('The name org.freedesktop.secrets was not provided by any .service files'),
    );
    expect(status.reason).toMatch(/No Secret Service is running.*gnome-keyring/);
  });

  it('explains a locked keyring', async () => {
    const status = await probeKeychain(failingKeychain('Cannot create an item in a locked collection'));
    expect(status.reason).toBe(
      "The keyring is locked. Unlock it (log in to your desktop session or run your keyring's unlock), then try again.",
    );
  });

  it('gives up after the timeout instead of hanging', async () => {
    const started = Date.now();
    const status = await probeKeychain(hangingKeychain(), { timeoutMs: 50 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(status.available).toBe(false);
    expect(status.reason).toMatch(/did not answer within 1 second/);
  });

  it('reports a keychain module that failed to load', async () => {
    const status = await probeKeychain(failingKeychain(new KeytarLoadError(new Error('libsecret-1.so.0: cannot open'))));
    expect(status.reason).toMatch(/could not be loaded \(.*libsecret-1\.so\.0.*\)\. Reinstall Watchdesk/);
  });

  it('quotes an unknown error briefly', async () => {
    const status = await probeKeychain(failingKeychain(`Something odd happened ${'x'.repeat(500)}`));
    expect(status.reason).toMatch(/^The keychain could not be used \(Something odd happened x+\.\.\.\)\. /);
    expect(status.reason!.length).toBeLessThan(300);
  });

  it('names the platform keychain when the backend has no name', async () => {
    const { name: _name, ...unnamed } = memoryKeychain();
    const status = await probeKeychain(unnamed);
    expect(['Secret Service (libsecret)', 'macOS Keychain', 'Windows Credential Manager']).toContain(status.backend);
  });
});
