import { afterEach, describe, expect, it } from 'vitest';
import { describeKeychainError, KeychainTimeoutError } from '../../../main/secrets/keychain-probe';
import { createVault } from '../../../main/secrets/vault';
import { decrypt } from '../../../main/secrets/crypto';
import { setLanguage } from '../../../main/shared/i18n';
import { isAppFailure } from '../../../main/shared/app-failure';
import { failingKeychain } from '../../support/fake-keychain';

/** Main's own sentences (not the contract's field errors) follow the language the console chose. */
describe("main's sentences in both languages", () => {
  afterEach(() => setLanguage('en'));

  it('explains a locked keyring in English and in Russian', () => {
    const locked = new Error('Cannot create an item in a locked collection');
    expect(describeKeychainError(locked)).toMatch(/^The keyring is locked\./);
    setLanguage('ru');
    expect(describeKeychainError(locked)).toMatch(/^Связка ключей заблокирована\./);
  });

  it('counts the keychain timeout with the right Russian plural', () => {
    setLanguage('ru');
    expect(describeKeychainError(new KeychainTimeoutError(1000))).toMatch(/за 1 секунду /);
    expect(describeKeychainError(new KeychainTimeoutError(3000))).toMatch(/за 3 секунды /);
    expect(describeKeychainError(new KeychainTimeoutError(30_000))).toMatch(/за 30 секунд /);
  });

  it('says why the vault refuses a token, in Russian, with the Russian field error', async () => {
    setLanguage('ru');
    const vault = createVault({ backend: failingKeychain('Cannot autolaunch D-Bus without X11 $DISPLAY') });
    const unavailable = await vault.setToken('p1', 'secret-token').catch((error: unknown) => error);
    expect(isAppFailure(unavailable) && unavailable.message).toBe(
      'Служба Secret Service недоступна (нет сеанса D-Bus). Установите и запустите gnome-keyring или Secret Service в KeePassXC либо используйте токен только на этот сеанс. Токен можно сохранить только на этот сеанс.',
    );
    const empty = await vault.setToken('p1', '  ').catch((error: unknown) => error);
    expect(isAppFailure(empty) && empty.appError).toMatchObject({ message: 'Токен пустой.', fieldErrors: { token: ['Вставьте API-токен доступа.'] } });
  });

  it('says an unreadable encrypted file in the current language', () => {
    const key = Buffer.alloc(32, 7);
    const read = () => {
      try {
        decrypt(key, Buffer.from('short'));
        return null;
      } catch (error) {
        return isAppFailure(error) ? error.message : String(error);
      }
    };
    expect(read()).toBe('The encrypted file could not be read (wrong key or damaged).');
    setLanguage('ru');
    expect(read()).toBe('Не удалось прочитать зашифрованный файл (другой ключ или файл повреждён).');
  });
});
