// `npm run web` starts in about a second when nothing changed: the renderer is rebuilt only when a file it is built
// from changed since the last build (a fingerprint of paths, sizes and modification times, kept beside the build).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const inputs = ['renderer', 'preload/contract', 'vite.renderer.config.ts', 'package-lock.json'];
const stampFile = 'dist/renderer/.source-fingerprint';

function* files(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    yield [path, stat];
    return;
  }
  for (const name of readdirSync(path).sort()) yield* files(join(path, name));
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    if (!existsSync(input)) continue;
    for (const [path, stat] of files(input)) hash.update(`${path}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

const now = fingerprint();
const built = existsSync(stampFile) && existsSync('dist/renderer/index.html') ? readFileSync(stampFile, 'utf8') : '';
if (built === now) {
  process.stdout.write('Renderer is up to date (no source changed since the last build).\n');
} else {
  const result = spawnSync('vite', ['build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, now);
}
