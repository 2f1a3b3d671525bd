import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVault } from '../../../main/secrets/vault';
import { log } from '../../../main/shared/log';
import { failingKeychain, hangingKeychain, memoryKeychain } from '../../support/fake-keychain';
import { failureOf } from '../../support/failure';

beforeAll(() => log.setQuiet(true));
afterAll(() => log.setQuiet(false));

const DBUS_ERROR = 'Cannot autolaunch D-Bus without X11 $DISPLAY';

describe('vault with a working keychain', () => {
  it('stores a token under the account token:<profileId>', async () => {
    const keychain = memoryKeychain();
    const vault = createVault({ service: 'svc', backend: keychain });
    await vault.setToken('p1', 'api-token-1');
    expect(keychain.entries.get('svc\u0000token:p1')).toBe('api-token-1');
    expect(await vault.getToken('p1')).toBe('api-token-1');
  });

  it('answers null and false for a profile without a token', async () => {
    const vault = createVault({ backend: memoryKeychain() });
    expect(await vault.getToken('nobody')).toBeNull();
    expect(await vault.hasToken('nobody')).toBe(false);
  });

  it('lists only profiles with tokens, not the data key', async () => {
    const vault = createVault({ backend: memoryKeychain() });
    await vault.setToken('a', 'token-a');
    await vault.setToken('b', 'token-b');
    await vault.getDataKey();
    expect((await vault.listTokenProfiles()).sort()).toEqual(['a', 'b']);
  });

  it('deletes a token, and deleting a missing one is not an error', async () => {
    const vault = createVault({ backend: memoryKeychain() });
    await vault.setToken('a', 'token-a');
    await vault.deleteToken('a');
    await vault.deleteToken('a');
    expect(await vault.hasToken('a')).toBe(false);
  });

  it('refuses an empty token with a field error', async () => {
    const failure = await failureOf(createVault({ backend: memoryKeychain() }).setToken('a', '   '));
    expect(failure.kind).toBe('Validation');
    expect(failure.appError.fieldErrors.token).toBeDefined();
  });

  it('masks stored tokens in the log', async () => {
    const lines: string[] = [];
    log.setSink((line) => lines.push(line));
    try {
      await createVault({ backend: memoryKeychain() }).setToken('a', 'very-secret-token-123');
      log.error('test', 'leaked very-secret-token-123');
    } finally {
      log.setSink((line) => process.stderr.write(line + '\n'));
    }
    expect(lines.join('\n')).not.toContain('very-secret-token-123');
  });

  it('reports keychain mode in its status', async () => {
    expect(await createVault({ backend: memoryKeychain() }).status()).toEqual({
      available: true,
      backend: 'Test keychain',
      mode: 'keychain',
    });
  });

  it('creates a 32-byte data key once and keeps it in the keychain as base64', async () => {
    const keychain = memoryKeychain();
    const vault = createVault({ service: 'svc', backend: keychain });
    const [first, second] = await Promise.all([vault.getDataKey(), vault.getDataKey()]);
    expect(first.length).toBe(32);
    expect(second.equals(first)).toBe(true);
    expect(keychain.entries.get('svc\u0000data-key')).toBe(first.toString('base64'));
  });

  it('gives a second vault on the same keychain the same data key', async () => {
    const keychain = memoryKeychain();
    const first = await createVault({ backend: keychain }).getDataKey();
    expect((await createVault({ backend: keychain }).getDataKey()).equals(first)).toBe(true);
  });

  it('refuses a damaged data key rather than replacing it', async () => {
    const keychain = memoryKeychain();
    await keychain.set('svc', 'data-key', 'c2hvcnQ=');
    const failure = await failureOf(createVault({ service: 'svc', backend: keychain }).getDataKey());
    expect(failure.kind).toBe('Internal');
    expect(keychain.entries.get('svc\u0000data-key')).toBe('c2hvcnQ=');
  });
});

describe('vault without a keychain', () => {
  it('reports the keychain unavailable with the reason, in keychain mode', async () => {
    const status = await createVault({ backend: failingKeychain(DBUS_ERROR) }).status();
    expect(status).toMatchObject({ available: false, mode: 'keychain' });
    expect(status.reason).toMatch(/no D-Bus session/);
  });

  it('refuses to store a token and offers session-only mode', async () => {
    const failure = await failureOf(createVault({ backend: failingKeychain(DBUS_ERROR) }).setToken('a', 'token-a'));
    expect(failure.kind).toBe('KeychainUnavailable');
    expect(failure.message).toBe(
      "No Secret Service is reachable (no D-Bus session). Install and start gnome-keyring or KeePassXC's Secret Service, or use a session-only token. You can keep the token for this session only.",
    );
    expect(failure.appError).toMatchObject({ data: { sessionOnlyAvailable: true } });
  });

  it('refuses to read tokens or the data key too, rather than pretending none exist', async () => {
    const vault = createVault({ backend: failingKeychain(DBUS_ERROR) });
    expect((await failureOf(vault.getToken('a'))).kind).toBe('KeychainUnavailable');
    expect((await failureOf(vault.listTokenProfiles())).kind).toBe('KeychainUnavailable');
    expect((await failureOf(vault.getDataKey())).kind).toBe('KeychainUnavailable');
  });

  it('fails a token operation that hangs instead of waiting forever', async () => {
    const vault = createVault({ backend: hangingKeychain(), operationTimeoutMs: 50 });
    const failure = await failureOf(vault.setToken('a', 'token-a'));
    expect(failure.kind).toBe('KeychainUnavailable');
    expect(failure.message).toMatch(/did not answer/);
  });

  it('keeps tokens in memory after the user chooses session-only mode', async () => {
    const vault = createVault({ backend: failingKeychain(DBUS_ERROR) });
    vault.useSessionOnly();
    await vault.setToken('a', 'token-a');
    expect(await vault.getToken('a')).toBe('token-a');
    expect(await vault.hasToken('a')).toBe(true);
    expect(await vault.listTokenProfiles()).toEqual(['a']);
    await vault.deleteToken('a');
    expect(await vault.hasToken('a')).toBe(false);
  });

  it('reports session mode in its status', async () => {
    const vault = createVault({ backend: failingKeychain(DBUS_ERROR) });
    vault.useSessionOnly();
    expect(await vault.status()).toMatchObject({ available: false, mode: 'session' });
  });

  it('gives a memory-only data key in session mode, different in each session', async () => {
    const first = createVault({ backend: failingKeychain(DBUS_ERROR) });
    first.useSessionOnly();
    const second = createVault({ backend: failingKeychain(DBUS_ERROR) });
    second.useSessionOnly();
    const key = await first.getDataKey();
    expect(key.length).toBe(32);
    expect((await first.getDataKey()).equals(key)).toBe(true);
    expect((await second.getDataKey()).equals(key)).toBe(false);
  });

  it('does not touch the keychain in session mode even when it works', async () => {
    const keychain = memoryKeychain();
    const vault = createVault({ backend: keychain });
    vault.useSessionOnly();
    await vault.setToken('a', 'token-a');
    await vault.getDataKey();
    expect(keychain.entries.size).toBe(0);
  });
});
