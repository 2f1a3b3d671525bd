// What the operator feels, in Debian Chromium (the flags of playwright.config.ts) through the web host started as
// `npm run web` would start it (a child process: the real composition root, the vault in a private gnome-keyring, the
// encrypted journal on real disk, the built renderer) against the simulator in a child process. Times are taken by
// the page's own clock, on a 1280x800 page, so rendering (style, layout, paint) is in every UI figure.
// - web-cold-start-ms: from spawning `npm run web` (renderer and host already built, so the fingerprint checks are in
//   but no rebuild) to the frame after the shell's main area holds its screen. Includes npm, loading the host, opening the
//   vault and the page load; leaves out starting Chromium.
// - ui-batch-1000-ms: the click on "Issue 1,000 tokens" to the frame after the progress line says "Finished." (every
//   row final, the rows appended to the encrypted journal). Includes the bridge call, 1,000 platform requests from
//   main, the progress events and the screen's rendering; leaves out the history reload after "Finished." (its cost
//   is in ui-longest-task-ms). 3 warm-up rounds, then the median of 7.
// - ui-batch-1000-vs-undici: that against bare undici issuing the same 1,000 requests to the same simulator, laid out
//   as the console is: in its own Node process (bench/undici-batch-child.ts; the console's main is the host's
//   process), on a Pool built as the console's transport builds its own (undici's default socket count and
//   keep-alive, kept across rounds), 16 requests in flight (the console's batch limit). The same 3 warm-up rounds
//   each, then 7 rounds alternating which side goes first; the figure is the median of the per-round ratios. The
//   undici side has no journal, no events and no screen: the ratio is what the console costs on top of the bare
//   requests. ui-batch-1000-longest-task-ms: the longest 'longtask' entry of any 1,000 batch, warm-ups included.
// - ui-batch-10000-ms: the same for 10,000 tokens (the first of ten runs is the warm-up; median of nine).
// - ui-longest-task-ms: the longest 'longtask' entry (PerformanceObserver in the page; the API reports only tasks over
//   50 ms, so 0 means none) from the click until the history reloaded after "Finished." has settled (no change for
//   0.5 s), over all ten 10,000 runs, the first one included: the worst run, never a median (an operator feels the
//   worst freeze, and the first batch after a start is one they run too). ui-longest-frame-ms: the same for
//   'long-animation-frame' entries (tasks plus the rendering of a frame). Leaves out the page load and the paste.
// - ui-batch-fps: animation frames per second between the click and "Finished." of the 10,000 batches (median).
// - host-rss-after-10x10k-mb: the web host's resident memory (largest process in the command's tree, from /proc)
//   after those ten 10,000-token batches through the screen (plus the ten 1,000 ones), two seconds after the last.
// - history-open-20k-ms: a fresh start of the host on a data folder whose journal was written by the real history
//   store (30 appends of 1,000: compaction leaves the retained 20,000 newest plus at most one interval on disk, which
//   is what it leaves after 2,000,000 issued); the page loads on its first screen (Connect) and settles, then the
//   operator opens Stream tokens at once, in the frame after the first screen was painted (no settling before the
//   clock: what the first screen still does then is in the figure, as it is for an operator who clicks at once):
//   from that route change to the frame after the history says "20,000 tokens" (the host's first read of the
//   journal: decrypting and parsing it, the history call and its transfer, the tokens screen and the first rows of
//   the virtualised table drawn). The page load itself is web-cold-start-ms.
//   Median of 3 fresh starts; history-open-20k-host-rss-mb the host's largest RSS beside it.
// - history-open-20k-with-page-load-ms: the same from the navigation start of a fresh page pointed at the tokens
//   screen (page load, bundle, first calls and the history together, as a reload on that screen); median of 3.
// A stale renderer or host is rebuilt before any clock starts, and every wait for the page stretches with the
// machine's load (bench/ui-support.ts). Every figure prints even on a loaded machine; judge them only with the load
// average printed beside them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { createVault } from '../main/secrets/vault';
import { log } from '../main/shared/log';
import { createTokenHistory } from '../main/tokens/history-store';
import { createSealer, migrations, openStorage } from '../main/storage';
import { createTokenHistoryRepository } from '../main/storage/repositories/token-history-repository';
import type { HistoryEntry } from '../preload/contract/tokens';
import { inPrivateKeyring, keychainReady, rerunInPrivateKeyring } from './keyring';
import { isMain, median, report } from './report';
import { startSimulatorChild, type SimulatorChild } from './simulator-child';
import { startUndiciBatchChild } from './undici-batch-child';
import { ensureRendererBuilt, loadLine, scaledTimeout } from './ui-support';
import { hostRssMb, newPage, openBrowser, prepareDataDir, startHost, type Host } from './ui-host';

const CONCURRENCY = 16;
const WARM_UP = 3;
const ROUNDS = 7;
const LARGE = 10_000;

/** A history of 20,000 tokens in the console's database: the real history store, 20 appends of 1,000. */
async function writeHistory(dataDir: string): Promise<void> {
  const vault = createVault();
  const storage = openStorage({ folder: dataDir, migrations });
  const sealer = createSealer(await vault.getDataKey());
  const history = createTokenHistory(createTokenHistoryRepository(storage), async () => sealer);
  const issuedAt = new Date();
  for (let record = 0; record < 20; record++) {
    const entries: HistoryEntry[] = Array.from({ length: 1000 }, (_, i) => ({
      id: randomUUID(),
      kind: 'stream',
      stream: `cam-${String(record * 1000 + i).padStart(7, '0')}-hd`,
      user: null,
      live: true,
      dvr: false,
      copy: false,
      ttl: 3600,
      from: 0,
      to: 0,
      token: `st_${randomUUID().replace(/-/g, '')}`,
      issuedAt: issuedAt.toISOString(),
      expiresAt: new Date(issuedAt.getTime() + 3_600_000).toISOString(),
      profileId: 'bench',
      profileName: 'Bench',
      note: '',
      batchId: null,
    }));
    await history.append(entries);
  }
  const kept = (await history.page('', 1)).total;
  storage.close();
  if (kept !== 20_000) process.stdout.write(`# the history store kept ${kept} entries (not 20,000)\n`);
}

/** Wall-clock time of the frame after `selector` holds text matching `pattern` (the page's clock, as epoch ms). */
function paintedWhen(page: Page, selector: string, pattern: string): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve) => {
    const pattern = new RegExp(${JSON.stringify(pattern)});
    const check = () => {
      const element = document.querySelector(${JSON.stringify(selector)});
      if (element && pattern.test(element.textContent || '')) requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
      else requestAnimationFrame(check);
    };
    check();
  })`);
}

export async function openBatchTab(page: Page, host: Host): Promise<void> {
  await page.goto(host.url);
  await page.goto(`${host.origin}/#/tokens`);
  await page.getByRole('tab', { name: 'Batch' }).click();
  await page.getByRole('switch', { name: /Live/ }).check();
}

/**
 * Puts the list in the field in one input event, as a paste does (fill() types line by line: seconds for 10,000
 * lines); the clipboard is tried first, insertText when the headless clipboard is not available.
 */
export async function paste(page: Page, streams: string[]): Promise<void> {
  const field = page.getByLabel('Streams', { exact: true });
  const text = streams.join('\n');
  await field.fill('');
  await field.focus();
  const copied = await page.evaluate<boolean>(`navigator.clipboard.writeText(${JSON.stringify(text)}).then(() => true, () => false)`);
  if (copied) await page.keyboard.press('Control+V');
  if ((await field.inputValue()).length < text.length) {
    await field.fill('');
    await field.focus();
    await page.keyboard.insertText(text);
  }
  const button = page.getByRole('button', { name: `Issue ${streams.length.toLocaleString('en-US')} tokens` });
  await button.waitFor({ timeout: scaledTimeout(120_000) }).catch(async (error: unknown) => {
    await explainFailure(page, 'paste');
    throw error;
  });
}

/** Says what the screen showed when a step failed (the submit button's words and a screenshot), for the bench log. */
async function explainFailure(page: Page, step: string): Promise<void> {
  const shot = join(tmpdir(), `wd-bench-ui-${step}-${Date.now()}.png`);
  await page.screenshot({ path: shot }).catch(() => undefined);
  const said = await page.locator('#batch-form button[type="submit"]').textContent({ timeout: 1000 }).catch(() => null);
  process.stdout.write(`# ${step} failed at ${page.url()}; the submit button said ${JSON.stringify(said)}; screenshot ${shot}\n`);
}

interface UiRun {
  ms: number;
  /** Longest 'longtask' entry (a main-thread task over 50 ms) from the click until the history has settled; 0: none. */
  longestTaskMs: number;
  /** Longest 'long-animation-frame' entry (a frame over 50 ms: tasks plus rendering) in the same span; 0: none. */
  longestFrameMs: number;
  fps: number;
}

/**
 * One batch through the screen, timed from the click to the frame after "Finished." (the run over, its rows in the
 * journal), with long tasks and frames counted until the history update after it has settled. The submit button is
 * disabled while a batch runs: "Finished." counts only after the button was seen disabled since the click, so the
 * label left by the previous batch is never taken for this one's.
 */
export async function uiBatch(page: Page, count: number): Promise<UiRun> {
  const label = count.toLocaleString('en-US');
  const finished = `^${label} of ${label} done — ${label} issued\\. Finished\\.$`;
  await page.evaluate(`(() => {
    const bench = { start: 0, end: 0, frames: 0, longestTask: 0, longestFrame: 0, sawBusy: false, observers: [], tasks: [] };
    window.bench = bench;
    const watch = (type, record) => {
      try {
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (bench.start > 0 && entry.startTime >= bench.start) record(entry.duration, entry);
        });
        observer.observe({ type, buffered: false });
        bench.observers.push(observer);
      } catch {}
    };
    watch('longtask', (ms, entry) => { bench.longestTask = Math.max(bench.longestTask, ms); bench.tasks.push([entry.startTime, ms]); });
    watch('long-animation-frame', (ms) => { bench.longestFrame = Math.max(bench.longestFrame, ms); });
    const pattern = new RegExp(${JSON.stringify(finished)});
    window.addEventListener('click', () => {
      bench.start = performance.now();
      let ending = false;
      const frame = () => {
        if (bench.end) return;
        bench.frames++;
        const button = document.querySelector('#batch-form button[type="submit"]');
        const text = document.querySelector('[data-testid="batch-progress-label"]')?.textContent || '';
        if (button?.disabled) bench.sawBusy = true;
        if (ending) { bench.end = performance.now(); return; }
        if (bench.sawBusy && button && !button.disabled && pattern.test(text)) ending = true;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }, { capture: true, once: true });
  })()`);
  // The screen reloads the history once the batch is saved; the span measured for long tasks ends when it has shown it.
  const historyAnswered = page.waitForResponse((response) => response.url().endsWith('/ipc/tokens.history'), { timeout: scaledTimeout(300_000) });
  await page.getByRole('button', { name: `Issue ${label} tokens` }).click();
  const ms = await page.evaluate<number>(`new Promise((resolve) => {
    const wait = () => (window.bench.end ? resolve(window.bench.end - window.bench.start) : setTimeout(wait, 20));
    wait();
  })`);
  await historyAnswered;
  await historySettled(page);
  const { longestTask, longestFrame, frames } = await page.evaluate<{ longestTask: number; longestFrame: number; frames: number }>(
    `(() => { for (const o of window.bench.observers) { o.takeRecords(); o.disconnect(); } return window.bench; })()`,
  );
  return { ms, longestTaskMs: longestTask, longestFrameMs: longestFrame, fps: frames / (ms / 1000) };
}

/** Resolves once the history section has not changed for half a second (its answer drawn, the ticker aside). */
function historySettled(page: Page): Promise<void> {
  return page.evaluate<void>(`new Promise((resolve) => {
    const section = document.querySelector('section.history') || document.body;
    let timer = setTimeout(done, 500);
    const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, 500); });
    function done() { observer.disconnect(); resolve(); }
    observer.observe(section, { subtree: true, childList: true, characterData: true, attributes: true });
  })`);
}

async function coldStartAndBatches(browser: Browser, sim: SimulatorChild, dataDir: string): Promise<void> {
  const page = await newPage(browser);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const host = await startHost(dataDir);
  const small = sim.streams.slice(0, 1000);
  const bareSide = await startUndiciBatchChild({ baseUrl: sim.baseUrl, apiToken: sim.apiToken, streams: small, concurrency: CONCURRENCY });
  try {
    await page.goto(host.url);
    const painted = await paintedWhen(page, '#main', '\\S');
    report('web-cold-start-ms', painted - host.startedAt, 'ms');

    await openBatchTab(page, host);
    await paste(page, small);
    const warmUps: UiRun[] = [];
    // Warm-up rounds alternate which side goes first too, so both warm up alike.
    for (let round = 0; round < WARM_UP; round++) {
      if (round % 2 === 0) {
        warmUps.push(await uiBatch(page, 1000));
        await bareSide.batch();
      } else {
        await bareSide.batch();
        warmUps.push(await uiBatch(page, 1000));
      }
    }
    const ui: UiRun[] = [];
    const bare: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) {
        ui.push(await uiBatch(page, 1000));
        bare.push(await bareSide.batch());
      } else {
        bare.push(await bareSide.batch());
        ui.push(await uiBatch(page, 1000));
      }
    }
    process.stdout.write(`# ui-batch-1000 rounds (ms), screen: ${ui.map((r) => Math.round(r.ms)).join(' ')}\n`);
    process.stdout.write(`# ui-batch-1000 rounds (ms), undici: ${bare.map((ms) => Math.round(ms)).join(' ')}\n`);
    report('ui-batch-1000-ms', median(ui.map((r) => r.ms)), 'ms');
    report('ui-batch-1000-undici-ms', median(bare), 'ms');
    report('ui-batch-1000-vs-undici', median(ui.map((r, i) => r.ms / bare[i]!)), 'x');
    report('ui-batch-1000-longest-task-ms', Math.max(...[...warmUps, ...ui].map((r) => r.longestTaskMs)), 'ms');

    const large = sim.streams.slice(-LARGE);
    await paste(page, large);
    const runs: UiRun[] = [];
    for (let i = 0; i < 10; i++) runs.push(await uiBatch(page, LARGE));
    process.stdout.write(`# ui-batch-10000 runs (ms): ${runs.map((r) => Math.round(r.ms)).join(' ')}; longest tasks (ms): ${runs.map((r) => Math.round(r.longestTaskMs)).join(' ')}; longest frames (ms): ${runs.map((r) => Math.round(r.longestFrameMs)).join(' ')}; fps: ${runs.map((r) => Math.round(r.fps)).join(' ')}\n`);
    // The first 10,000 batch warms the path up; the figures are the medians of the other nine.
    const measured = runs.slice(1);
    report('ui-batch-10000-ms', median(measured.map((r) => r.ms)), 'ms');
    // Worst-case figures are the worst run of all ten, the warm-up included.
    report('ui-longest-task-ms', Math.max(...runs.map((r) => r.longestTaskMs)), 'ms');
    report('ui-longest-frame-ms', Math.max(...runs.map((r) => r.longestFrameMs)), 'ms');
    report('ui-batch-fps', median(measured.map((r) => r.fps)), 'fps');
    const rowElements = await page.locator('[data-testid="batch-results"] tbody tr:not(.spacer)').count();
    process.stdout.write(`# row elements in the DOM after the 10,000 batch: ${rowElements}\n`);
    await page.waitForTimeout(2000);
    report('host-rss-after-10x10k-mb', hostRssMb(host), 'MB');
  } finally {
    await bareSide.close();
    await page.context().close();
    await host.close();
  }
}

/** Milliseconds from a route change to `hash` until the frame after the page's text matches `pattern`. */
function routeOpenedWithin(page: Page, hash: string, pattern: string): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve) => {
    const pattern = new RegExp(${JSON.stringify(pattern)});
    const start = performance.now();
    location.hash = ${JSON.stringify(hash)};
    const check = () => {
      if (pattern.test(document.body.textContent || '')) requestAnimationFrame(() => resolve(performance.now() - start));
      else requestAnimationFrame(check);
    };
    check();
  })`);
}

async function historyOpen(browser: Browser, sim: SimulatorChild): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-bench-history-'));
  try {
    await prepareDataDir(dataDir, sim);
    await writeHistory(dataDir);
    const opened: number[] = [];
    const withPageLoad: number[] = [];
    let rss = 0;
    for (let round = 0; round < 6; round++) {
      const host = await startHost(dataDir);
      const page = await newPage(browser);
      try {
        if (round % 2 === 0) {
          // The console as started: its first screen loaded and settled, then the operator opens Stream tokens.
          await page.goto(host.url);
          await paintedWhen(page, '#main', '\\S');
          opened.push(await routeOpenedWithin(page, '#/tokens', '20,000 tokens'));
        } else {
          await page.goto(host.url);
          await page.goto(`${host.origin}/#/tokens`);
          // Navigation start of this document to the frame after the history's total is shown.
          const painted = await paintedWhen(page, 'body', '20,000 tokens');
          withPageLoad.push(painted - (await page.evaluate<number>('performance.timeOrigin')));
        }
        rss = Math.max(rss, hostRssMb(host));
      } finally {
        await page.context().close();
        await host.close();
      }
    }
    process.stdout.write(`# history-open-20k fresh starts (ms): ${opened.map((ms) => Math.round(ms)).join(' ')}; with the page load: ${withPageLoad.map((ms) => Math.round(ms)).join(' ')}\n`);
    report('history-open-20k-ms', median(opened), 'ms');
    report('history-open-20k-with-page-load-ms', median(withPageLoad), 'ms');
    report('history-open-20k-host-rss-mb', rss, 'MB');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  log.setQuiet(true);
  await keychainReady();
  // Untimed, before any clock: the figures are of the renderer and host the sources describe.
  ensureRendererBuilt();
  process.stdout.write(loadLine());
  const sim = await startSimulatorChild({ extraPrivateStreams: LARGE });
  const browser = await openBrowser();
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-bench-ui-'));
  try {
    await prepareDataDir(dataDir, sim);
    // UI_BENCH_ONLY=history (or =batches) runs one half, for working on it; `npm run bench` runs both.
    if (process.env.UI_BENCH_ONLY !== 'history') await coldStartAndBatches(browser, sim, dataDir);
    if (process.env.UI_BENCH_ONLY !== 'batches') await historyOpen(browser, sim);
  } finally {
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
    await sim.close();
  }
}

if (isMain(import.meta.url)) {
  if (!inPrivateKeyring()) rerunInPrivateKeyring(import.meta.url);
  await run();
}
