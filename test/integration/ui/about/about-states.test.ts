import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../../support/dbus';
import { lateAnswer } from '../../../support/late-answer';
import { startRegistryApp, type RegistryApp } from '../../../support/registry-app';
import { registryBridge } from '../../../support/registry-bridge';
import type { Bridge } from '../../../../preload/contract';
import { AboutState, supportText } from '../../../../renderer/features/about/about-state.svelte';
import { SupportSettingsState } from '../../../../renderer/features/about/support-settings-state.svelte';
import { DiagnosticsState } from '../../../../renderer/features/about/diagnostics-state.svelte';
import { UpdatesState } from '../../../../renderer/features/about/updates-state.svelte';

// The About screen's states with the page's api over the real composition root (web host: no updater, no file dialog).
describe.skipIf(!hasDbus)('About states over the real main process', () => {
  let registryApp: RegistryApp;
  let api: Bridge;
  beforeEach(async () => {
    registryApp = await startRegistryApp('about-states');
    api = registryBridge(registryApp);
  });
  afterEach(async () => {
    await registryApp.app.dispose();
  });

  it('shows the facts and the support settings, and the text for a ticket names the keychain', async () => {
    const about = new AboutState(api);
    await about.load();
    expect(about.error).toBeNull();
    expect(about.info).toMatchObject({ host: 'web', electronVersion: null, keychain: { available: true } });
    expect(about.info?.storage.path).toBe(registryApp.dataDir);
    expect(about.support).toMatchObject({ logLevel: 'info', updatesSupported: false, savesThroughDialog: false, updateFeedUrl: null });
    const text = supportText(about.info!);
    expect(text).toContain(`node: ${process.versions.node}`);
    expect(text).toMatch(/^keychain: available, /m);
  });

  it('saves the log level and shows what main now answers; a feed that is not a link is refused at its field', async () => {
    const about = new AboutState(api);
    await about.load();
    const edit = new SupportSettingsState(api);
    edit.show(about.support!);
    expect(edit.feed).toBe('');

    edit.logLevel = 'debug';
    const saved = await edit.save();
    expect(saved?.logLevel).toBe('debug');
    about.settingsSaved(saved!);
    expect(about.support?.logLevel).toBe('debug');
    await about.load();
    expect(about.support?.logLevel).toBe('debug');

    edit.feed = 'not a link';
    expect(await edit.save()).toBeNull();
    expect(edit.form.errors.updateFeedUrl).toMatch(/\S/);
    expect(edit.form.busy).toBe(false);

    // A feed with a name and password in it would be written to the diagnostics file: refused too.
    edit.feed = 'https://user:secret@updates.example.org/';
    expect(await edit.save()).toBeNull();
    expect(edit.form.errors.updateFeedUrl).toMatch(/\S/);

    // The process's log level is shared with the files that run after this one.
    edit.logLevel = 'info';
    edit.feed = '';
    expect((await edit.save())?.logLevel).toBe('info');
  });

  it('a feed saved by the operator is shown typed the next time the form opens', async () => {
    const edit = new SupportSettingsState(api);
    edit.feed = ' https://updates.example.org/watchdesk/ ';
    const saved = await edit.save();
    expect(saved?.updateFeedUrl).toBe('https://updates.example.org/watchdesk/');
    const again = new SupportSettingsState(api);
    again.show(saved!);
    expect(again.feed).toBe('https://updates.example.org/watchdesk/');
  });

  it('exports the diagnostics file as a download in a browser, not busy once it is there', async () => {
    const diagnostics = new DiagnosticsState(api);
    const pending = diagnostics.export();
    expect(diagnostics.busy).toBe(true);
    const outcome = await pending;
    expect(diagnostics.busy).toBe(false);
    expect(diagnostics.error).toBeNull();
    expect(outcome?.kind).toBe('download');
    if (outcome?.kind !== 'download') return;
    expect(outcome.fileName).toMatch(/\.json$/);
    expect(JSON.parse(outcome.text)).toBeTypeOf('object');
  });

  it('follows the update status main pushes, and says why there is nothing to install', async () => {
    const updates = new UpdatesState(api);
    const stop = updates.connect();
    await expect.poll(() => updates.status).toEqual({ state: 'unsupported' });

    registryApp.app.services.events.emit('support.update', { state: 'downloading', version: '0.2.0', percent: 40 });
    expect(updates.status).toEqual({ state: 'downloading', version: '0.2.0', percent: 40 });

    await updates.check();
    expect(updates.busy).toBe(false);
    expect(updates.status).toEqual({ state: 'unsupported' });

    await updates.install();
    expect(updates.error?.kind).toBe('Conflict');
    expect(updates.error?.message).toMatch(/\S/);

    stop();
    registryApp.app.services.events.emit('support.update', { state: 'ready', version: '0.2.0' });
    expect(updates.status).toEqual({ state: 'unsupported' });
  });

  it('a status pushed while the first read is on its way is not undone by that read’s older answer', async () => {
    // The read reaches the page only after a later push.
    const status = lateAnswer(api.support.updateStatus);
    status.hold();
    const slow: typeof api = { ...api, support: { ...api.support, updateStatus: status.call } };
    const updates = new UpdatesState(slow);
    const stop = updates.connect();
    registryApp.app.services.events.emit('support.update', { state: 'ready', version: '0.2.0' });
    status.letGo();
    await expect.poll(() => status.answered).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(updates.status).toEqual({ state: 'ready', version: '0.2.0' });
    stop();
  });
});
