// Where the outbox side of `outbox-1000-vs-undici` spends its CPU: the bench's own round (bench/outbox-flow.ts)
// against the simulator in a child process, profiled in this process with the inspector. Not a figure (run-all picks
// only *.bench.ts); run it by hand:
//   npx tsx bench/outbox-profile.ts [rounds=3] [out=outbox.cpuprofile]
// Prints self time per function (top 30) and per area, then operations per entry for one more round: encryptions,
// database commits, zod parses of each schema that touches an entry, state transitions.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { createPlatformClient } from '../main/platform/client';
import { migrations, openStorage } from '../main/storage';
import { createSealer } from '../main/storage/sealer';
import { OutboxRepository } from '../main/storage/repositories/outbox-repository';
import { CAMERAS, CONCURRENCY, outboxRound, undiciRound } from './outbox-flow';
import { countOperations, summariseCpu, threadCpu, threadCpuLine } from './profile-summary';
import { startSimulatorChild } from './simulator-child';

const rounds = Number(process.argv[2] ?? 3);
const out = process.argv[3] ?? 'outbox.cpuprofile';

const sim = await startSimulatorChild();
const dataDir = mkdtempSync(join(tmpdir(), 'wd-outbox-profile-'));
const key = randomBytes(32);
const client = createPlatformClient({ baseUrl: sim.baseUrl, tokenStyle: 'bearer', getToken: async () => sim.apiToken, timeoutMs: 30_000 });
const pool = new Pool(sim.baseUrl, { connections: CONCURRENCY });
let round = 0;
const storage = openStorage({ folder: dataDir, migrations });
const repository = new OutboxRepository(storage, createSealer(key));
const outboxOnce = () => outboxRound({ client, repository, placement: sim.placement, round: ++round });
const undiciOnce = () => undiciRound({ pool, apiToken: sim.apiToken, placement: sim.placement, round: ++round });

for (let i = 0; i < 2; i++) {
  await outboxOnce();
  await undiciOnce();
}

/** CPU (user + system) of this process for one round, in ms; the simulator's CPU is in its own process. */
async function cpuOf(run: () => Promise<number>, threads: { before: Map<string, number>; after: Map<string, number> }): Promise<number> {
  const cpu = process.cpuUsage();
  const before = threadCpu();
  await run();
  const after = threadCpu();
  for (const [name, ms] of after) threads.after.set(name, (threads.after.get(name) ?? 0) + ms - (before.get(name) ?? 0));
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000;
}
const cpu = { outbox: [] as number[], undici: [] as number[] };
const threads = { outbox: { before: new Map<string, number>(), after: new Map<string, number>() }, undici: { before: new Map<string, number>(), after: new Map<string, number>() } };
for (let i = 0; i < 2 * rounds; i++) {
  cpu.outbox.push(await cpuOf(outboxOnce, threads.outbox));
  cpu.undici.push(await cpuOf(undiciOnce, threads.undici));
}
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
process.stdout.write(
  `# CPU of this process per round (sorted): outbox ${sorted(cpu.outbox).map((v) => v.toFixed(0)).join(' ')} ms; bare undici ${sorted(cpu.undici).map((v) => v.toFixed(0)).join(' ')} ms\n`,
);
// By thread (10 ms ticks, so whole rounds only): V8's helpers take the core the simulator needs as much as main does.
process.stdout.write(
  `# CPU per round by thread, ms: outbox ${threadCpuLine(threads.outbox.before, threads.outbox.after, 2 * rounds)}; bare undici ${threadCpuLine(threads.undici.before, threads.undici.after, 2 * rounds)}\n`,
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

summariseCpu(profile, rounds * CAMERAS, 'entry');
await countOperations(
  session,
  dataDir,
  /\/(main\/outbox|main\/onboarding|main\/platform|main\/secrets\/crypto|main\/shared|preload\/contract)\/|\/zod\/v4\/core\/(parse|schemas)\.js/,
  CAMERAS,
  'entry',
  outboxOnce,
);

await client.close();
await pool.close();
await sim.close();
storage.close();
rmSync(dataDir, { recursive: true, force: true });
session.disconnect();
