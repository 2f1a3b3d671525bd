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

/** The young generation's cap both hosts run with: 2 MB semi-spaces (see scripts/web.mjs for the figures). */
export const YOUNG_GENERATION_FLAG = '--max-semi-space-size=2';
/**
 * How the desktop app gets it: Electron hands `--js-flags` given on its command line to its main process's V8 before
 * that V8 sets its heap up (and to every page's). `npm start` (scripts/start-electron.mjs) and the Linux packages'
 * desktop entry (electron-builder.yml `executableArgs`) launch it so. Set from inside main it comes too late: V8 sizes
 * the young generation once, when the heap is set up, so `v8.setFlagsFromString('--max-semi-space-size=2')` in a
 * running process leaves it as it was (measured under Node 24: new space 128 MB after an allocation-heavy loop, with
 * or without the late call; 4 MB with the flag on the command line), and `app.commandLine.appendSwitch('js-flags')`
 * reaches only processes started after it (the pages), never main itself.
 */
export const ELECTRON_JS_FLAGS = `--js-flags=${YOUNG_GENERATION_FLAG}`;

/** True when this process was started with the young-generation cap (node's own flag, or Electron's --js-flags). */
export function hasYoungGenerationCap(argv: readonly string[], execArgv: readonly string[]): boolean {
  return execArgv.includes(YOUNG_GENERATION_FLAG) || argv.some((arg) => arg.startsWith('--js-flags=') && arg.includes(YOUNG_GENERATION_FLAG));
}

/**
 * The memory settings both hosts run with, applied by their entry points (main/web/cli.ts, main/electron/main.ts)
 * before the app is built. V8 reads the growing factor at every full collection, so it takes effect when set here.
 * The young generation's size is fixed when the heap is set up, before any code runs: `npm run web` passes
 * `--max-semi-space-size=2` on node's command line (see scripts/web.mjs), the desktop app `ELECTRON_JS_FLAGS` above.
 */
export function applyHeapSettings(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
