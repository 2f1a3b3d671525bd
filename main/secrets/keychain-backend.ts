import { createSerialQueue } from '../shared/serial-queue';

/**
 * The OS keychain as the vault sees it: four operations on (service, account) entries. The real one is keytar
 * (libsecret / macOS Keychain / Windows Credential Manager); tests may pass an in-memory one.
 */
export interface KeychainBackend {
  /** Human name of the store behind it, shown in the keychain status; defaults to the platform's keychain name. */
  readonly name?: string;
  get(service: string, account: string): Promise<string | null>;
  set(service: string, account: string, secret: string): Promise<void>;
  /** True when an entry was deleted, false when there was none. */
  delete(service: string, account: string): Promise<boolean>;
  findAccounts(service: string): Promise<string[]>;
}

interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

/** The name of the platform's keychain, as people know it. */
export function platformKeychainName(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'macOS Keychain';
  if (platform === 'win32') return 'Windows Credential Manager';
  return 'Secret Service (libsecret)';
}

/** Raised when keytar's native module cannot be loaded at all (missing build, wrong ABI, missing libsecret). */
export class KeytarLoadError extends Error {
  constructor(cause: unknown) {
    super(`The keychain module could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'KeytarLoadError';
  }
}

/**
 * keytar runs each call on a worker thread, and libsecret is not safe to use from several at once: concurrent calls
 * (a status probe beside a token read) crash the process with SIGSEGV (atom/node-keytar#283, #477). Every keytar call
 * in the process therefore goes through this one queue.
 */
const keytarQueue = createSerialQueue();
const serialised = <T>(call: () => Promise<T>): Promise<T> => keytarQueue.run(call);

/**
 * The keytar-backed keychain. keytar is a native module, so it is imported on first use: if it fails to load, each
 * call rejects with KeytarLoadError (which the probe turns into an "unavailable" status) instead of the app crashing
 * at start-up.
 */
export function keytarBackend(): KeychainBackend {
  let loading: Promise<KeytarModule> | null = null;
  const load = (): Promise<KeytarModule> => {
    loading ??= import('keytar').then(
      (mod) => ((mod as { default?: KeytarModule }).default ?? (mod as unknown as KeytarModule)),
      (error: unknown) => {
        throw new KeytarLoadError(error);
      },
    );
    return loading;
  };
  return {
    name: platformKeychainName(),
    async get(service, account) {
      const keytar = await load();
      return serialised(() => keytar.getPassword(service, account));
    },
    async set(service, account, secret) {
      const keytar = await load();
      await serialised(() => keytar.setPassword(service, account, secret));
    },
    async delete(service, account) {
      const keytar = await load();
      return serialised(() => keytar.deletePassword(service, account));
    },
    async findAccounts(service) {
      const keytar = await load();
      const credentials = await serialised(() => keytar.findCredentials(service));
      return credentials.map((c) => c.account);
    },
  };
}
