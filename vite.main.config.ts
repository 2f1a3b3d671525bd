import { defineConfig } from 'vite';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import pkg from './package.json' with { type: 'json' };

// Main as one ESM file for Node: the Electron main process (default), or with `--mode web` the local web host that
// `npm run web` runs (scripts/web.mjs). Runtime dependencies stay external: electron-builder ships them in
// node_modules (keytar's native module must stay a real file), and the web host loads them from node_modules.
const external = ['electron', ...Object.keys(pkg.dependencies), ...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
// Bundled rather than loaded from node_modules at start: zod is ~95 modules there (every locale included), and Node
// resolving and linking them was a tenth of a second of each start; bundled, only what main uses is kept. undici is
// loaded when the first platform client is built, not at start (main/shared/undici-on-demand.ts).
const bundled = new Set(['zod', 'undici']);
const undiciOnDemand = fileURLToPath(new URL('./main/shared/undici-on-demand.ts', import.meta.url));

export default defineConfig(({ mode }) => {
  const web = mode === 'web';
  return {
    resolve: { alias: [{ find: /^undici$/, replacement: undiciOnDemand }] },
    ssr: { noExternal: ['zod'] },
    build: {
      ssr: true,
      outDir: web ? 'dist/web' : 'dist/main',
      emptyOutDir: true,
      target: 'node22',
      // Maps beside the bundle, without the sources' text: a crash record maps its stack to main/**/*.ts with them
      // (main/support/source-mapped-stack.ts reads them only then, so a start never parses them).
      sourcemap: true,
      rollupOptions: {
        // The dashboard's answer thread is a script of its own beside the entry (main/dashboard/answer-thread.ts
        // starts it from there); what both use is split into shared chunks beside them.
        input: { [web ? 'cli' : 'index']: web ? 'main/web/cli.ts' : 'main/electron/main.ts', 'dashboard-answer-worker': 'main/dashboard/answer-worker.ts' },
        external: (id: string) => external.some((name) => (id === name || id.startsWith(`${name}/`)) && !bundled.has(name)),
        output: { format: 'es' as const, entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', sourcemapExcludeSources: true },
      },
    },
  };
});
