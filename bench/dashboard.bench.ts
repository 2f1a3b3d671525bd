// The dashboard in Chromium through the web host (the real composition root, handler registry and built renderer):
// - dashboard-10k-render-ms: an answer whose mediaservers.top_by_bitrate holds 10,000 servers (6 MB of JSON). The
//   clock starts when the dashboard.get response reaches the page (its headers, before the renderer reads and parses
//   the body) and stops at the first frame painted after the screen (cards, charts and the virtualised table with
//   its 10,001 rows counted in aria-rowcount) is in the DOM: the renderer's whole share of showing an answer, its
//   JSON parse included. Median of 7 page loads after 2 warm-up loads. The whole load (navigation to that frame,
//   with the console's start, the server's answer, main's zod parse and the hop to the page) is printed beside it
//   as dashboard-10k-load-ms.
// - dashboard-10k-sort-ms: a click on the "Traffic out" header to the next painted frame with the rows re-sorted
//   (the kit's Table ranks 10,000 rows by that column once and reads either direction off the ranking). Median of
//   10 clicks (ascending, descending, as given, in turn) after 3 warm-up, so first rankings are in the median too.
// - dashboard-10k-heap-mb: the renderer's JS heap after loading that answer, after a forced garbage collection (CDP).
// - ui-dashboard-100k-click-to-paint-ms: a platform with 100,000 media servers (a 60 MB answer). From a click on
//   the Dashboard link (another screen open) to the first frame painted with the cards and the media-servers table
//   100,001 rows long (aria-rowcount) with its first row filled: the whole path through the screen (main's fetch,
//   parse, check and keeping of the rows, the hop of the figures and the first window, the page's render). Median
//   of 5 clicks after 1 warm-up. ui-dashboard-100k-longest-task-ms: the longest 'longtask' entry (a page task over
//   50 ms) in those runs, the worst run (0: none over 50 ms).
// - fleet-10-vs-slowest-single: the fleet view of ten servers (one answers 600 ms late) from the click on Refresh to
//   the painted tiles, divided by the same for a console whose only server is the slow one. Same path on both
//   sides, medians of 5 rounds after 2 warm-up rounds each. Simulators run in child processes, as real servers
//   would be elsewhere.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { createApp } from '../main/app/create-app';
import { createRegistry } from '../main/ipc/registry';
import { createVault } from '../main/secrets/vault';
import { log } from '../main/shared/log';
import { startWebHost } from '../main/web/host';
import { spawnSync } from 'node:child_process';
import { isMain, median, report } from './report';
import { startSimulatorChild, type SimulatorChild } from './simulator-child';

const root = join(import.meta.dirname, '..');
const SLOW_MS = 600;

interface Server {
  name: string;
  baseUrl: string;
  apiToken: string;
}

interface Console {
  url: string;
  close(): Promise<void>;
}

async function openConsole(servers: Server[]): Promise<Console> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-bench-dashboard-'));
  const vault = createVault({ service: `watchdesk-bench-${process.pid}` });
  vault.useSessionOnly();
  const app = await createApp({ dataDir, vault, demo: false, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null } });
  for (const server of servers) {
    const profile = await app.services.profiles.create({ name: server.name, baseUrl: server.baseUrl });
    app.services.connections.setDemoToken(profile.id, server.apiToken);
  }
  const first = (await app.services.profiles.list())[0];
  if (first) await app.services.profiles.setActive(first.id);
  const registry = createRegistry(app.handlers, { isTrustedSender: (sender) => sender.transport === 'web' && sender.authenticated });
  const host = await startWebHost({ registry, rendererDir: join(root, 'dist', 'renderer') });
  return {
    url: host.url,
    async close() {
      await host.close();
      await app.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Marks, on the page's own clock, when the dashboard answer arrives and when the 10,000-row screen is painted. */
const renderProbe = `
  window.__dash = {};
  const fetch0 = window.fetch.bind(window);
  window.fetch = async (...args) => {
    const response = await fetch0(...args);
    if (String(args[0]).includes('/ipc/dashboard.get')) window.__dash.answer = performance.now();
    return response;
  };
  new MutationObserver((_, observer) => {
    const table = document.querySelector('table[aria-rowcount="10001"]');
    if (!table || window.__dash.answer === undefined) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__dash.painted = performance.now(); }, 0));
  }).observe(document, { childList: true, subtree: true, attributes: true });
`;

async function loadBig(page: Page, url: string): Promise<{ renderMs: number; loadMs: number }> {
  await page.goto(url);
  await page.goto(new URL('/#/dashboard', url).href);
  await page.waitForFunction(() => (window as unknown as { __dash: { painted?: number } }).__dash.painted !== undefined, undefined, { timeout: 60_000 });
  const marks = await page.evaluate(() => (window as unknown as { __dash: { answer: number; painted: number } }).__dash);
  return { renderMs: marks.painted - marks.answer, loadMs: marks.painted };
}

// Page-side timers are strings: the bench's TypeScript loader would wrap named functions in a helper the page lacks.
/** One click on the Traffic out header, timed in the page from the click to the frame after the re-sort. */
const sortProbe = `(async () => {
  const header = [...document.querySelectorAll('th')].find((th) => th.textContent.includes('Traffic out'));
  const button = header.querySelector('button');
  const before = header.getAttribute('aria-sort');
  const started = performance.now();
  button.click();
  await new Promise((resolve) => {
    const check = () => (header.getAttribute('aria-sort') !== before ? requestAnimationFrame(() => setTimeout(resolve, 0)) : requestAnimationFrame(check));
    check();
  });
  return performance.now() - started;
})()`;

async function sortOnce(page: Page): Promise<number> {
  return page.evaluate(sortProbe) as Promise<number>;
}

async function benchBig(browser: Browser): Promise<void> {
  const sim = await startSimulatorChild({ mediaServers: 10_000, topMediaServers: 10_000 });
  const desk = await openConsole([{ name: 'Big', baseUrl: sim.baseUrl, apiToken: sim.apiToken }]);
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'en-US', timezoneId: 'Europe/Berlin' });
  await context.addInitScript(renderProbe);
  const page = await context.newPage();
  try {
    const renders: number[] = [];
    const loads: number[] = [];
    for (let round = 0; round < 9; round += 1) {
      const { renderMs, loadMs } = await loadBig(page, desk.url);
      if (round >= 2) {
        renders.push(renderMs);
        loads.push(loadMs);
      }
    }
    report('dashboard-10k-render-ms', median(renders), 'ms');
    report('dashboard-10k-load-ms', median(loads), 'ms');

    const sorts: number[] = [];
    for (let i = 0; i < 13; i += 1) {
      const ms = await sortOnce(page);
      if (i >= 3) sorts.push(ms);
    }
    report('dashboard-10k-sort-ms', median(sorts), 'ms');

    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    report('dashboard-10k-heap-mb', heap.usedSize / 1024 / 1024, 'MB');
  } finally {
    await context.close();
    await desk.close();
    await sim.close();
  }
}

/** Long tasks in the page, from the moment the init script runs; the probe reads those after its click. */
const longTaskProbe = `
  window.__tasks = [];
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__tasks.push([entry.startTime, entry.duration]); })
    .observe({ type: 'longtask', buffered: true });
`;

/** One click on the Dashboard link to the frame after the 100,000-row table shows its first row; with its longest task. */
const clickToPaintProbe = `(async () => {
  const link = document.querySelector('a[href="#/dashboard"]');
  const started = performance.now();
  link.click();
  await new Promise((resolve) => {
    const check = () => {
      const row = document.querySelector('table[aria-rowcount="100001"] tbody tr[aria-rowindex="2"]');
      if (row && row.textContent.trim() !== '' && document.querySelector('[data-testid="card-media-servers"]')) requestAnimationFrame(() => setTimeout(resolve, 0));
      else requestAnimationFrame(check);
    };
    check();
  });
  const ms = performance.now() - started;
  const longest = Math.max(0, ...window.__tasks.filter(([at]) => at >= started).map(([, duration]) => duration));
  // The dashboard.get exchange as the page saw it: main's share (fetch, parse, check, keeping the rows) and the bytes.
  const answer = performance.getEntriesByType('resource').find((e) => e.startTime >= started && e.name.includes('/ipc/dashboard.get'));
  return { ms, longest, answerMs: answer ? answer.duration : 0, answerBytes: answer ? answer.transferSize : 0 };
})()`;

async function benchHundredThousand(browser: Browser): Promise<void> {
  const sim = await startSimulatorChild({ mediaServers: 100_000, topMediaServers: 100_000 });
  const desk = await openConsole([{ name: 'Big', baseUrl: sim.baseUrl, apiToken: sim.apiToken }]);
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'en-US', timezoneId: 'Europe/Berlin' });
  await context.addInitScript(longTaskProbe);
  const page = await context.newPage();
  try {
    await page.goto(desk.url);
    const clicks: number[] = [];
    const tasks: number[] = [];
    const answers: Array<{ ms: number; bytes: number }> = [];
    for (let round = 0; round < 6; round += 1) {
      await page.goto(new URL('/#/about', desk.url).href);
      await page.locator('a[href="#/dashboard"]').waitFor();
      await page.waitForTimeout(300);
      const { ms, longest, answerMs, answerBytes } = (await page.evaluate(clickToPaintProbe)) as { ms: number; longest: number; answerMs: number; answerBytes: number };
      if (round >= 1) {
        clicks.push(ms);
        tasks.push(longest);
        answers.push({ ms: answerMs, bytes: answerBytes });
      }
    }
    process.stdout.write(`# ui-dashboard-100k runs (ms): ${clicks.map(Math.round).join(' ')}; longest tasks (ms): ${tasks.map(Math.round).join(' ')}\n`);
    process.stdout.write(`# of which dashboard.get in main (ms): ${answers.map((a) => Math.round(a.ms)).join(' ')}; bytes to the page: ${answers.map((a) => a.bytes).join(' ')}\n`);
    report('ui-dashboard-100k-click-to-paint-ms', median(clicks), 'ms');
    report('ui-dashboard-100k-longest-task-ms', Math.max(...tasks), 'ms');
  } finally {
    await context.close();
    await desk.close();
    await sim.close();
  }
}

/** Builds the renderer and the host if their sources changed (untimed), so the screen measured is the current one. */
function ensureRendererBuilt(): void {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build-if-changed.mjs'), 'renderer', 'web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('building the renderer or the host failed');
}

async function slowDown(sim: SimulatorChild): Promise<void> {
  const response = await fetch(`${sim.baseUrl}/_sim/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: '/api/admin/v1/dashboard', latencyMs: SLOW_MS }),
  });
  if (response.status !== 201) throw new Error(`could not slow the simulator down: HTTP ${response.status}`);
}

/** Milliseconds from a click on Refresh (fleet tab open) to the frame after every tile shows its new answer. */
async function fleetRound(page: Page, tiles: number): Promise<number> {
  return page.evaluate(`(async () => {
    const count = ${tiles};
    const refresh = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Refresh');
    const tilesText = () => [...document.querySelectorAll('[data-testid="fleet-tile"]')].map((tile) => tile.textContent).join('|');
    const before = tilesText();
    const started = performance.now();
    refresh.click();
    await new Promise((resolve) => {
      const check = () => {
        const now = document.querySelectorAll('[data-testid="fleet-tile"]').length;
        if (now === count && tilesText() !== before && !refresh.disabled) requestAnimationFrame(() => setTimeout(resolve, 0));
        else requestAnimationFrame(check);
      };
      check();
    });
    return performance.now() - started;
  })()`) as Promise<number>;
}

async function fleetMedian(browser: Browser, servers: Server[]): Promise<number> {
  const desk = await openConsole(servers);
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'en-US', timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  try {
    await page.goto(desk.url);
    await page.goto(new URL('/#/dashboard', desk.url).href);
    await page.getByRole('tab', { name: 'Fleet' }).click();
    await page.getByTestId('fleet-tile').nth(servers.length - 1).waitFor();
    const rounds: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      // Each answer carries its fetch time, so a new round always changes the tiles' text.
      await page.waitForTimeout(1100);
      const ms = await fleetRound(page, servers.length);
      if (round >= 2) rounds.push(ms);
    }
    return median(rounds);
  } finally {
    await context.close();
    await desk.close();
  }
}

async function benchFleet(browser: Browser): Promise<void> {
  const sims = await Promise.all(Array.from({ length: 10 }, (_, i) => startSimulatorChild({ seed: 100 + i, hooks: true })));
  try {
    const slow = sims[9]!;
    await slowDown(slow);
    const servers = sims.map((sim, i) => ({ name: `Site ${i + 1}${i === 9 ? ' (slow)' : ''}`, baseUrl: sim.baseUrl, apiToken: sim.apiToken }));
    const single = await fleetMedian(browser, [servers[9]!]);
    const ten = await fleetMedian(browser, servers);
    report('fleet-10-ms', ten, 'ms');
    report('fleet-slowest-single-ms', single, 'ms');
    report('fleet-10-vs-slowest-single', ten / single, 'x');
  } finally {
    await Promise.all(sims.map((sim) => sim.close()));
  }
}

async function main(): Promise<void> {
  log.setSink(() => undefined);
  ensureRendererBuilt();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--password-store=basic'],
  });
  try {
    await benchHundredThousand(browser);
    await benchBig(browser);
    await benchFleet(browser);
  } finally {
    await browser.close();
  }
}

if (isMain(import.meta.url)) await main();
