import { defineConfig } from 'vite';
import { builtinModules } from 'node:module';
import pkg from './package.json' with { type: 'json' };

// The Electron main process as one ESM file. Runtime dependencies stay external: electron-builder ships them in
// node_modules (keytar's native module must stay a real file).
const external = ['electron', ...Object.keys(pkg.dependencies), ...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

export default defineConfig({
  build: {
    ssr: 'main/electron/main.ts',
    outDir: 'dist/main',
    emptyOutDir: true,
    target: 'node22',
    sourcemap: false,
    rollupOptions: {
      external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
      output: { format: 'es', entryFileNames: 'index.js' },
    },
  },
});
