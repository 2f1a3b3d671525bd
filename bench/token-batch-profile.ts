// Where the console side of `token-batch-10000-vs-undici` spends its CPU and memory beyond bare undici: the bench's
// own rounds (bench/token-desk.ts, bench/undici-batch.ts) against the simulator in a child process, with the real
// vault in a private keyring and the history journal written. Not a figure (run-all picks only *.bench.ts); run it
// by hand:
//   node --import tsx bench/token-batch-profile.ts [rounds=3] [tokens=10000] [out=token-batch.cpuprofile]
// Prints CPU per token for each side (this process's main thread, all its threads, and the simulator's: a loaded
// machine stretches wall time, not these), bytes allocated per token for each side, the console's self time by area
// and function, and the operations one console round makes per token (fsyncs, encryptions, zod parses, row moves).
// With `costs` as the fifth argument it stops after the CPU per token (a quick comparison of two versions).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session, type Profiler } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { log } from '../main/shared/log';
import { inPrivateKeyring, keychainReady, rerunInPrivateKeyring } from './keyring';
import { median } from './report';
import { countOperations, sampleAllocations, summariseAllocations, summariseCpu } from './profile-summary';
import { startSimulatorChild } from './simulator-child';
import { consoleBatch, openConsole } from './token-desk';
import { undiciTokenBatch } from './undici-batch';

if (!inPrivateKeyring()) rerunInPrivateKeyring(import.meta.url);

const rounds = Number(process.argv[2] ?? 3);
const tokens = Number(process.argv[3] ?? 10_000);
const out = process.argv[4] ?? 'token-batch.cpuprofile';
const CONCURRENCY = 16;

log.setQuiet(true);
await keychainReady();
const sim = await startSimulatorChild({ extraPrivateStreams: 10_000 });
const desk = await openConsole(sim);
const pool = new Pool(sim.baseUrl, { connections: CONCURRENCY, keepAliveTimeout: 30_000 });
const streams = sim.streams.slice(-tokens);
const scratch = mkdtempSync(join(tmpdir(), 'wd-token-profile-'));
const consoleOnce = async () => (await consoleBatch(desk, streams)).issuedMs;
const undiciOnce = () => undiciTokenBatch(pool, sim.apiToken, streams, CONCURRENCY);

for (let i = 0; i < 2; i++) {
  await undiciOnce();
  await consoleOnce();
}

/** CPU time (user + system) in ms of the simulator child processes, read from /proc (Linux). */
function serverCpuMs(): number {
  const tick = 10; // USER_HZ is 100 on Linux
  let total = 0;
  for (const task of readdirSync('/proc/self/task')) {
    const children = readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim();
    for (const pid of children ? children.split(' ') : []) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    }
  }
  return total;
}

interface Cost {
  wall: number;
  /** This process's main thread: what the event loop spends. */
  thread: number;
  /** This process with every thread (the file system's and the garbage collector's helpers too). */
  process: number;
  server: number;
}

/** One round's wall time and CPU times, in ms. */
async function costOf(run: () => Promise<number>): Promise<Cost> {
  const thread = process.threadCpuUsage();
  const all = process.cpuUsage();
  const server = serverCpuMs();
  const wall = await run();
  const usedThread = process.threadCpuUsage(thread);
  const usedAll = process.cpuUsage(all);
  return { wall, thread: (usedThread.user + usedThread.system) / 1000, process: (usedAll.user + usedAll.system) / 1000, server: serverCpuMs() - server };
}
const measured = { console: [] as Cost[], undici: [] as Cost[] };
for (let i = 0; i < rounds; i++) {
  measured.console.push(await costOf(consoleOnce));
  measured.undici.push(await costOf(undiciOnce));
}
const perToken = (ms: number) => ((ms * 1000) / tokens).toFixed(1);
for (const side of ['console', 'undici'] as const) {
  const runs = measured[side];
  const line = (key: keyof Cost) => `${runs.map((r) => perToken(r[key])).join(' ')} (median ${perToken(median(runs.map((r) => r[key])))})`;
  process.stdout.write(`# ${side} µs per token: main thread CPU ${line('thread')}; process CPU ${line('process')}; server CPU ${line('server')}; wall ${line('wall')}\n`);
}
process.stdout.write(`# wall ratio per round: ${measured.console.map((r, i) => (r.wall / measured.undici[i]!.wall).toFixed(2)).join(' ')}\n`);

if (process.argv[5] === 'costs') {
  await pool.close();
  await desk.close();
  await sim.close();
  process.exit(0);
}

const session = new Session();
session.connect();
summariseAllocations(await sampleAllocations(session, undiciOnce), tokens, 'token (undici)');
summariseAllocations(await sampleAllocations(session, consoleOnce), tokens, 'token (console)');

await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 250 });
await session.post('Profiler.start');
for (let i = 0; i < rounds; i++) await consoleOnce();
const { profile }: { profile: Profiler.Profile } = await session.post('Profiler.stop');
writeFileSync(out, JSON.stringify(profile));
summariseCpu(profile, rounds * tokens, 'token');

await countOperations(
  session,
  scratch,
  /\/(main\/tokens|main\/platform|main\/secrets|main\/shared|main\/ipc|preload\/contract)\/|\/zod\/v4\/core\/(parse|schemas)\.js/,
  tokens,
  'token',
  consoleOnce,
);

session.disconnect();
await pool.close();
await desk.close();
await sim.close();
rmSync(scratch, { recursive: true, force: true });
