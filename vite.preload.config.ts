import { defineConfig } from 'vite';

// A sandboxed preload cannot be ESM and can require only 'electron': bundle everything else (zod) into one CJS file.
export default defineConfig({
  build: {
    outDir: 'dist/preload',
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    lib: { entry: 'preload/index.ts', formats: ['cjs'], fileName: () => 'index.cjs' },
    rollupOptions: { external: ['electron'] },
  },
});
