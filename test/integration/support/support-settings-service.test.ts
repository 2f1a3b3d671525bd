import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSupportSettingsService } from '../../../main/about/support-settings-service';
import { createScheduledUpdates } from '../../../main/about/update-schedule';
import { hasDbus } from '../../support/dbus';
import { startRegistryApp, type RegistryApp } from '../../support/registry-app';

describe.skipIf(!hasDbus)('the support settings service', () => {
  let registryApp: RegistryApp;
  beforeEach(async () => {
    registryApp = await startRegistryApp('support-settings');
  });
  afterEach(async () => {
    await registryApp.app.dispose();
  });

  it('saves the level and the feed, tells of a changed feed once, and keeps both across a restart', async () => {
    let feedChanges = 0;
    const settings = createSupportSettingsService(registryApp.app.services, async () => void (feedChanges += 1));
    const saved = await settings.save({ logLevel: 'debug', updateFeedUrl: 'https://updates.example.test/watchdesk/' });
    expect(saved).toMatchObject({ logLevel: 'debug', updateFeedUrl: 'https://updates.example.test/watchdesk/' });
    expect(feedChanges).toBe(1);
    // The same feed again is no change to tell.
    await settings.save({ logLevel: 'warn', updateFeedUrl: 'https://updates.example.test/watchdesk/' });
    expect(feedChanges).toBe(1);

    const { dataDir, keychainService } = registryApp;
    await registryApp.app.dispose();
    registryApp = await startRegistryApp('support-settings', { dataDir, keychainService });
    const again = createSupportSettingsService(registryApp.app.services, async () => undefined);
    expect(await again.view()).toMatchObject({ logLevel: 'warn', updateFeedUrl: 'https://updates.example.test/watchdesk/' });
    // An empty feed is "none".
    expect((await again.save({ logLevel: 'info', updateFeedUrl: '' })).updateFeedUrl).toBeNull();
  });

  it('schedules no update check where updates cannot be installed (the web host), and says so in the view', async () => {
    const scheduled = createScheduledUpdates(registryApp.app.services);
    try {
      const settings = createSupportSettingsService(registryApp.app.services, () => scheduled.updates.feedChanged());
      expect((await settings.view()).updatesSupported).toBe(false);
      expect((await scheduled.updates.status()).state).toBe('unsupported');
    } finally {
      scheduled.dispose();
    }
  });
});
