import type { KeychainBackend } from '../../main/secrets/keychain-backend';

/** An in-memory keychain for unit tests; the real one is covered by the integration tests. */
export function memoryKeychain(): KeychainBackend & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  const key = (service: string, account: string) => `${service}\u0000${account}`;
  return {
    name: 'Test keychain',
    entries,
    async get(service, account) {
      return entries.get(key(service, account)) ?? null;
    },
    async set(service, account, secret) {
      entries.set(key(service, account), secret);
    },
    async delete(service, account) {
      return entries.delete(key(service, account));
    },
    async findAccounts(service) {
      return [...entries.keys()].filter((k) => k.startsWith(`${service}\u0000`)).map((k) => k.split('\u0000')[1]!);
    },
  };
}

/**
 * A keychain whose every call fails (as keytar would on a broken system): with `new Error(message)` for a string,
 * or with the given error itself (e.g. a KeytarLoadError).
 */
export function failingKeychain(failure: string | Error): KeychainBackend {
  const fail = async (): Promise<never> => {
    throw typeof failure === 'string' ? new Error(failure) : failure;
  };
  return { name: 'Test keychain', get: fail, set: fail, delete: fail, findAccounts: fail };
}

/** A keychain that never answers, like one waiting on an unlock prompt nobody sees. */
export function hangingKeychain(): KeychainBackend {
  const hang = (): Promise<never> => new Promise(() => undefined);
  return { name: 'Test keychain', get: hang, set: hang, delete: hang, findAccounts: hang };
}
