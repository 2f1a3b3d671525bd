import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../../support/dbus';
import { startRegistryApp, type RegistryApp } from '../../../support/registry-app';
import { registryBridge } from '../../../support/registry-bridge';
import { UpdatesState } from '../../../../renderer/features/about/updates-state.svelte';

describe.skipIf(!hasDbus)('the update status after the page missed events', () => {
  let registryApp: RegistryApp;
  beforeEach(async () => {
    registryApp = await startRegistryApp('updates-resync');
  });
  afterEach(async () => {
    await registryApp.app.dispose();
  });

  it('is read again when the page’s events fell behind (the push it missed may have been the last one)', async () => {
    const updates = new UpdatesState(registryBridge(registryApp));
    const stop = updates.connect();
    try {
      await expect.poll(() => updates.status).toEqual({ state: 'unsupported' });
      // What the page last heard: a download under way. The pushes after it were dropped (a page that stopped reading).
      registryApp.app.services.events.emit('support.update', { state: 'downloading', version: '0.2.0', percent: 40 });
      expect(updates.status).toMatchObject({ state: 'downloading' });
      registryApp.app.services.events.emit('events.resync', { dropped: 3 });
      // Main's status as it is now, not the download the page last heard of.
      await expect.poll(() => updates.status).toEqual({ state: 'unsupported' });
    } finally {
      stop();
    }
  });
});
