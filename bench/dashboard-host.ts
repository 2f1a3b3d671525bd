// The console's web host in a process of its own, for the dashboard bench: the same composition main/web/cli.ts and
// web-app.ts build (the composition root, the handler registry with the web host's trusted senders, the web host on
// a loopback port), with the host's memory settings (`--max-semi-space-size=2` on node's command line, the growth
// factor applied here), so that what the bench reads of this process is the host's own: its peak resident memory
// (the kernel's VmHWM: the true peak, not a sample) and its event loop's stalls. Main runs from its TypeScript
// sources (through tsx), the dashboard's answer thread too. No demo server: the profiles are the bench's servers,
// with their tokens held in memory (session-only vault), as a console used for one big platform has them.
//
// The bench starts it with startDashboardHost(); it answers the bench's questions over the IPC channel.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMain } from './report';

const root = join(import.meta.dirname, '..');
const YOUNG_GENERATION_FLAG = '--max-semi-space-size=2';

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

type Request = { kind: 'watch' } | { kind: 'read' };

/** A number of kB from /proc/self/status (VmHWM, VmRSS), in bytes. */
function statusBytes(field: 'VmHWM' | 'VmRSS'): number {
  const line = readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, '') ?? 0) * 1024;
}

/** This process's memory in words: main's heap and buffers, and the rest (the answer thread's heap, native memory). */
function memoryWords(): string {
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  const { rss, heapTotal, external, arrayBuffers } = process.memoryUsage();
  return `RSS ${mb(rss)} MB, main's heap ${mb(heapTotal)} MB committed, main's buffers and external memory ${mb(external)} MB (array buffers ${mb(arrayBuffers)} MB)`;
}

async function serve(): Promise<void> {
  const [{ applyHeapSettings }, { createApp }, { createRegistry }, { isTrustedWebSender }, { createVault }, { startWebHost }, { log }] = await Promise.all([
    import('../main/app/heap-settings'),
    import('../main/app/create-app'),
    import('../main/ipc/registry'),
    import('../main/ipc/trusted-senders'),
    import('../main/secrets/vault'),
    import('../main/web/host'),
    import('../main/shared/log'),
  ]);
  applyHeapSettings();
  log.setSink(() => undefined);
  const servers = JSON.parse(process.env.WATCHDESK_BENCH_HOST_SERVERS ?? '[]') as HostServer[];
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
  const registry = createRegistry(app.handlers, { isTrustedSender: isTrustedWebSender });
  const host = await startWebHost({ registry, events: app.services.events, rendererDir: join(root, 'dist', 'renderer') });

  const stalls = monitorEventLoopDelay({ resolution: 10 });
  let last = process.threadCpuUsage();
  let longestCpu = 0;
  const cpuTimer = setInterval(() => {
    const spent = process.threadCpuUsage(last);
    last = process.threadCpuUsage();
    longestCpu = Math.max(longestCpu, (spent.user + spent.system) / 1000);
  }, 5);
  // Main's share at the highest sampled RSS (the peak itself is the kernel's VmHWM, read on request).
  let sampledPeak = 0;
  let atPeak = memoryWords();
  const sampler = setInterval(() => {
    const rss = process.memoryUsage.rss();
    if (rss > sampledPeak) {
      sampledPeak = rss;
      atPeak = memoryWords();
    }
  }, 20);

  process.on('message', (request: Request) => {
    if (request.kind === 'watch') {
      stalls.reset();
      stalls.enable();
      last = process.threadCpuUsage();
      longestCpu = 0;
      process.send!({ ok: true });
      return;
    }
    const reading: HostReading = {
      longestStallMs: stalls.max / 1e6,
      longestCpuTaskMs: longestCpu,
      peakRss: statusBytes('VmHWM'),
      rss: statusBytes('VmRSS'),
      atPeak,
      now: memoryWords(),
    };
    stalls.disable();
    process.send!(reading);
  });
  process.once('disconnect', () => {
    clearInterval(cpuTimer);
    clearInterval(sampler);
    void host
      .close()
      .then(() => app.dispose())
      .finally(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
  process.send!({ url: host.url });
}

export interface DashboardHost {
  url: string;
  pid: number;
  /** Starts watching main's loop afresh (its longest stall and CPU stretch). */
  watch(): Promise<void>;
  /** What was measured since `watch`, and the memory (peak since start, now). */
  read(): Promise<HostReading>;
  close(): Promise<void>;
}

function ask<T>(child: ChildProcess, request: Request): Promise<T> {
  const answer = once(child, 'message') as Promise<[T]>;
  child.send(request);
  return answer.then(([value]) => value);
}

/** Starts the host in its own process, its profiles pointing at `servers` (the first one active). */
export async function startDashboardHost(servers: HostServer[]): Promise<DashboardHost> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: [YOUNG_GENERATION_FLAG, '--import', 'tsx'],
    env: { ...process.env, WATCHDESK_BENCH_HOST: '1', WATCHDESK_BENCH_HOST_SERVERS: JSON.stringify(servers) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  const [started] = (await Promise.race([once(child, 'message'), exited.then(() => [null])])) as [{ url: string } | null];
  if (!started) throw new Error('the dashboard host exited before it started');
  return {
    url: started.url,
    pid: child.pid!,
    watch: () => ask<unknown>(child, { kind: 'watch' }).then(() => undefined),
    read: () => ask<HostReading>(child, { kind: 'read' }),
    async close() {
      child.disconnect();
      await exited;
    },
  };
}

if (process.env.WATCHDESK_BENCH_HOST && isMain(import.meta.url)) await serve();
