import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { beforeAll, describe, expect, it } from 'vitest';
import { createElectronDistStandIn } from '../../support/electron-dist-stand-in';

const root = join(import.meta.dirname, '..', '..', '..');
const output = mkdtempSync(join(tmpdir(), 'wd-release-'));
const unpacked = join(output, 'linux-unpacked');

beforeAll(() => {
  if (!existsSync(join(root, 'dist', 'main', 'index.js'))) throw new Error('run `npm run build` before the packaging check');
  execFileSync(
    join(root, 'node_modules', '.bin', 'electron-builder'),
    ['--dir', '--linux', `-c.electronDist=${createElectronDistStandIn()}`, '-c.electronVersion=45.4.1', `-c.directories.output=${output}`],
    { cwd: root, stdio: 'pipe', env: { ...process.env, CI: 'true' } },
  );
}, 120_000);

describe('packaging (electron-builder --dir)', () => {
  it('puts main, preload and the renderer into app.asar', () => {
    const files = listPackage(join(unpacked, 'resources', 'app.asar'), { isPack: false }).map((file) => file.split('\\').join('/'));
    expect(files).toContain('/dist/main/index.js');
    expect(files).toContain('/dist/preload/index.cjs');
    expect(files).toContain('/dist/renderer/index.html');
    expect(files.some((file) => file.startsWith('/dist/renderer/assets/') && file.endsWith('.js'))).toBe(true);
    expect(files.some((file) => file.startsWith('/test/') || file.startsWith('/main/'))).toBe(false);
  });

  it("ships main's source maps (crash records map stacks with them) but none of the renderer's, and the updater's config", () => {
    const files = listPackage(join(unpacked, 'resources', 'app.asar'), { isPack: false }).map((file) => file.split('\\').join('/'));
    expect(files).toContain('/dist/main/index.js.map');
    expect(files.filter((file) => file.startsWith('/dist/renderer/') && file.endsWith('.map'))).toEqual([]);
    expect(files.some((file) => file.startsWith('/dist/renderer-maps/'))).toBe(false);
    expect(readFileSync(join(unpacked, 'resources', 'app-update.yml'), 'utf8')).toContain('provider: generic');
  });

  it('keeps the keytar native module unpacked beside the archive', () => {
    const unpackedKeytar = join(unpacked, 'resources', 'app.asar.unpacked', 'node_modules', 'keytar', 'build', 'Release');
    expect(readdirSync(unpackedKeytar)).toContain('keytar.node');
  });

  it('flips the security fuses', async () => {
    const wire = await getCurrentFuseWire(join(unpacked, 'watchdesk'));
    const on = 49;
    const off = 48;
    expect(wire[FuseV1Options.RunAsNode]).toBe(off);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(off);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(off);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(on);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(on);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(on);
  });
});
