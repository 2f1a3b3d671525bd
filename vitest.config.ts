import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Tuned for the 2-core machines the suite runs on (measured on test/unit, user+system CPU of the whole run):
// - maxWorkers 2: vitest's default on 2 cores is one worker (cores - 1), so files ran one after another while most
//   integration tests wait on sockets, child processes and the keychain.
// - the pure unit tests share their workers (isolate: false): a fresh module graph per file was two thirds of their
//   CPU (32 s against 13 s). Files that mock a module (`electron`) and the integration tests (real servers, app
//   state at module level) keep a fresh one each.
// - forks, not threads: about the same CPU here, and keytar's native module and child processes behave as in the app.
const isolatedUnits = ['test/unit/electron/**/*.test.ts'];

export default defineConfig({
  plugins: [svelte()],
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], exclude: isolatedUnits, isolate: false },
      },
      {
        extends: true,
        test: { name: 'isolated', include: [...isolatedUnits, 'test/integration/**/*.test.ts'] },
      },
    ],
  },
});
