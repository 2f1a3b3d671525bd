import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { HeavyFirstSequencer } from './test/support/heavy-first-sequencer';

// Tuned for the 2-core machines the suite runs on (user+system CPU of whole runs, measured while the machine was
// shared, so wall times are only compared side by side):
// - maxWorkers 2: vitest's default on 2 cores is one worker (cores - 1), so files ran one after another while most
//   integration tests wait on sockets, child processes and the keychain (7 integration folders: 112 s with one
//   worker, 74-84 s with two, 194 s and a lost race with three).
// - test files share their workers (isolate: false): a fresh module graph per file was half or more of the CPU
//   (test/unit 32 s -> 16 s; test/integration about 63 s -> 34 s), and every file passed sharing, in its usual order
//   and shuffled. Files that mock a module (`electron`) need a fresh graph: they are in the isolated project; move a
//   file there if it must start from fresh module state. The hostile-answers file is there too: it bounds the growth of
//   its process's resident memory while 100-300 MB bodies are refused, and in a shared worker the files before it
//   (their garbage collected, or their leftover work running) moved that figure; alone in a fresh process it measures
//   its host only.
// - forks, not threads: about the same CPU here, and keytar's native module and child processes behave as in the app.
const isolated = ['test/unit/electron/**/*.test.ts', 'test/integration/platform/hostile-answers.test.ts'];

export default defineConfig({
  plugins: [svelte()],
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 2,
    // The kill tests first (test/support/heavy-first-sequencer.ts): started last, one ran on alone for a minute.
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'], exclude: isolated, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: isolated } },
    ],
  },
});
