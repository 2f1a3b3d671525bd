import { execFileSync, spawnSync } from 'node:child_process';

/** Private mount namespaces (root and unshare, as in CI): the full-disk and read-only tests need them. */
export const canMount = process.getuid?.() === 0 && spawnSync('unshare', ['-m', 'true']).status === 0;

/**
 * Runs the bundled `child` (with `dataDir` and `args` as its arguments) in a private mount namespace where `dataDir`
 * is a tmpfs of `sizeMb` MB, as a small disk that fills up under the console would be; nothing outside the child sees
 * the mount. Answers the JSON of the last line the child prints.
 */
export function runOnSmallDisk<T>(child: string, dataDir: string, options: { sizeMb: number; args?: string[]; timeoutMs?: number }): T {
  const args = options.args ?? [];
  const passed = args.map((_, index) => ` "$${index + 3}"`).join('');
  const out = execFileSync('unshare', ['-m', 'sh', '-c', `mount -t tmpfs -o size=${options.sizeMb}m tmpfs "$2" && exec "$0" "$1" "$2"${passed}`, process.execPath, child, dataDir, ...args], {
    env: { ...process.env, WATCHDESK_LOG: 'silent' },
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 60_000,
  });
  return JSON.parse(out.trim().split('\n').pop()!) as T;
}
