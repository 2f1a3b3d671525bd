import { afterEach, describe, expect, it } from 'vitest';
import { createUpdateService, type Updater } from '../../../main/support/updates';
import { setLanguage } from '../../../main/shared/i18n';
import { locale, spoken } from '../../../renderer/lib/i18n.svelte';

/** A feed that offers something that is not a version: the failure is said whole in the language shown now. */
describe("an update feed's version that is not one", () => {
  afterEach(() => {
    setLanguage('en');
    locale.set('en');
  });

  it('is refused in words that follow a language switch, the version quoted as the feed wrote it', async () => {
    const updater: Updater = {
      checkForUpdates: async () => ({ updateInfo: { version: 'banana' } }),
      downloadUpdate: async () => undefined,
      quitAndInstall: () => undefined,
      on: () => undefined,
    };
    setLanguage('en');
    const updates = createUpdateService({ currentVersion: '0.1.0', feedUrl: async () => 'https://updates.example/', factory: async () => updater, onStatus: () => undefined });
    const status = await updates.check();
    expect(status).toMatchObject({ state: 'failed', message: 'Watchdesk could not check for or download the update: "banana" is not a version number.' });
    locale.set('ru');
    const russian = spoken(status as { message: string });
    expect(russian).toContain('banana');
    expect(russian.replace(/Watchdesk|banana/g, '')).not.toMatch(/[A-Za-z]{5,}/);
  });
});
