// Benches that use the real keychain (the vault's data key, the encrypted history) run inside a private D-Bus session
// with a throwaway, unlocked gnome-keyring, exactly as the integration tests do (scripts/with-keyring.sh). A bench
// started outside one starts itself again inside one, so `npm run bench` works on a fresh machine as it is.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { keytarBackend } from '../main/secrets/keychain-backend';

const root = join(import.meta.dirname, '..');
/** How long the first keychain write may keep failing while the fresh keyring comes up (then the bench fails). */
const READY_WITHIN_MS = 20_000;
const RETRY_EVERY_MS = 250;

/** True when this process already runs inside the private keyring (scripts/with-keyring.sh sets the variable). */
export function inPrivateKeyring(): boolean {
  return process.env.WATCHDESK_IN_KEYRING === '1';
}

/** Runs the bench file `moduleUrl` again inside the private keyring and exits with its status. */
export function rerunInPrivateKeyring(moduleUrl: string): never {
  const result = spawnSync(join(root, 'scripts', 'with-keyring.sh'), [process.execPath, '--import', 'tsx', fileURLToPath(moduleUrl), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  if (result.error) process.stdout.write(`# the private keyring could not be started (${result.error.message}); install dbus and gnome-keyring (scripts/setup.sh)\n`);
  process.exit(result.status ?? 1);
}

/**
 * Waits until the private keyring takes a write. scripts/with-keyring.sh already waits for the login collection, but
 * on a loaded machine the first write can still fail ("collection/login does not exist", "The keyring is locked")
 * for a moment; the bench's first real write must not be that one. Retries a write, read and delete of a probe entry
 * every RETRY_EVERY_MS for at most READY_WITHIN_MS, then throws the last error.
 */
export async function keychainReady(): Promise<void> {
  const keychain = keytarBackend();
  const service = `watchdesk-bench-ready-${process.pid}`;
  const deadline = Date.now() + READY_WITHIN_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      await keychain.set(service, 'probe', 'ready');
      if ((await keychain.get(service, 'probe')) !== 'ready') throw new Error('the probe entry read back differently');
      await keychain.delete(service, 'probe');
      if (attempt > 1) process.stdout.write(`# the private keyring took its first write on attempt ${attempt}\n`);
      return;
    } catch (error) {
      if (Date.now() >= deadline) throw new Error(`the private keyring did not take a write within ${READY_WITHIN_MS / 1000} s`, { cause: error });
      await sleep(RETRY_EVERY_MS);
    }
  }
}
