// The token desk's batch path against curl and bare undici: 1,000 stream tokens from the simulator.
// - console: tokens.batchStart through the real handler registry (platform client, 16 in flight, one history write)
// - curl: what desks do today, one `curl` process per token, one after another
// - undici: a bare keep-alive Pool with the same concurrency, no validation, no history (the floor)
// The simulator runs in a child process, as a real server would be elsewhere: on a 2-core machine an in-process
// server would share one event loop with the client and blur what each side costs.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Pool } from 'undici';
import { createApp } from '../main/app/create-app';
import { createRegistry } from '../main/ipc/registry';
import { createVault } from '../main/secrets/vault';
import { log } from '../main/shared/log';
import { startSimulator } from '../main/simulator/index';
import type { BatchStatus } from '../preload/channels/tokens';
import { isMain, report } from './report';

const TOTAL = 1000;
const CONCURRENCY = 16;
const run$ = promisify(execFile);
const CHILD_FLAG = 'WATCHDESK_BENCH_SIMULATOR';

interface Server {
  baseUrl: string;
  apiToken: string;
  streams: string[];
}

function body(stream: string, id: number): string {
  return JSON.stringify({ jsonrpc: '2.0', method: 'Auth.CreateApiToken', params: { stream, ttl: 3600, live: true, dvr: false, copy: false }, id });
}

async function consoleBatch(sim: Server, streams: string[]): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-bench-'));
  // Session-only vault: the bench measures the batch path, not the keychain (and runs without D-Bus).
  const vault = createVault({ service: `watchdesk-bench-${process.pid}` });
  vault.useSessionOnly();
  const app = await createApp({ dataDir, vault, demo: false, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null } });
  try {
    const profile = await app.services.profiles.create({ name: 'Bench', baseUrl: sim.baseUrl });
    await app.services.profiles.setActive(profile.id);
    app.services.connections.setDemoToken(profile.id, sim.apiToken);
    const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
    const call = async (channel: string, input: unknown): Promise<BatchStatus> => {
      const result = await registry.call(channel, input, { transport: 'test' });
      if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
      return result.value as BatchStatus;
    };
    const started = performance.now();
    let status = await call('tokens.batchStart', { text: streams.join('\n'), live: true, ttl: 3600 });
    // Polled more often than the screen does (250 ms), so the poll interval does not hide the batch's own time.
    while (status.running) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      status = await call('tokens.batchStatus', { batchId: status.id, since: status.rev });
    }
    const elapsed = performance.now() - started;
    if (status.counts.ok !== streams.length) throw new Error(`console batch: ${status.counts.ok} of ${streams.length} issued`);
    return elapsed;
  } finally {
    await app.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function undiciBatch(sim: Server, streams: string[]): Promise<number> {
  const pool = new Pool(sim.baseUrl, { connections: CONCURRENCY });
  const headers = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${sim.apiToken}` };
  let next = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < streams.length) {
      const i = next++;
      const res = await pool.request({ path: '/api/', method: 'POST', headers, body: body(streams[i]!, i) });
      await res.body.text();
      if (res.statusCode !== 200) throw new Error(`undici: HTTP ${res.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = performance.now() - started;
  await pool.close();
  return elapsed;
}

async function curlLoop(sim: Server, streams: string[]): Promise<number | null> {
  try {
    await run$('curl', ['--version']);
  } catch {
    process.stdout.write('# curl is not installed: the curl comparison is skipped\n');
    return null;
  }
  const started = performance.now();
  for (let i = 0; i < streams.length; i++) {
    const { stdout } = await run$('curl', [
      '-s',
      '-X', 'POST',
      '-H', 'Content-Type: application/json',
      '-H', `Authorization: Bearer ${sim.apiToken}`,
      '--data', body(streams[i]!, i),
      `${sim.baseUrl}/api/`,
    ]);
    if (!stdout.startsWith('"st_')) throw new Error(`curl: unexpected answer ${stdout.slice(0, 80)}`);
  }
  return performance.now() - started;
}

/** Child side: starts the simulator and tells the parent where it is, then serves until killed. */
async function serveSimulator(): Promise<void> {
  const sim = await startSimulator({ seed: 42 });
  const streams = [...sim.state.streams.values()].filter((s) => s.authorization === 'private').map((s) => s.uid);
  process.stdout.write(`${JSON.stringify({ baseUrl: sim.baseUrl, apiToken: sim.apiToken, streams })}\n`);
}

async function startServer(): Promise<{ server: Server; child: ChildProcess }> {
  // The same Node as this process (not whatever `node` is first on PATH), with tsx as its loader.
  const child = spawn(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname], { env: { ...process.env, [CHILD_FLAG]: '1' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{')) return { server: JSON.parse(line) as Server, child };
  }
  throw new Error('the simulator child exited before it started');
}

export async function run(): Promise<void> {
  log.setQuiet(true);
  const { server: sim, child } = await startServer();
  try {
    const streams = sim.streams.slice(0, TOTAL);
    await undiciBatch(sim, streams.slice(0, 200)); // warm-up: JIT, sockets
    await consoleBatch(sim, streams.slice(0, 200));
    // Interleaved rounds, best of each: this VM's speed drifts by 2x within a minute, so a single pair of runs
    // mostly measures the drift.
    const consoleRuns: number[] = [];
    const undiciRuns: number[] = [];
    for (let round = 0; round < 5; round++) {
      consoleRuns.push(await consoleBatch(sim, streams));
      undiciRuns.push(await undiciBatch(sim, streams));
    }
    const consoleMs = Math.min(...consoleRuns);
    const undiciMs = Math.min(...undiciRuns);
    const curlMs = await curlLoop(sim, streams);
    report('token-batch-1000-ms', consoleMs, 'ms');
    report('token-batch-undici-1000-ms', undiciMs, 'ms');
    report('token-batch-ratio-vs-undici', consoleMs / undiciMs, 'x');
    if (curlMs !== null) {
      report('token-batch-curl-1000-ms', curlMs, 'ms');
      report('token-batch-speedup-vs-curl', curlMs / consoleMs, 'x');
    }
  } finally {
    child.kill();
  }
}

if (process.env[CHILD_FLAG]) await serveSimulator();
else if (isMain(import.meta.url)) await run();
