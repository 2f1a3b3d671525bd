import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVault } from '../../../main/secrets/vault';
import { log } from '../../../main/shared/log';
import { memoryKeychain } from '../../support/fake-keychain';

beforeAll(() => log.setQuiet(true));
afterAll(() => log.setQuiet(false));

/**
 * A keychain whose reads see the value at the moment they are queued but answer only when released, as a read queued
 * behind other keytar calls does.
 */
function slowReadKeychain() {
  const inner = memoryKeychain();
  const held: Array<() => void> = [];
  return {
    ...inner,
    entries: inner.entries,
    async get(service: string, account: string) {
      const value = await inner.get(service, account);
      await new Promise<void>((resolve) => held.push(resolve));
      return value;
    },
    /** Lets every held read answer. */
    release() {
      for (const resolve of held.splice(0)) resolve();
    },
    get heldReads() {
      return held.length;
    },
  };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 1));
}

describe('the vault’s token cache', () => {
  it('does not bring a deleted token back when a read started before the delete finishes after it', async () => {
    const keychain = slowReadKeychain();
    keychain.entries.set('svc\u0000token:p1', 'old-token');
    const vault = createVault({ service: 'svc', backend: keychain });

    const earlyRead = vault.getToken('p1');
    await until(() => keychain.heldReads === 1);
    await vault.deleteToken('p1');
    keychain.release();
    await earlyRead;

    const laterRead = vault.getToken('p1');
    await until(() => keychain.heldReads === 1);
    keychain.release();
    expect(await laterRead).toBeNull();
  });

  it('does not put the old token back over a replacement made while a read was waiting', async () => {
    const keychain = slowReadKeychain();
    keychain.entries.set('svc\u0000token:p1', 'old-token');
    const vault = createVault({ service: 'svc', backend: keychain });

    const earlyRead = vault.getToken('p1');
    await until(() => keychain.heldReads === 1);
    await vault.setToken('p1', 'new-token');
    keychain.release();
    await earlyRead;

    expect(await vault.getToken('p1')).toBe('new-token');
  });
});
