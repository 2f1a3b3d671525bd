import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./fixtures/vault-without-dbus.ts', import.meta.url));

interface ChildReport {
  status: { available: boolean; backend: string; reason?: string; mode: string };
  setTokenError: { kind: string; message: string; data?: Record<string, unknown> } | null;
  sessionToken: string | null;
  sessionProfiles: string[];
  dataKeyLength: number;
  sessionStatus: { available: boolean; mode: string };
}

/**
 * The vault on a Linux machine without a D-Bus session (a server, a container, ssh without forwarding): keytar
 * itself throws "Cannot autolaunch D-Bus without X11 $DISPLAY". Run in a child so the test's own environment (which
 * has a keyring) stays untouched.
 */
describe.skipIf(process.platform !== 'linux')('vault with no D-Bus session (real keytar in a child process)', () => {
  let dataDir: string;
  let report: ChildReport;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'watchdesk-nodbus-'));
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: dataDir, XDG_DATA_HOME: dataDir, XDG_CONFIG_HOME: dataDir };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const service = `watchdesk-test-${randomBytes(6).toString('hex')}`;
    const { stdout } = await run(process.execPath, ['--import', import.meta.resolve('tsx'), script, service], {
      cwd: dataDir,
      env,
      timeout: 20_000,
    });
    report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ChildReport;
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reports the keychain unavailable with the D-Bus reason and the fix', () => {
    expect(report.status).toEqual({
      available: false,
      backend: 'Secret Service (libsecret)',
      reason:
        "No Secret Service is reachable (no D-Bus session). Install and start gnome-keyring or KeePassXC's Secret Service, or use a session-only token.",
      mode: 'keychain',
    });
  });

  it('refuses to store a token and offers session-only mode', () => {
    expect(report.setTokenError).toMatchObject({
      kind: 'KeychainUnavailable',
      data: { sessionOnlyAvailable: true },
    });
    expect(report.setTokenError?.message).toMatch(/no D-Bus session.*You can keep the token for this session only\.$/);
  });

  it('keeps the token in memory after session-only mode is chosen', () => {
    expect(report.sessionToken).toBe('session-token-abc123');
    expect(report.sessionProfiles).toEqual(['profile-1']);
    expect(report.sessionStatus).toMatchObject({ available: false, mode: 'session' });
  });

  it('gives a 32-byte data key in session mode', () => {
    expect(report.dataKeyLength).toBe(32);
  });

  it('writes no file in session mode', async () => {
    // GLib may create an empty ~/.cache folder when keytar loads; what matters is that no file holds anything.
    const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
    expect(entries.filter((e) => !e.isDirectory()).map((e) => join(e.parentPath, e.name))).toEqual([]);
  });
});
