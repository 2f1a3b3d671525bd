import { defineConfig } from 'vite';
import { channelNames, eventNames } from './preload/contract';

// A sandboxed preload cannot be ESM and can require only 'electron'. It needs the contract's names, not its schemas:
// they are computed here from the contract and injected as constants, so the bundle carries no zod.
export default defineConfig({
  define: {
    __WATCHDESK_CHANNELS__: JSON.stringify(channelNames),
    __WATCHDESK_EVENTS__: JSON.stringify(eventNames),
  },
  build: {
    outDir: 'dist/preload',
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    lib: { entry: 'preload/index.ts', formats: ['cjs'], fileName: () => 'index.cjs' },
    rollupOptions: { external: ['electron'] },
  },
});
