// `npm run web` starts in well under a second when nothing changed: each part it runs from (the renderer the browser
// loads, and main bundled for Node) is rebuilt only when a file it is built from changed since that part's last
// build (a fingerprint of paths, sizes and modification times, kept beside the build).
// Node's built-in modules as their CommonJS objects, not ESM imports: Node builds an ESM view of a built-in by reading
// every export (and child_process is loaded only to build), milliseconds that `npm run web` paid before its host loaded.
const { createHash } = process.getBuiltinModule('node:crypto');
const { existsSync, readdirSync, readFileSync, statSync, writeFileSync } = process.getBuiltinModule('node:fs');
const { join } = process.getBuiltinModule('node:path');
const { fileURLToPath } = process.getBuiltinModule('node:url');

const vite = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));

export const parts = {
  renderer: {
    inputs: ['renderer', 'preload/contract', 'vite.renderer.config.ts', 'package-lock.json'],
    output: 'dist/renderer/index.html',
    build: ['build', '--configLoader', 'runner', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn'],
  },
  main: {
    inputs: ['main', 'preload/contract', 'vite.main.config.ts', 'package.json', 'package-lock.json'],
    output: 'dist/main/index.js',
    build: ['build', '--config', 'vite.main.config.ts', '--logLevel', 'warn'],
  },
  preload: {
    inputs: ['preload', 'vite.preload.config.ts', 'package-lock.json'],
    output: 'dist/preload/index.cjs',
    build: ['build', '--configLoader', 'runner', '--config', 'vite.preload.config.ts', '--logLevel', 'warn'],
  },
  web: {
    inputs: ['main', 'preload/contract', 'vite.main.config.ts', 'package.json', 'package-lock.json'],
    output: 'dist/web/cli.js',
    build: ['build', '--config', 'vite.main.config.ts', '--mode', 'web', '--logLevel', 'warn'],
  },
};

function* files(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    yield [path, stat];
    return;
  }
  for (const name of readdirSync(path).sort()) yield* files(join(path, name));
}

/** Each input's listing once per process: `npm run web` checks two parts that share preload/contract and the lockfile. */
const listings = new Map();

function listing(input) {
  let text = listings.get(input);
  if (text === undefined) {
    text = '';
    if (existsSync(input)) for (const [path, stat] of files(input)) text += `${path}\0${stat.size}\0${stat.mtimeMs}\n`;
    listings.set(input, text);
  }
  return text;
}

function fingerprint(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) hash.update(listing(input));
  return hash.digest('hex');
}

/**
 * Builds the named part unless its last build is from the same sources (`always`: builds it anyway, as
 * `npm run build` does). Records the sources' fingerprint beside the build. Exits the process if the build fails.
 */
export function buildIfChanged(name, { always = false } = {}) {
  const part = parts[name];
  const stampFile = join(part.output, '..', '.source-fingerprint');
  const now = fingerprint(part.inputs);
  const built = existsSync(stampFile) && existsSync(part.output) ? readFileSync(stampFile, 'utf8') : '';
  if (!always && built === now) return;
  if (!always) process.stdout.write(`Building the ${name === 'web' ? 'local host' : name} (its sources changed since the last build)…\n`);
  // Vite's own script, run by this Node: found whether or not npm put node_modules/.bin on the PATH.
  const { spawnSync } = process.getBuiltinModule('node:child_process');
  const result = spawnSync(process.execPath, [vite, ...part.build], { stdio: 'inherit' });
  if (result.error) process.stderr.write(`Could not run Vite to build the ${name}: ${result.error.message}\n`);
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, now);
}

// As a command: `node scripts/build-if-changed.mjs [--always] renderer web …`.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const always = process.argv.includes('--always');
  for (const name of process.argv.slice(2).filter((arg) => arg !== '--always')) {
    if (!(name in parts)) throw new Error(`unknown part "${name}" (known: ${Object.keys(parts).join(', ')})`);
    buildIfChanged(name, { always });
  }
}
