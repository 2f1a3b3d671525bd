import { hasDbus } from '../../support/dbus';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSealer } from '../../../main/storage';
import { keytarBackend } from '../../../main/secrets/keychain-backend';
import { probeKeychain } from '../../../main/secrets/keychain-probe';
import { createVault } from '../../../main/secrets/vault';

/**
 * The vault against a real Secret Service: gnome-keyring in a private D-Bus session, started by
 * scripts/with-keyring.sh (the project's test command always runs inside it).
 */
if (!hasDbus) {
  console.warn(
    'Skipping the real-keychain tests: DBUS_SESSION_BUS_ADDRESS is not set. Run them with ' +
      'scripts/with-keyring.sh npx vitest run test/integration/secrets',
  );
}

describe.skipIf(!hasDbus)('vault on a real Secret Service', () => {
  const service = `watchdesk-test-${randomBytes(6).toString('hex')}`;
  const backend = keytarBackend();
  const vault = createVault({ service, backend });

  afterAll(async () => {
    for (const account of await backend.findAccounts(service)) await backend.delete(service, account);
  });

  it('probes the keychain as available', async () => {
    expect(await probeKeychain(backend, { service })).toEqual({ available: true, backend: 'Secret Service (libsecret)' });
  });

  it('reports keychain mode in the status', async () => {
    expect(await vault.status()).toEqual({ available: true, backend: 'Secret Service (libsecret)', mode: 'keychain' });
  });

  it('stores a token and reads it back', async () => {
    await vault.setToken('profile-a', 'api-token-a-0001');
    expect(await vault.getToken('profile-a')).toBe('api-token-a-0001');
    expect(await vault.hasToken('profile-a')).toBe(true);
  });

  it('replaces a stored token', async () => {
    await vault.setToken('profile-b', 'first-token');
    await vault.setToken('profile-b', 'second-token');
    expect(await vault.getToken('profile-b')).toBe('second-token');
    expect((await backend.findAccounts(service)).filter((a) => a === 'token:profile-b')).toHaveLength(1);
  });

  it('deletes a token', async () => {
    await vault.setToken('profile-c', 'to-be-deleted');
    await vault.deleteToken('profile-c');
    expect(await vault.getToken('profile-c')).toBeNull();
    await vault.deleteToken('profile-c');
  });

  it('lists the profiles that have tokens', async () => {
    await vault.setToken('profile-d', 'token-d');
    await vault.setToken('profile-e', 'token-e');
    const listed = await vault.listTokenProfiles();
    expect(listed).toEqual(expect.arrayContaining(['profile-d', 'profile-e']));
    expect(listed).not.toContain('data-key');
    expect(listed).not.toContain('probe');
  });

  it('keeps a token visible to a second vault instance', async () => {
    await vault.setToken('profile-f', 'shared-token');
    expect(await createVault({ service, backend: keytarBackend() }).getToken('profile-f')).toBe('shared-token');
  });

  it('keeps the data key across two vault instances', async () => {
    const first = await createVault({ service, backend: keytarBackend() }).getDataKey();
    const second = await createVault({ service, backend: keytarBackend() }).getDataKey();
    expect(first.length).toBe(32);
    expect(second.equals(first)).toBe(true);
    expect(await backend.get(service, 'data-key')).toBe(first.toString('base64'));
  });

  it('lets a new vault instance open a value sealed by another', async () => {
    const schema = z.object({ secret: z.string() });
    const writer = createVault({ service, backend: keytarBackend() });
    const sealed = createSealer(await writer.getDataKey()).sealJson({ secret: 'onvif-pass' }, 'outbox:1');
    const reader = createVault({ service, backend: keytarBackend() });
    expect(createSealer(await reader.getDataKey()).openJson(sealed, 'outbox:1', schema, 'the outbox')).toEqual({
      secret: 'onvif-pass',
    });
  });
});
