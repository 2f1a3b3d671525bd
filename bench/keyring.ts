// Benches that use the real keychain (the vault's data key, the encrypted history) run inside a private D-Bus session
// with a throwaway, unlocked gnome-keyring, exactly as the integration tests do (scripts/with-keyring.sh). A bench
// started outside one starts itself again inside one, so `npm run bench` works on a fresh machine as it is.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(import.meta.dirname, '..');

/** True when this process already runs inside the private keyring (scripts/with-keyring.sh sets the variable). */
export function inPrivateKeyring(): boolean {
  return process.env.WATCHDESK_IN_KEYRING === '1';
}

/** Runs the bench file `moduleUrl` again inside the private keyring and exits with its status. */
export function rerunInPrivateKeyring(moduleUrl: string): never {
  const result = spawnSync(join(root, 'scripts', 'with-keyring.sh'), [process.execPath, '--import', 'tsx', fileURLToPath(moduleUrl)], {
    stdio: 'inherit',
  });
  if (result.error) process.stdout.write(`# the private keyring could not be started (${result.error.message}); install dbus and gnome-keyring (scripts/setup.sh)\n`);
  process.exit(result.status ?? 1);
}
