// The web host and the browser as the UI benches use them: `npm run web` started as an operator types it (its own
// process group, a data folder prepared as Connect would leave it) and Debian Chromium with the test suite's flags.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser, type Page } from '@playwright/test';
import defineConfig from '../playwright.config';
import { createApp } from '../main/app/create-app';
import { createVault } from '../main/secrets/vault';
import { keychainReady } from './keyring';
import { startSimulatorChild, type ChildOptions, type SimulatorChild } from './simulator-child';
import { scaledTimeout, scaleWaits } from './ui-support';

const root = join(import.meta.dirname, '..');

export interface Host {
  url: string;
  origin: string;
  child: ChildProcess;
  startedAt: number;
  close(): Promise<void>;
}

/** Profile, active server and API token in the keychain, as Connect would leave them. */
export async function prepareDataDir(dataDir: string, sim: SimulatorChild): Promise<void> {
  const vault = createVault();
  const app = await createApp({ dataDir, vault, demo: false, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null } });
  const profile = await app.services.profiles.create({ name: 'Bench', baseUrl: sim.baseUrl });
  await app.services.profiles.setActive(profile.id);
  await vault.setToken(profile.id, sim.apiToken);
  await app.dispose();
}

/** True while any process of the group led by `pid` runs. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `npm run web` as an operator types it, in its own process group (so it and its children stop together). */
export async function startHost(dataDir: string, extraArgs: string[] = []): Promise<Host> {
  const startedAt = Date.now();
  const child = spawn('npm', ['run', '--silent', 'web', '--', '--data-dir', dataDir, ...extraArgs], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = once(child, 'exit').catch(() => undefined);
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
    // npm exits before the host under it has closed its database and let go of the data folder's lock: the next
    // host started on the same folder would find it held and exit. Wait until the whole group has gone.
    for (let waited = 0; groupAlive(child.pid!) && waited < scaledTimeout(10_000); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  for await (const line of createInterface({ input: child.stdout! })) {
    const match = /(http:\/\/127\.0\.0\.1:\d+)\S*/.exec(line);
    if (match) return { url: match[0], origin: match[1]!, child, startedAt, close };
  }
  await close();
  throw new Error('the web host exited before it printed its address');
}

/** Resident memory of the largest process in the host's tree (the Node running main/web/cli.ts), in MB. */
export function hostRssMb(host: Host): number {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const ppid = /PPid:\s+(\d+)/.exec(status);
      const vm = /VmRSS:\s+(\d+) kB/.exec(status);
      if (ppid) parents.set(Number(name), Number(ppid[1]));
      if (vm) rss.set(Number(name), Number(vm[1]) / 1024);
    } catch {
      // The process ended while we looked.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parents.get(p)) if (p === host.child.pid) return true;
    return false;
  };
  return Math.max(0, ...[...rss].filter(([pid]) => inTree(pid)).map(([, mb]) => mb));
}

export async function openBrowser(): Promise<Browser> {
  const launch = defineConfig.use?.launchOptions ?? {};
  // Chromium is kept off the private D-Bus session (it would start an accessibility bus competing for the CPUs).
  const { DBUS_SESSION_BUS_ADDRESS: _bus, ...env } = process.env;
  return chromium.launch({ ...launch, env, executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  scaleWaits(page);
  return page;
}

/** What a UI bench drives: the simulator, the web host on a data folder prepared for it, and one page. */
export interface ConsoleSession {
  sim: SimulatorChild;
  host: Host;
  page: Page;
}

/**
 * Runs `use` against a console as an operator has it (the simulator in its own process, `npm run web` on a fresh
 * data folder with a profile for it, a 1280x800 page), and takes all of it down after, whatever `use` did.
 */
export async function withConsolePage(
  options: { simulator?: ChildOptions; hostArgs?: string[] },
  use: (session: ConsoleSession) => Promise<void>,
): Promise<void> {
  await keychainReady();
  const sim = await startSimulatorChild(options.simulator);
  const browser = await openBrowser();
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-bench-ui-'));
  try {
    await prepareDataDir(dataDir, sim);
    const host = await startHost(dataDir, options.hostArgs);
    const page = await newPage(browser);
    try {
      await use({ sim, host, page });
    } finally {
      await page.context().close();
      await host.close();
    }
  } finally {
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
    await sim.close();
  }
}
