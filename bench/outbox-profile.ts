// Where the outbox side of `outbox-1000-vs-undici` spends its CPU: the bench's own round (bench/outbox-flow.ts)
// against the simulator in a child process, profiled in this process with the inspector. Not a figure (run-all picks
// only *.bench.ts); run it by hand:
//   npx tsx bench/outbox-profile.ts [rounds=3] [out=outbox.cpuprofile]
// Prints self time per function (top 30) and per area, then operations per entry for one more round: encryptions,
// journal writes and fsyncs, zod parses of each schema that touches an entry, state transitions.
import { randomBytes } from 'node:crypto';
import crypto from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { Session, type Profiler } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { createSavedOutboxStore } from '../main/outbox/outbox-store';
import { createPlatformClient } from '../main/platform/client';
import { CAMERAS, CONCURRENCY, outboxRound, undiciRound } from './outbox-flow';
import { startSimulatorChild } from './simulator-child';

const rounds = Number(process.argv[2] ?? 3);
const out = process.argv[3] ?? 'outbox.cpuprofile';

const sim = await startSimulatorChild();
const dataDir = mkdtempSync(join(tmpdir(), 'wd-outbox-profile-'));
const key = randomBytes(32);
const client = createPlatformClient({ baseUrl: sim.baseUrl, tokenStyle: 'bearer', getToken: async () => sim.apiToken, timeoutMs: 30_000 });
const pool = new Pool(sim.baseUrl, { connections: CONCURRENCY });
let round = 0;
const store = () => createSavedOutboxStore(join(dataDir, `r${round}.enc`), async () => Buffer.from(key));
const outboxOnce = () => outboxRound({ client, store: store(), placement: sim.placement, round: ++round });
const undiciOnce = () => undiciRound({ pool, apiToken: sim.apiToken, placement: sim.placement, round: ++round });

for (let i = 0; i < 2; i++) {
  await outboxOnce();
  await undiciOnce();
}

/** CPU (user + system) of this process for one round, in ms; the simulator's CPU is in its own process. */
async function cpuOf(run: () => Promise<number>): Promise<number> {
  const cpu = process.cpuUsage();
  await run();
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000;
}
const cpu = { outbox: [] as number[], undici: [] as number[] };
for (let i = 0; i < 2 * rounds; i++) {
  cpu.outbox.push(await cpuOf(outboxOnce));
  cpu.undici.push(await cpuOf(undiciOnce));
}
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
process.stdout.write(
  `# CPU of this process per round (sorted): outbox ${sorted(cpu.outbox).map((v) => v.toFixed(0)).join(' ')} ms; bare undici ${sorted(cpu.undici).map((v) => v.toFixed(0)).join(' ')} ms\n`,
);

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 250 });
await session.post('Profiler.start');
const times: number[] = [];
for (let i = 0; i < rounds; i++) times.push(await outboxOnce());
const { profile } = await session.post('Profiler.stop');
writeFileSync(out, JSON.stringify(profile));
const bare: number[] = [];
for (let i = 0; i < rounds; i++) bare.push(await undiciOnce());
process.stdout.write(`# rounds (profiled): outbox ${times.map((t) => t.toFixed(0)).join(' / ')} ms; bare undici (not profiled) ${bare.map((t) => t.toFixed(0)).join(' / ')} ms\n`);

summarise(profile, rounds);
await countOperations();

await client.close();
await pool.close();
await sim.close();
rmSync(dataDir, { recursive: true, force: true });
session.disconnect();

function areaOf(url: string, name: string): string {
  if (name === '(garbage collector)') return 'gc';
  if (name === '(idle)' || name === '(program)' || name === '(root)') return name;
  if (url.includes('/node_modules/zod/')) return 'zod';
  if (url.includes('/node_modules/undici/')) return 'undici';
  if (url.includes('/node_modules/papaparse/')) return 'papaparse';
  if (url.includes('/node_modules/')) return 'other deps';
  const own = /\/(main|preload)\/(.+)$/.exec(url);
  if (own) return own[2]!.split('/').slice(0, -1).join('/') || own[2]!;
  if (url.startsWith('node:')) return url.replace(/^node:internal\//, 'node:').split('/').slice(0, 2).join('/');
  return url === '' ? '(native)' : url;
}

function summarise(cpu: Profiler.Profile, profiledRounds: number): void {
  const deltas = cpu.timeDeltas ?? [];
  const selfUs = new Map<number, number>();
  for (let i = 0; i < (cpu.samples ?? []).length; i++) selfUs.set(cpu.samples![i]!, (selfUs.get(cpu.samples![i]!) ?? 0) + (deltas[i] ?? 0));
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let total = 0;
  for (const node of cpu.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (us === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const area = areaOf(url, functionName);
    const label = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(main|preload|node_modules)\//, '$1/')}:${lineNumber + 1}`;
    byFunction.set(label, (byFunction.get(label) ?? 0) + us);
    byArea.set(area, (byArea.get(area) ?? 0) + us);
    if (area !== '(idle)') total += us;
  }
  const perEntry = (us: number) => `${(us / 1000 / profiledRounds).toFixed(1).padStart(6)} ms/1000`;
  process.stdout.write(`# CPU (not idle) ${(total / 1000 / profiledRounds).toFixed(0)} ms per round of ${CAMERAS}\n# by area:\n`);
  for (const [area, us] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, 20)) process.stdout.write(`${perEntry(us)}  ${area}\n`);
  process.stdout.write('# by function (self):\n');
  for (const [label, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 30)) process.stdout.write(`${perEntry(us)}  ${label}\n`);
}

/**
 * One more round with counters: the file system and cipher calls are wrapped where they come from (the FileHandle
 * prototype, node:crypto), the functions of this project and of zod are counted by V8's precise coverage.
 */
async function countOperations(): Promise<void> {
  const counts = new Map<string, number>();
  const bump = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
  const probe = await open(join(dataDir, 'probe'), 'w');
  const handleProto = Object.getPrototypeOf(probe) as Record<string, (...args: unknown[]) => unknown>;
  await probe.close();
  const restore: Array<() => void> = [];
  for (const method of ['write', 'writev', 'writeFile', 'datasync', 'sync']) {
    const original = handleProto[method]!;
    handleProto[method] = function (this: unknown, ...args: unknown[]) {
      bump(`fs ${method}`);
      return original.apply(this, args);
    };
    restore.push(() => (handleProto[method] = original));
  }
  const cryptoApi = crypto as unknown as Record<string, (...args: unknown[]) => unknown>;
  const cipher = cryptoApi['createCipheriv']!;
  cryptoApi['createCipheriv'] = (...args: unknown[]) => {
    bump('encryptions');
    return cipher(...args);
  };
  syncBuiltinESMExports();
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  await outboxOnce();
  const { result } = await session.post('Profiler.takePreciseCoverage');
  await session.post('Profiler.stopPreciseCoverage');
  for (const undo of restore) undo();
  cryptoApi['createCipheriv'] = cipher;
  syncBuiltinESMExports();

  const watched = /\/(main\/outbox|main\/onboarding|main\/platform|main\/secrets\/crypto|main\/shared|preload\/contract)\/|\/zod\/v4\/core\/(parse|schemas)\.js/;
  const functions: Array<[string, number]> = [];
  for (const script of result) {
    if (!watched.test(script.url)) continue;
    const file = script.url.replace(/^.*\/(main|preload|node_modules)\//, '$1/');
    for (const fn of script.functions) {
      const count = fn.ranges[0]?.count ?? 0;
      if (count > 0 && fn.functionName) functions.push([`${fn.functionName} ${file}`, count]);
    }
  }
  process.stdout.write(`# operations per entry (one round of ${CAMERAS}):\n`);
  for (const [name, count] of [...counts].sort()) process.stdout.write(`${(count / CAMERAS).toFixed(3).padStart(8)}  ${name} (${count})\n`);
  for (const [name, count] of functions.sort((a, b) => b[1] - a[1]).slice(0, 45)) process.stdout.write(`${(count / CAMERAS).toFixed(3).padStart(8)}  ${name} (${count})\n`);
}
