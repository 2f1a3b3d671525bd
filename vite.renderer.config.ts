import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { channelNames } from './preload/contract';

// The renderer: a static bundle with no remote assets (fonts and images are bundled) so the console works offline.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [svelte()],
  // The bridge needs the contract's channel names, not its schemas: they are computed here and injected as a constant
  // (as for the preload), so the first screen does not wait for every channel's zod schema to be built in the page.
  define: {
    __WATCHDESK_CHANNELS__: JSON.stringify(channelNames),
  },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: false,
    assetsInlineLimit: 0,
  },
});
