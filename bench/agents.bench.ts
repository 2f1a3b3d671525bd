// Camera-agent inspection and the watch list.
// - agent-view-ms: Enter in the look-up field -> the device view rendered and painted, in Debian Chromium driving the
//   built renderer through the web host (real registry, platform client, disk cache write) against the simulator in a
//   child process on loopback. Timed by the page's own clock: from the Enter keydown to the frame after the device's
//   name is in the view. Median of 40 look-ups alternating between two devices, after 10 warm-up look-ups. A stale
//   renderer is rebuilt before anything is timed, and waits for the page stretch with the machine's load
//   (bench/ui-support.ts); the load is printed beside the figures. Leaves out the page load.
// - watch-500-cycle-vs-undici: one polling cycle of a 500-device watch list through the console (agents.watchPollNow
//   through the registry: platform client with JSON-parsed, schema-checked answers, rows, one storage rule evaluated)
//   against bare undici with the same concurrency (8) reading and JSON-parsing the same 500 answers (nothing else), in the same
//   run. Both sides use the same kind of socket pool: an undici Agent with its default per-origin pool, as the
//   console's transport does (a Pool capped at 8 sockets is not what the console runs on: with 8 requests in flight the
//   Agent keeps 16 sockets, since a socket is not yet free when its worker sends the next request). Interleaved rounds
//   after warm-up; the figure is the median of the per-round ratios.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import diagnostics from 'node:diagnostics_channel';
import { Agent } from 'undici';
import { createApp, type WatchdeskApp } from '../main/app/create-app';
import { createRegistry, type Registry } from '../main/ipc/registry';
import { isTrustedWebSender } from '../main/ipc/trusted-senders';
import { createVault } from '../main/secrets/vault';
import { log } from '../main/shared/log';
import { startWebHost } from '../main/web/host';
import { isMain, median, report } from './report';
import { ensureRendererBuilt, loadLine, scaleWaits } from './ui-support';
import { startSimulatorChild, type SimulatorChild } from './simulator-child';
import { undiciCycle } from './undici-watch-cycle';

const DEVICES = 500;
const CONCURRENCY = 8;
const WATCH_WARM_UP = 8;
const WATCH_ROUNDS = 20;
const VIEW_WARM_UP = 10;
const VIEW_ROUNDS = 40;
const root = join(import.meta.dirname, '..');

/** A long-lived console on the simulator child, with a session-only vault (no keychain needed to bench). */
async function openConsole(sim: SimulatorChild): Promise<{ app: WatchdeskApp; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-bench-agents-'));
  const vault = createVault({ service: `watchdesk-bench-${process.pid}` });
  vault.useSessionOnly();
  const app = await createApp({ dataDir, vault, demo: false, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null } });
  const profile = await app.services.profiles.create({ name: 'Bench', baseUrl: sim.baseUrl });
  await app.services.profiles.setActive(profile.id);
  app.services.connections.setDemoToken(profile.id, sim.apiToken);
  return { app, dataDir };
}

async function value<T>(registry: Registry, channel: string, input: unknown): Promise<T> {
  const result = await registry.call(channel, input, { transport: 'test' });
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

async function watchBench(sim: SimulatorChild, registry: Registry): Promise<void> {
  const ids = sim.agentIds.slice(0, DEVICES);
  if (ids.length !== DEVICES) throw new Error(`the simulator has ${ids.length} devices, ${DEVICES} needed`);
  const list = await value<{ id: string }>(registry, 'agents.watchSave', {
    name: 'Bench',
    devicesText: ids.join('\n'),
    intervalSec: 86_400,
    concurrency: CONCURRENCY,
    rules: [{ id: 'disk', kind: 'storage', percent: 95 }],
    active: false,
  });
  const consoleCycle = async (): Promise<number> => {
    const started = performance.now();
    const summary = await value<{ counts: { failed: number; pending: number } }>(registry, 'agents.watchPollNow', { id: list.id });
    const elapsed = performance.now() - started;
    if (summary.counts.failed + summary.counts.pending > 0) throw new Error('console cycle: some devices were not read');
    return elapsed;
  };
  const agent = new Agent();
  // Sockets each side opens, to show both run on the same kind of pool.
  let side: 'console' | 'undici' = 'undici';
  const opened = { console: 0, undici: 0 };
  const onConnected = (): void => {
    opened[side] += 1;
  };
  diagnostics.subscribe('undici:client:connected', onConnected);
  const undiciRun = (): Promise<number> => {
    side = 'undici';
    return undiciCycle(sim, agent, ids, CONCURRENCY);
  };
  const consoleRun = (): Promise<number> => {
    side = 'console';
    return consoleCycle();
  };
  for (let round = 0; round < WATCH_WARM_UP; round++) {
    await undiciRun();
    await consoleRun();
  }
  const consoleRuns: number[] = [];
  const undiciRuns: number[] = [];
  for (let round = 0; round < WATCH_ROUNDS; round++) {
    // Alternating order, so neither side always inherits the other's leftovers.
    if (round % 2 === 0) {
      consoleRuns.push(await consoleRun());
      undiciRuns.push(await undiciRun());
    } else {
      undiciRuns.push(await undiciRun());
      consoleRuns.push(await consoleRun());
    }
  }
  diagnostics.unsubscribe('undici:client:connected', onConnected);
  await agent.close();
  process.stdout.write(`# watch-500 sockets opened, console: ${opened.console}, undici: ${opened.undici}\n`);
  const rounded = (values: number[]): string => values.map((ms) => Math.round(ms)).join(' ');
  process.stdout.write(`# watch-500 rounds (ms), console: ${rounded(consoleRuns)}\n`);
  process.stdout.write(`# watch-500 rounds (ms), undici:  ${rounded(undiciRuns)}\n`);
  report('watch-500-cycle-ms', median(consoleRuns), 'ms');
  report('watch-500-undici-ms', median(undiciRuns), 'ms');
  report('watch-500-cycle-vs-undici', median(consoleRuns.map((ms, i) => ms / undiciRuns[i]!)), 'x');
}

async function viewBench(sim: SimulatorChild, app: WatchdeskApp, registry: Registry): Promise<void> {
  const webRegistry = createRegistry(app.handlers, { isTrustedSender: isTrustedWebSender });
  const host = await startWebHost({ registry: webRegistry, events: app.services.events, rendererDir: join(root, 'dist', 'renderer') });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--password-store=basic'],
  });
  try {
    const page = await browser.newPage({ locale: 'en-US' });
    scaleWaits(page);
    await page.goto(host.url);
    await page.goto(`${host.origin}/#/agents`);
    const field = page.getByLabel('Device number', { exact: true });
    await field.waitFor();
    // The page's clock: the Enter keydown starts the timer.
    await page.evaluate(`window.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') window.benchStart = performance.now();
    }, { capture: true })`);
    const devices = sim.agentIds.slice(0, 2);
    const names = await Promise.all(devices.map(async (id) => (await value<{ device: { name: string } }>(registry, 'agents.lookup', { id: String(id) })).device.name));
    const lookUp = async (index: number): Promise<number> => {
      await field.fill(String(devices[index % 2]));
      await field.press('Enter');
      // A string, not a closure: tsx's name-keeping helpers do not exist in the page.
      return page.evaluate<number>(`new Promise((resolve) => {
        const name = ${JSON.stringify(names[index % 2])};
        const done = () => requestAnimationFrame(() => resolve(performance.now() - window.benchStart));
        const check = () => {
          const heading = document.querySelector('[data-testid="device-view"] #device-name');
          if (heading && heading.textContent === name) done();
          else requestAnimationFrame(check);
        };
        check();
      })`);
    };
    for (let i = 0; i < VIEW_WARM_UP; i++) await lookUp(i);
    const runs: number[] = [];
    for (let i = 0; i < VIEW_ROUNDS; i++) runs.push(await lookUp(i));
    process.stdout.write(`# agent-view look-ups (ms): ${runs.map((ms) => Math.round(ms)).join(' ')}\n`);
    report('agent-view-ms', median(runs), 'ms');
  } finally {
    await browser.close();
    await host.close();
  }
}

export async function run(): Promise<void> {
  log.setQuiet(true);
  ensureRendererBuilt();
  process.stdout.write(loadLine());
  const sim = await startSimulatorChild({ extraAgents: DEVICES });
  let opened: { app: WatchdeskApp; dataDir: string } | null = null;
  try {
    opened = await openConsole(sim);
    const registry = createRegistry(opened.app.handlers, { isTrustedSender: () => true });
    await viewBench(sim, opened.app, registry);
    await watchBench(sim, registry);
  } finally {
    if (opened) {
      await opened.app.dispose();
      rmSync(opened.dataDir, { recursive: true, force: true });
    }
    await sim.close();
  }
}

if (isMain(import.meta.url)) await run();
