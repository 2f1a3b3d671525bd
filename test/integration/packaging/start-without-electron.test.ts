import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closedPort } from '../../support/closed-port';

const root = join(import.meta.dirname, '..', '..', '..');

// Where the binary is already downloaded (a connected machine), npm start would open Electron: never here.
const electronPresent = existsSync(join(root, 'node_modules', 'electron', 'dist'));

describe.skipIf(electronPresent)('npm start without the Electron binary', () => {
  it('says in one sentence that it could not be downloaded, offers npm run web and ELECTRON_OVERRIDE_DIST_PATH, exits non-zero, no stack', async () => {
    const port = await closedPort();
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'start-electron.mjs')], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      // A mirror nobody answers on and an empty cache: the download fails at once, as on an isolated network.
      env: { ...process.env, ELECTRON_MIRROR: `http://127.0.0.1:${port}/`, electron_config_cache: mkdtempSync(join(tmpdir(), 'wd-electron-cache-')), ELECTRON_OVERRIDE_DIST_PATH: '' },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The Electron binary could not be downloaded');
    expect(result.stderr).toContain('npm run web');
    expect(result.stderr).toContain('ELECTRON_OVERRIDE_DIST_PATH');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }, 90_000);
});
