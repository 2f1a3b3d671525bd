import { afterEach, describe, expect, it } from 'vitest';
import { createVault } from '../../../main/secrets/vault';
import { setLanguage } from '../../../main/shared/i18n';
import { locale, spoken } from '../../../renderer/lib/i18n.svelte';
import { failingKeychain, hangingKeychain } from '../../support/fake-keychain';
import { failureOf } from '../../support/failure';

/** A keychain refusal made while the console spoke English, read after a switch: its reason follows the sentence. */
describe("the keychain's reason inside its failure", () => {
  afterEach(() => {
    setLanguage('en');
    locale.set('en');
  });

  it.each([
    ['no D-Bus session', () => createVault({ backend: failingKeychain('Cannot autolaunch D-Bus without X11 $DISPLAY') })],
    ['a keychain that hangs', () => createVault({ backend: hangingKeychain(), operationTimeoutMs: 50 })],
  ])('%s', async (_name, vault) => {
    setLanguage('en');
    const failure = await failureOf(vault().setToken('a', 'token-a'));
    expect(failure.kind).toBe('KeychainUnavailable');
    locale.set('ru');
    const russian = spoken(failure.appError);
    expect(russian).not.toBe(failure.message);
    expect(russian.replace(/Secret Service|D-Bus|gnome-keyring|KeePassXC/g, '')).not.toMatch(/[A-Za-z]{5,}/);
  });
});
