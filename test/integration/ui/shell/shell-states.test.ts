import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../../support/dbus';
import { startRegistryApp, type RegistryApp } from '../../../support/registry-app';
import { registryBridge } from '../../../support/registry-bridge';
import type { Bridge } from '../../../../preload/contract';
import type { Language } from '../../../../preload/contract/messages';
import { ShellState } from '../../../../renderer/lib/shell-state.svelte';
import { LanguageState } from '../../../../renderer/lib/language-state.svelte';

/** The page's language choice without touching the page-wide one (other files share this process). */
function screenLanguage(language: Language) {
  return {
    language,
    set(next: Language) {
      this.language = next;
    },
  };
}

describe.skipIf(!hasDbus)('the shell states over the real main process', () => {
  let registryApp: RegistryApp;
  let api: Bridge;
  beforeEach(async () => {
    registryApp = await startRegistryApp('shell-states');
    api = registryBridge(registryApp);
  });
  afterEach(async () => {
    await api.app.setLanguage({ language: 'en' });
    await registryApp.app.dispose();
  });

  it('counts the updates the host says were missed, and a reload of the screen starts it afresh', () => {
    const shell = new ShellState(api);
    const stop = shell.connect();
    registryApp.app.services.events.emit('events.resync', { dropped: 1200 });
    registryApp.app.services.events.emit('events.resync', { dropped: 30 });
    expect(shell.missedUpdates).toBe(1230);

    const generation = shell.screenGeneration;
    shell.reloadScreen();
    expect(shell.missedUpdates).toBe(0);
    expect(shell.screenGeneration).toBe(generation + 1);

    stop();
    registryApp.app.services.events.emit('events.resync', { dropped: 5 });
    expect(shell.missedUpdates).toBe(0);
  });

  it('main answers in the language chosen on screen', async () => {
    const language = new LanguageState(api, screenLanguage('en'));
    expect(await language.tellMain()).toBe(true);
    const english = await api.support.installUpdate();
    expect(english.ok ? null : english.error.message).toMatch(/^[^а-яё]+$/i);

    language.choose('ru');
    expect(language.language).toBe('ru');
    expect(await language.tellMain()).toBe(true);
    const russian = await api.support.installUpdate();
    expect(russian.ok ? null : russian.error.message).toMatch(/[а-яё]/i);
  });
});
