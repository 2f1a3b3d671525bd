// `npm start`: runs the built console in Electron. Electron's binary is downloaded on first use, from outside the npm
// registry; on a machine that cannot download it, this says so in one sentence (and what to do instead) rather than
// ending in Electron's own stack trace, and exits non-zero.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const electronDir = dirname(require.resolve('electron/package.json'));

const HELP =
  'The Electron binary could not be downloaded, so the desktop window cannot open on this machine. ' +
  '"npm run web" runs the same console in your browser; or copy an Electron 45 build in by hand and point at its folder with ' +
  'ELECTRON_OVERRIDE_DIST_PATH=/path/to/electron-folder npm start.';

function fail(detail) {
  process.stderr.write(`${HELP}\n`);
  if (detail) process.stderr.write(`(details: ${detail})\n`);
  process.exit(1);
}

/** The executable, downloading it first when missing (Electron's own install step), or null when that fails. */
function electronBinary() {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile) || !existsSync(join(electronDir, 'dist'))) {
    if (override) return existsSync(override) ? require('electron') : null;
    const install = spawnSync(process.execPath, [join(electronDir, 'install.js')], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', timeout: 120_000 });
    if (install.status !== 0) return { failed: (install.stderr || install.error?.message || '').trim().split('\n').pop() };
  }
  try {
    return require('electron');
  } catch (error) {
    return { failed: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  }
}

const binary = electronBinary();
if (binary === null) fail(`ELECTRON_OVERRIDE_DIST_PATH points at ${process.env.ELECTRON_OVERRIDE_DIST_PATH}, which does not exist`);
if (typeof binary !== 'string') fail(binary.failed);
if (!existsSync(binary)) fail(`no executable at ${binary}`);

// The young generation's cap, where Electron's main process reads it: on Electron's own command line (as
// ELECTRON_JS_FLAGS in main/app/heap-settings.ts says; set from inside main it would come too late).
const JS_FLAGS = '--js-flags=--max-semi-space-size=2';
const child = spawn(binary, [JS_FLAGS, '.', ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
