import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type WatchdeskApp } from '../../../main/app/create-app';
import { createRegistry } from '../../../main/ipc/registry';
import { createVault } from '../../../main/secrets/vault';
import { memoryKeychain } from '../../support/fake-keychain';
import { addressMovesToken } from '../../../preload/contract/wire/profile';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('a token is bound to the origin it was saved for', () => {
  let app: WatchdeskApp;
  let dataDir: string;
  let call: (channel: string, input?: unknown) => Promise<{ ok: boolean; value?: unknown; error?: unknown }>;
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wd-origin-'));
    app = await createApp({ dataDir, demo: false, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null }, vault: createVault({ service: 'wd-origin', backend: memoryKeychain() }) });
    const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
    call = (channel, input) => registry.call(channel, input, { transport: 'test' }) as never;
  });
  afterEach(async () => {
    await app.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function saved(baseUrl: string): Promise<string> {
    const result = await call('profiles.save', { name: 'Site', baseUrl, token: 'api-token-origin-1234' });
    return (result.value as { id: string }).id;
  }

  for (const [label, next] of [
    ['https -> http', 'http://vms.example.com'],
    ['another host', 'https://other.example.com'],
    ['another port', 'https://vms.example.com:8443'],
  ] as const) {
    it(`clears the token when the address changes ${label}`, async () => {
      const id = await saved('https://vms.example.com');
      const result = await call('profiles.save', { id, name: 'Site', baseUrl: next });
      expect(result).toMatchObject({ ok: true, value: { tokenSource: 'none' } });
      expect(await app.services.vault.getToken(id)).toBeNull();
    });
  }

  it('keeps the token when only the path changes, and takes a new token given with the new address', async () => {
    const id = await saved('https://vms.example.com');
    await call('profiles.save', { id, name: 'Site', baseUrl: 'https://vms.example.com/platform' });
    expect(await app.services.vault.getToken(id)).toBe('api-token-origin-1234');
    await call('profiles.save', { id, name: 'Site', baseUrl: 'https://new.example.com', token: 'api-token-new-5678' });
    expect(await app.services.vault.getToken(id)).toBe('api-token-new-5678');
  });

  it('tells the form before saving (pure rule shared with the renderer)', () => {
    expect(addressMovesToken('https://a.example.com', 'https://a.example.com/x/')).toBe(false);
    expect(addressMovesToken('https://a.example.com', 'https://a.example.com:443')).toBe(false);
    expect(addressMovesToken('https://a.example.com', 'http://a.example.com')).toBe(true);
    expect(addressMovesToken('https://a.example.com', 'not an address')).toBe(false);
  });
});
