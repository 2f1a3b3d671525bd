import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection left alive before it collects again:
 * 1 + 100 % = twice the live heap. On a machine with gigabytes of memory V8's own factor goes up to 4, and the token
 * desk is the worst case for it: a 10,000-token batch promotes its history entries and rows, which are dropped two
 * batches later. After ten such batches through the web host 60-100 MB of old space stayed committed around 25-35 MB
 * of live objects (host RSS 228-244 MB); at factor 2, 50-60 MB (RSS 171-183 MB) for about a dozen more full
 * collections over the ten batches, most of their marking done beside the main thread.
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * The memory settings both hosts run with, applied by their entry points (main/web/cli.ts, main/electron/main.ts)
 * before the app is built. V8 reads the growing factor at every full collection, so it takes effect when set here.
 * The young generation's size is fixed when the heap is set up, before any code runs: `npm run web` passes
 * `--max-semi-space-size=2` on node's command line (see scripts/web.mjs). Electron takes such flags for its main
 * process only as `--js-flags` on its own command line, which also reaches every renderer (whose young generation
 * Chromium sizes for the page), so the desktop app keeps V8's young generation and gets this setting.
 */
export function applyHeapSettings(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
