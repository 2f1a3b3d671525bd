// What every bench that drives the built renderer in Chromium shares, so none of them measures the wrong build or
// times out on a busy machine:
// - ensureRendererBuilt(): the renderer and the web host are rebuilt when their sources changed since the last
//   build (untimed, before any clock starts): a bench run after an edit measures the edited screen, not dist/ as it
//   was.
// - loadFactor() / scaledTimeout(): a wait for what the page shows is given time in proportion to the machine's
//   load (the 1-minute load average over the cores, at least 1), so a bench on a loaded 2-core machine finishes and
//   prints its figures (to be judged with the load printed beside them) instead of failing on a fixed timeout.
import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

const root = join(import.meta.dirname, '..');

/** Builds the renderer and the web host if their sources changed since their last build. */
export function ensureRendererBuilt(): void {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build-if-changed.mjs'), 'renderer', 'web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('building the renderer or the host failed');
}

/** How much busier than one task per core the machine is now (1 on an idle machine, at most 10). */
export function loadFactor(): number {
  return Math.min(10, Math.max(1, loadavg()[0]! / availableParallelism()));
}

/** `ms` stretched by the machine's load now. */
export function scaledTimeout(ms: number): number {
  return Math.round(ms * loadFactor());
}

/** A page whose waits (locators, navigation) stretch with the machine's load, from Playwright's 30 s default. */
export function scaleWaits(page: Page): void {
  page.setDefaultTimeout(scaledTimeout(30_000));
  page.setDefaultNavigationTimeout(scaledTimeout(30_000));
}

/** The line to print before a bench's figures: they are only judged with the load beside them. */
export function loadLine(): string {
  const [one, five] = loadavg();
  return `# load average ${one!.toFixed(2)} (1 min), ${five!.toFixed(2)} (5 min) on ${availableParallelism()} cores; waits scaled x${loadFactor().toFixed(1)}\n`;
}
