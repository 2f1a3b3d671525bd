// `npm run web`: brings the renderer and the bundled host up to date (a fingerprint check when nothing changed), then
// runs the host in this same process, so a start costs one Node start-up and no compiling of TypeScript.
// package.json starts it with `--max-semi-space-size=2` (MB): a batch of 10,000 tokens allocates a few hundred MB of
// short-lived objects, and with V8's default young generation (which grows to tens of MB per semi-space under that
// load) the host's resident memory stayed near 400 MB after ten such batches, most of it heap V8 kept committed. 2 MB
// semi-spaces cost a few percent more CPU in scavenges; measured in a process running 10,000-token batches through
// the real handlers: heap committed 210-240 MB -> 115-125 MB, RSS 350-385 MB -> 250-280 MB. The old generation's growth
// is set by the host itself at start (main/app/heap-settings.ts, shared with the desktop app).

// The right Node, or a sentence. This file is the one part of the host that must run on any Node (the system's may
// be older): the host needs Node 24 (package.json "engines"; undici alone needs 22.19, and the build script uses APIs
// of Node 22.3+), and on an older one it would answer every call with "Something went wrong". So the check comes
// before anything is imported (imports are resolved before a module's code runs: everything else is imported below).
export const REQUIRED_NODE_MAJOR = 24;
const [major] = process.versions.node.split('.').map(Number);
if (major < REQUIRED_NODE_MAJOR) {
  process.stderr.write(
    `Watchdesk's web host needs Node ${REQUIRED_NODE_MAJOR} or newer, and this is Node ${process.versions.node} (${process.execPath}).\n` +
      `Start it with "npm run web", which runs the Node ${REQUIRED_NODE_MAJOR} that comes with the project (node_modules/.bin/node), ` +
      `or run that Node directly: node_modules/.bin/node scripts/web.mjs\n`,
  );
  process.exit(1);
}

const { buildIfChanged } = await import('./build-if-changed.mjs');
buildIfChanged('renderer');
buildIfChanged('web');
// V8 keeps the compiled code of the host and its dependencies on disk between starts (Node 22.1+; a no-op before).
process.getBuiltinModule('node:module').enableCompileCache?.();
await import('../dist/web/cli.js');
