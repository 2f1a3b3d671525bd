import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../main/app/create-app';
import { createRegistry } from '../../../main/ipc/registry';
import { createVault } from '../../../main/secrets/vault';
import { startSimulator } from '../../../main/simulator';
import { memoryKeychain } from '../../support/fake-keychain';

describe('the connection test summary follows the worst step', () => {
  it('a server saved with no token is "incomplete" (HTTP answered 401), with a token it "works", with a refused one it "failed"', async () => {
    const simulator = await startSimulator({ seed: 3 });
    const dataDir = mkdtempSync(join(tmpdir(), 'wd-outcome-'));
    const app = await createApp({ dataDir, demo: false, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null }, vault: createVault({ service: 'wd-outcome', backend: memoryKeychain() }) });
    const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
    const call = (channel: string, input?: unknown) => registry.call(channel, input, { transport: 'test' }) as Promise<{ ok: boolean; value: { id: string; outcome: string } }>;
    try {
      const { id } = (await call('profiles.save', { name: 'Sim', baseUrl: simulator.baseUrl })).value;
      expect((await call('profiles.test', { id })).value.outcome).toBe('incomplete');
      await call('profiles.setToken', { id, token: simulator.apiToken });
      expect((await call('profiles.test', { id })).value.outcome).toBe('works');
      await call('profiles.setToken', { id, token: 'not-the-right-token-123' });
      expect((await call('profiles.test', { id })).value.outcome).toBe('failed');
    } finally {
      await app.dispose();
      await simulator.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
