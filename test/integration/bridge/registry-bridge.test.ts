import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../support/dbus';
import { startRegistryApp, type RegistryApp } from '../../support/registry-app';
import { registryBridge } from '../../support/registry-bridge';

describe.skipIf(!hasDbus)('the renderer api over the real composition root (what state-class tests inject)', () => {
  let registryApp: RegistryApp;
  beforeEach(async () => {
    registryApp = await startRegistryApp('registry-bridge');
  });
  afterEach(async () => {
    await registryApp.app.dispose();
  });

  it('answers a call with the value main gives the page', async () => {
    const api = registryBridge(registryApp);
    const info = await api.app.info();
    expect(info.ok && info.value.host).toBe('web');
  });

  it('answers a call whose signal was aborted first as cancelled, without calling main', async () => {
    const api = registryBridge(registryApp);
    const controller = new AbortController();
    controller.abort();
    const answer = await api.app.info(undefined, { signal: controller.signal });
    expect(answer.ok ? null : answer.error.kind).toBe('Cancelled');
  });
});
