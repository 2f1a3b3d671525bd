// The console's web host in a process of its own, for the dashboard bench, started as a user starts it: `node
// --max-semi-space-size=2 scripts/web.mjs --port 0 --data-dir <folder>` (what `npm run web` runs: the bundled host in
// dist/web, its dashboard answer thread too, with the host's memory settings). What the bench reads of that process
// is then the host's own: its peak resident memory (the kernel's VmHWM: the true peak, not a sample) and its event
// loop's stalls, through bench/host-probe.mjs loaded into it (Node's modules only).
//
// The data folder is prepared first, as an operator would have it: a profile per server (made by the composition
// root in this process, then closed), so no demo server starts; the host is then asked, as the Connect screen asks
// it, to keep tokens for this session only and to take each server's token (never the system keychain).
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createApp } from '../main/app/create-app';
import { createVault } from '../main/secrets/vault';
import { log } from '../main/shared/log';
import { secretHeader } from '../main/web/host';

const root = join(import.meta.dirname, '..');

export interface HostServer {
  name: string;
  baseUrl: string;
  apiToken: string;
}

/** What the host process has measured since the last `watch`: main's loop, and its memory. */
export interface HostReading {
  /** The longest time main's event loop was held (Node's delay histogram, 10 ms resolution), in ms. */
  longestStallMs: number;
  /** The longest CPU time main's thread spent between two ticks of a 5 ms timer, in ms. */
  longestCpuTaskMs: number;
  /** The process's peak resident memory since it started (VmHWM), in bytes. */
  peakRss: number;
  /** The resident memory now (VmRSS), in bytes. */
  rss: number;
  /** Main's heap and buffers in words, when the sampled resident memory was highest. */
  atPeak: string;
  /** The same, now. */
  now: string;
}

/** A host answer as the page receives it. */
export type HostAnswer = { ok: true; value: unknown } | { ok: false; error: { message: string } };

export interface DashboardHost {
  url: string;
  /** The host process's id (its memory is /proc/<pid>/status). */
  pid: number;
  /** Asks the host what the page asks it (`/ipc/<channel>`); its answer as the page gets it. */
  call(channel: string, input: unknown): Promise<HostAnswer>;
  /** Starts watching main's loop afresh (its longest stall and CPU stretch). */
  watch(): Promise<void>;
  /** What was measured since `watch`, and the memory (peak since start, now). */
  read(): Promise<HostReading>;
  close(): Promise<void>;
}

/** Profiles for the servers in a new data folder (the first one active); their ids, in order. */
async function prepareDataFolder(dataDir: string, servers: HostServer[]): Promise<string[]> {
  // This process's own log (the host writes its own in the data folder).
  log.setSink(() => undefined);
  const vault = createVault({ service: `watchdesk-bench-${process.pid}` });
  vault.useSessionOnly();
  const app = await createApp({ dataDir, vault, demo: false, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null } });
  try {
    const ids: string[] = [];
    for (const server of servers) ids.push((await app.services.profiles.create({ name: server.name, baseUrl: server.baseUrl })).id);
    if (ids[0]) await app.services.profiles.setActive(ids[0]);
    return ids;
  } finally {
    await app.dispose();
  }
}

function ask<T>(child: ChildProcess, request: { kind: 'watch' | 'read' }, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const listen = (message: { kind: string }) => {
      if (message.kind !== answer) return;
      child.off('message', listen);
      resolve(message as T);
    };
    child.on('message', listen);
    child.send(request);
  });
}

/** Starts the host in its own process, its profiles pointing at `servers` (the first one active). */
export async function startDashboardHost(servers: HostServer[]): Promise<DashboardHost> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-bench-dashboard-'));
  const ids = await prepareDataFolder(dataDir, servers);
  const child = fork(join(root, 'scripts', 'web.mjs'), ['--port', '0', '--data-dir', dataDir, '--log-level', 'error'], {
    cwd: root,
    execArgv: ['--max-semi-space-size=2', '--import', join(root, 'bench', 'host-probe.mjs')],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  let url: string | null = null;
  for await (const line of createInterface({ input: child.stdout! })) {
    const found = /(http:\/\/127\.0\.0\.1:\d+\/\?secret=\S+)/.exec(line);
    if (found) {
      url = found[1]!;
      break;
    }
  }
  // Whatever else it prints is not needed, but must be read so the host never blocks on a full pipe.
  child.stdout!.resume();
  if (!url) throw new Error('the web host exited before it printed its address');
  const address = new URL(url);
  const call = async (channel: string, input: unknown): Promise<HostAnswer> => {
    const response = await fetch(new URL(`/ipc/${channel}`, address.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [secretHeader]: address.searchParams.get('secret')! },
      body: input === undefined ? '' : JSON.stringify(input),
    });
    return (await response.json()) as HostAnswer;
  };
  const setUp = async (channel: string, input: unknown) => {
    const result = await call(channel, input);
    if (!result.ok) throw new Error(`the web host refused ${channel}: ${JSON.stringify(result)}`);
  };
  await setUp('vault.useSessionOnly', undefined);
  for (const [index, server] of servers.entries()) await setUp('profiles.setToken', { id: ids[index], token: server.apiToken });
  return {
    url,
    pid: child.pid!,
    call,
    watch: () => ask<unknown>(child, { kind: 'watch' }, 'watching').then(() => undefined),
    read: () => ask<HostReading>(child, { kind: 'read' }, 'reading'),
    async close() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
