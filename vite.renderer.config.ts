import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { channelNames } from './preload/contract';

/** Where the renderer's source maps go: beside the build, never inside the folder served to the page. */
const mapsDir = join(import.meta.dirname, 'dist', 'renderer-maps');

/**
 * Moves the source maps out of the bundle the page is served from (dist/renderer) into dist/renderer-maps: support
 * maps a stack from a renderer error with them, and a page (or anyone who can reach the web host) cannot fetch them.
 * With `sourcemap: 'hidden'` the scripts carry no comment pointing at a map either.
 */
function mapsBesideTheBundle(): Plugin {
  const maps = new Map<string, string>();
  return {
    name: 'watchdesk-maps-beside-the-bundle',
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!fileName.endsWith('.map') || output.type !== 'asset') continue;
        maps.set(fileName, typeof output.source === 'string' ? output.source : Buffer.from(output.source).toString('utf8'));
        delete bundle[fileName];
      }
    },
    writeBundle() {
      rmSync(mapsDir, { recursive: true, force: true });
      for (const [fileName, text] of maps) {
        const path = join(mapsDir, fileName);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, text);
      }
    },
  };
}

// The renderer: a static bundle with no remote assets (fonts and images are bundled) so the console works offline.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [svelte(), mapsBesideTheBundle()],
  // The bridge needs the contract's channel names, not its schemas: they are computed here and injected as a constant
  // (as for the preload), so the first screen does not wait for every channel's zod schema to be built in the page.
  define: {
    __WATCHDESK_CHANNELS__: JSON.stringify(channelNames),
  },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome130',
    sourcemap: 'hidden',
    assetsInlineLimit: 0,
  },
});
