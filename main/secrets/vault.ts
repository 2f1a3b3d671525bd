import { randomBytes } from 'node:crypto';
import type { VaultStatusView } from '../../preload/contract/connect';
import { AppFailure } from '../shared/app-failure';
import { said, say, t } from '../shared/i18n';
import { log } from '../shared/log';
import { DATA_KEY_LENGTH } from './crypto';
import { keytarBackend, platformKeychainName, type KeychainBackend } from './keychain-backend';
import { keychainErrorSaid, probeKeychain, withTimeout } from './keychain-probe';

/** What the Connect screen is told about the vault: the keychain probe and where tokens are kept. */
export type VaultStatus = VaultStatusView;
export type VaultMode = VaultStatus['mode'];

export interface Vault {
  /** What the keychain can do right now (a fresh probe) and where tokens are kept. */
  status(): Promise<VaultStatus>;
  /**
   * The user's explicit choice to keep tokens in memory until the app quits. Never a plaintext file; the app does not
   * switch to this on its own.
   */
  useSessionOnly(): void;
  /** Where tokens are kept right now; known without asking the keychain. */
  readonly mode: VaultMode;
  /** Stores (or replaces) the platform API token of a profile. Throws KeychainUnavailable when it cannot. */
  setToken(profileId: string, token: string): Promise<void>;
  /** The platform API token of a profile, or null. Main process only: never hand this to the renderer. */
  getToken(profileId: string): Promise<string | null>;
  /**
   * Forgets the memory copy of a profile's token, so the next read asks the keychain again: after a server refused the
   * token, a token replaced in the keychain meanwhile (another console, an administrator's tool) is picked up without
   * a person.
   */
  rereadToken(profileId: string): void;
  hasToken(profileId: string): Promise<boolean>;
  /** Removes a profile's token; no error when there was none. */
  deleteToken(profileId: string): Promise<void>;
  /** Ids of the profiles that have a stored token. */
  listTokenProfiles(): Promise<string[]>;
  /**
   * The 32-byte key that encrypts secrets at rest, created on first use and kept in the keychain (account
   * `data-key`). In session mode it lives in memory only, so files encrypted during such a session cannot be read
   * after a restart.
   */
  getDataKey(): Promise<Buffer>;
}

export interface VaultOptions {
  /** Keychain service name; tests use a unique one per run. */
  service?: string;
  backend?: KeychainBackend;
  /** Time limit for the status probe. */
  probeTimeoutMs?: number;
  /** Time limit for a token operation; longer than the probe because the OS may show an unlock prompt. */
  operationTimeoutMs?: number;
}

const TOKEN_PREFIX = 'token:';
const DATA_KEY_ACCOUNT = 'data-key';

/**
 * The app's secrets: platform API tokens (one per server profile, account `token:<profileId>`) and the data key.
 * Backed by the OS keychain; when that is unavailable, every operation fails with KeychainUnavailable until the user
 * chooses session-only mode.
 */
export function createVault(options: VaultOptions = {}): Vault {
  const service = options.service ?? 'watchdesk';
  const backend = options.backend ?? keytarBackend();
  const probeTimeoutMs = options.probeTimeoutMs ?? 3000;
  const operationTimeoutMs = options.operationTimeoutMs ?? 30_000;
  const backendName = backend.name ?? platformKeychainName();

  let mode: VaultMode = 'keychain';
  const sessionTokens = new Map<string, string>();
  const keychainTokens = new Map<string, string | null>();
  /**
   * Bumped by every setToken and deleteToken of a profile. A read that started before a change finishes after it
   * with the old value; it may return that value to its caller but must not cache it over the change.
   */
  const tokenGenerations = new Map<string, number>();
  const generationOf = (profileId: string): number => tokenGenerations.get(profileId) ?? 0;
  const bumpGeneration = (profileId: string): void => void tokenGenerations.set(profileId, generationOf(profileId) + 1);
  let dataKey: Promise<Buffer> | null = null;

  /** Runs a keychain call; any failure becomes KeychainUnavailable with a sentence naming the fix. */
  async function keychain<T>(action: string, call: () => Promise<T>): Promise<T> {
    try {
      return await withTimeout(call(), operationTimeoutMs);
    } catch (error) {
      if (error instanceof AppFailure) throw error;
      const reason = keychainErrorSaid(error);
      log.warn('vault', `${action} failed: ${say(reason)}`);
      throw new AppFailure('KeychainUnavailable', said('errors.vault.unavailable', { reason }), {
        details: `${backendName}: ${action}`,
        data: { sessionOnlyAvailable: true },
      });
    }
  }

  function checkProfileId(profileId: string): void {
    if (typeof profileId !== 'string' || profileId.trim() === '') {
      throw new AppFailure('Validation', said('errors.vault.noProfile'), {
        fieldErrors: { profileId: [t('validation.common.profileRequired')] },
      });
    }
  }

  async function loadDataKey(): Promise<Buffer> {
    if (mode === 'session') return randomBytes(DATA_KEY_LENGTH);
    const stored = await keychain('reading the data key', () => backend.get(service, DATA_KEY_ACCOUNT));
    if (stored !== null) return decodeDataKey(stored);
    const fresh = randomBytes(DATA_KEY_LENGTH).toString('base64');
    log.redact(fresh);
    await keychain('storing the data key', () => backend.set(service, DATA_KEY_ACCOUNT, fresh));
    // Read back: if another instance created a key at the same moment, both settle on the one that was kept.
    const kept = await keychain('reading the data key', () => backend.get(service, DATA_KEY_ACCOUNT));
    return decodeDataKey(kept ?? fresh);
  }

  async function getToken(profileId: string): Promise<string | null> {
    checkProfileId(profileId);
    if (mode === 'session') return sessionTokens.get(profileId) ?? null;
    // The platform client asks for the token on every request; a batch of a thousand must not mean a thousand
    // keychain round trips. The keychain stays the only place the token is stored; this copy lives as long as the app.
    const cached = keychainTokens.get(profileId);
    if (cached !== undefined) return cached;
    const generation = generationOf(profileId);
    const token = await keychain('reading a token', () => backend.get(service, TOKEN_PREFIX + profileId));
    if (token !== null) log.redact(token);
    if (generationOf(profileId) === generation) keychainTokens.set(profileId, token);
    return token;
  }

  return {
    async status() {
      const probe = await probeKeychain(backend, { service, timeoutMs: probeTimeoutMs });
      return { ...probe, mode };
    },

    get mode() {
      return mode;
    },

    useSessionOnly() {
      if (mode === 'session') return;
      mode = 'session';
      log.info('vault', 'Session-only mode chosen: tokens stay in memory until the app quits.');
    },

    async setToken(profileId, token) {
      checkProfileId(profileId);
      const value = typeof token === 'string' ? token.trim() : '';
      if (value === '') {
        throw new AppFailure('Validation', said('errors.vault.tokenEmpty'), { fieldErrors: { token: [t('validation.connect.tokenRequired')] } });
      }
      log.redact(value);
      if (mode === 'session') {
        sessionTokens.set(profileId, value);
        return;
      }
      bumpGeneration(profileId);
      keychainTokens.delete(profileId);
      await keychain('storing a token', () => backend.set(service, TOKEN_PREFIX + profileId, value));
      bumpGeneration(profileId);
      keychainTokens.set(profileId, value);
    },

    getToken,

    rereadToken(profileId) {
      if (mode === 'session') return;
      bumpGeneration(profileId);
      keychainTokens.delete(profileId);
    },

    async hasToken(profileId) {
      return (await getToken(profileId)) !== null;
    },

    async deleteToken(profileId) {
      checkProfileId(profileId);
      if (mode === 'session') {
        sessionTokens.delete(profileId);
        return;
      }
      bumpGeneration(profileId);
      keychainTokens.delete(profileId);
      await keychain('deleting a token', () => backend.delete(service, TOKEN_PREFIX + profileId));
      bumpGeneration(profileId);
    },

    async listTokenProfiles() {
      if (mode === 'session') return [...sessionTokens.keys()];
      const accounts = await keychain('listing tokens', () => backend.findAccounts(service));
      return accounts.filter((a) => a.startsWith(TOKEN_PREFIX)).map((a) => a.slice(TOKEN_PREFIX.length));
    },

    getDataKey() {
      if (dataKey === null) {
        const attempt = loadDataKey();
        dataKey = attempt;
        // A failed attempt is not remembered: the user may unlock the keyring or choose session mode and retry.
        attempt.catch(() => {
          if (dataKey === attempt) dataKey = null;
        });
      }
      // A copy, so a caller that wipes its buffer does not wipe the vault's.
      return dataKey.then((key) => Buffer.from(key));
    },
  };
}

function decodeDataKey(base64: string): Buffer {
  log.redact(base64);
  const key = Buffer.from(base64, 'base64');
  if (key.length !== DATA_KEY_LENGTH) {
    // Never replace it silently: files encrypted with the real key would become unreadable for good.
    throw new AppFailure(
      'Internal',
      t('errors.vault.dataKeyDamaged'),
      { details: `data-key decodes to ${key.length} bytes` },
    );
  }
  return key;
}
