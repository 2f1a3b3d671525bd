import type { KeychainStatus } from '../../preload/contract/about';
import { KeytarLoadError, platformKeychainName, type KeychainBackend } from './keychain-backend';
import { said, say } from '../shared/i18n';
import type { Said } from '../../preload/contract/said';


/** Thrown by `withTimeout` when the keychain does not answer in time. */
export class KeychainTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The keychain did not answer within ${timeoutMs} ms`);
    this.name = 'KeychainTimeoutError';
  }
}

/** Races `promise` against a timer; the timer never keeps the process alive. */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new KeychainTimeoutError(timeoutMs)), timeoutMs);
    timer.unref?.();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Turns whatever a keychain call threw into one sentence that names the cause and the fix. The messages are those of
 * libsecret/D-Bus (Linux), Security.framework (macOS) and the Credential Manager (Windows) as keytar passes them on.
 */
export function describeKeychainError(error: unknown): string {
  return say(keychainErrorSaid(error));
}

/** The same reason kept as how to say it, for a sentence the page says again in the language it shows. */
export function keychainErrorSaid(error: unknown): Said {
  if (error instanceof KeychainTimeoutError) {
    return said('errors.keychain.timeout', { count: Math.max(1, Math.round(error.timeoutMs / 1000)) });
  }
  if (error instanceof KeytarLoadError) return said('errors.keychain.moduleMissing', { reason: brief(error.message) });
  const message = error instanceof Error ? error.message : String(error);
  const text = message.toLowerCase();
  if (text.includes('autolaunch d-bus') || text.includes('dbus_session_bus_address') || text.includes('unable to autolaunch')) {
    return said('errors.keychain.noDbus');
  }
  if (
    text.includes('org.freedesktop.secrets') ||
    text.includes('serviceunknown') ||
    text.includes('was not provided by any .service files')
  ) {
    return said('errors.keychain.notRunning');
  }
  if (
    text.includes('locked') ||
    text.includes('user interaction is not allowed') ||
    text.includes('prompt dismissed') ||
    text.includes('cancelled')
  ) {
    return said('errors.keychain.locked');
  }
  if (text.includes('no such secret collection') || text.includes('no such object')) return said('errors.keychain.noKeyring');
  return said('errors.keychain.unusable', { reason: brief(message) });
}

function brief(message: string): string {
  const oneLine = message.replace(/\s+/g, ' ').trim();
  return oneLine.length > 160 ? `${oneLine.slice(0, 157)}...` : oneLine;
}

export interface ProbeOptions {
  /** Service whose entries the probe lists (read only). */
  service?: string;
  timeoutMs?: number;
}

/**
 * Asks the keychain whether it can be used right now with a read-only question: it lists the accounts stored under
 * `service` (keytar's findCredentials). Opening the Connect list or About must never write to the keychain: a
 * write/read/delete probe cost 80-190 ms per call and left the keyring's change log busy. Never throws and never hangs:
 * every failure, including no answer within `timeoutMs`, becomes `{available: false, reason}` with a sentence that
 * names the fix.
 */
export async function probeKeychain(backend: KeychainBackend, options: ProbeOptions = {}): Promise<KeychainStatus> {
  const { service = 'watchdesk', timeoutMs = 3000 } = options;
  const backendName = backend.name ?? platformKeychainName();
  try {
    await withTimeout(backend.findAccounts(service), timeoutMs);
    return { available: true, backend: backendName };
  } catch (error) {
    return { available: false, backend: backendName, reason: describeKeychainError(error) };
  }
}
