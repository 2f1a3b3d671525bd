import { renameSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startRegistryApp, type RegistryApp } from '../../support/registry-app';

/**
 * The data folder moved away or deleted while the console runs (a cleanup script, an operator tidying their home
 * folder): SQLite keeps writing into the files it has open, which no longer have a name, so a save it answers is
 * lost at the next start. Each save must instead be refused in words, and work again once the folder is back.
 */

const running: RegistryApp[] = [];
afterEach(async () => {
  for (const one of running.splice(0)) await one.app.dispose();
});

const site = (name: string) => ({ name, baseUrl: 'http://127.0.0.1:9' });

describe('a data folder that vanishes while the console runs', () => {
  it('refuses a save with a sentence naming the folder, shows nothing as saved, and saves again once the folder is back', async () => {
    const first = await startRegistryApp('vanished-folder');
    running.push(first);
    await first.call('profiles.save', site('Site before'));
    const away = `${first.dataDir}-moved`;
    renameSync(first.dataDir, away);

    const refused = await first.registry.call('profiles.save', site('Site while gone'), { transport: 'test' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.kind).toBe('StorageUnavailable');
      expect(refused.error.message).toContain(first.dataDir);
    }
    expect((await first.call<{ profiles: Array<{ name: string }> }>('profiles.list')).profiles.map((p) => p.name)).toEqual(['Site before']);
    // The data folder's own status (the banner on Connect and About) says it too.
    expect(first.app.services.dataFolder.status()).toMatchObject({ writable: false });

    renameSync(away, first.dataDir);
    await first.call('profiles.save', site('Site after'));
    expect(first.app.services.dataFolder.status()).toMatchObject({ writable: true, problem: null });
    running.splice(0);
    await first.app.dispose();

    const again = await startRegistryApp('vanished-folder', first);
    running.push(again);
    expect((await again.call<{ profiles: Array<{ name: string }> }>('profiles.list')).profiles.map((p) => p.name).sort()).toEqual(['Site after', 'Site before']);
  });

  it('refuses a save once the folder was deleted, rather than answering it saved into a file that no longer exists', async () => {
    const first = await startRegistryApp('deleted-folder');
    running.push(first);
    await first.call('onboarding.saveTemplate', { name: 'Kept', values: {} });
    rmSync(first.dataDir, { recursive: true, force: true });
    const refused = await first.registry.call('onboarding.saveTemplate', { name: 'Lost', values: {} }, { transport: 'test' });
    expect(refused.ok ? 'answered saved' : refused.error.kind).toBe('StorageUnavailable');
    expect((await first.call<Array<{ name: string }>>('onboarding.templates')).map((t) => t.name)).toEqual(['Kept']);
  });
});
