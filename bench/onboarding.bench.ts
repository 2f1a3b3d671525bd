// Onboarding figures:
//   onboarding-csv-10k-validate-ms: parse (papaparse) and check every row of a 10,000-row camera CSV with the
//     wizard's rules, duplicates included: the work the import screen does before anything is sent. The first call in
//     a fresh process (as the operator meets it), median of 5 processes; `-warm-ms` is the median of 7 after 3 warm-ups.
//   outbox-1000-vs-undici: 1,000 cameras from CSV to created on the simulator through the outbox (parse + check,
//     each request checked against the wire schema once as it is queued; the entries queued in one committed
//     transaction of the data folder's SQLite database, sealed with the data key; each group of sends marked as on
//     the wire by a commit before it leaves; the answers committed in groups, all on disk before the clock stops; the
//     platform client checking every answer), divided by bare undici doing the same 1,000 POSTs. The simulator runs
//     in its own process (bench/simulator-child.ts). The same connection cap on both sides: 8 requests in flight at
//     most, so at most 8 connections in use (the bare Pool is capped at 8 connections; the console's client opens one
//     per request in flight). The data key and the API token come from the real keychain (a private keyring, as in
//     the app). 3 warm-up rounds each, then 7 rounds, each an outbox run and a bare run back to back, alternating
//     which goes first; the figure is the median of the 7 per-round ratios.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { flagDuplicates, keysOf, parseImport } from '../preload/contract/camera/csv-import';
import { createPlatformClient } from '../main/platform/client';
import { createVault } from '../main/secrets/vault';
import { startSimulator } from '../main/simulator';
import { migrations, openStorage } from '../main/storage';
import { createSealer } from '../main/storage/sealer';
import { OutboxRepository } from '../main/storage/repositories/outbox-repository';
import { startSimulatorChild } from './simulator-child';
import { cpuMedians, cpuNow, cpuSince, type CpuSplit } from './cpu-split';
import { inPrivateKeyring, keychainReady, rerunInPrivateKeyring } from './keyring';
import { CONCURRENCY, csvOf, outboxRound, undiciRound } from './outbox-flow';
import { isMain, median, report } from './report';

const COLD_PROCESSES = 5;
const COLD_FLAG = '--csv-cold-once';
const WARM_UP_ROUNDS = 3;

/** One parse and check of the 10,000-row file, in milliseconds; throws when the generated file has problems. */
function validateOnce(text: string): number {
  const started = performance.now();
  const parsed = parseImport(text, () => 'unused');
  flagDuplicates(parsed.rows, keysOf([]));
  const elapsed = performance.now() - started;
  if (parsed.fileProblem || parsed.rows.some((row) => Object.keys(row.problems).length > 0)) throw new Error('bench CSV has problems');
  return elapsed;
}

/**
 * The operator meets the first call in a fresh renderer: nothing compiled yet. So the figure is that first call, each
 * in its own fresh process (median of 5); the same work once warmed up (3 runs) is printed beside it.
 */
async function csvFigure(group: string, folder: string): Promise<void> {
  const cold: number[] = [];
  for (let i = 0; i < COLD_PROCESSES; i++) {
    const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), COLD_FLAG, group, folder], { encoding: 'utf8' });
    const value = Number(/^COLD (\S+)$/m.exec(child.stdout)?.[1]);
    if (child.status !== 0 || !Number.isFinite(value)) throw new Error(`cold CSV run failed: ${child.stderr}`);
    cold.push(value);
  }
  const text = csvOf(10_000, 'aa', group, folder, 0xaa);
  for (let i = 0; i < 3; i++) validateOnce(text);
  const warm = median(Array.from({ length: 7 }, () => validateOnce(text)));
  process.stdout.write(`# CSV 10,000 rows: cold (first call, fresh process) ${cold.map((v) => v.toFixed(0)).join(' / ')} ms; warm median ${warm.toFixed(0)} ms\n`);
  report('onboarding-csv-10k-validate-ms', median(cold), 'ms');
  report('onboarding-csv-10k-validate-warm-ms', warm, 'ms');
}

async function main(): Promise<void> {
  const seeded = await startSimulator({ seed: 42 });
  const folderEntry = [...seeded.state.foldersByKey.values()][0]!;
  await csvFigure(seeded.state.treeById.get(folderEntry.group_id)!.key, folderEntry.key);
  await seeded.close();

  const sim = await startSimulatorChild();
  await keychainReady();
  const vault = createVault({ service: `watchdesk-bench-onboarding-${process.pid}` });
  await vault.setToken('bench', sim.apiToken);
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-bench-outbox-'));
  const storage = openStorage({ folder: dataDir, migrations });
  const repository = new OutboxRepository(storage, createSealer(await vault.getDataKey()));
  const client = createPlatformClient({ baseUrl: sim.baseUrl, tokenStyle: 'bearer', getToken: () => vault.getToken('bench'), timeoutMs: 30_000 });
  const pool = new Pool(sim.baseUrl, { connections: CONCURRENCY });
  let round = 0;
  const cpu = { outbox: [] as CpuSplit[], undici: [] as CpuSplit[] };
  const timed = async (side: keyof typeof cpu, run: () => Promise<number>): Promise<number> => {
    const before = cpuNow();
    const ms = await run();
    cpu[side].push(cpuSince(before));
    return ms;
  };
  const throughOutbox = () => timed('outbox', () => outboxRound({ client, repository, placement: sim.placement, round: ++round }));
  const bareUndici = () => timed('undici', () => undiciRound({ pool, apiToken: sim.apiToken, placement: sim.placement, round: ++round }));

  // The simulator warms up over its first rounds: after a single warm-up round, bare rounds still got faster round by round.
  for (let i = 0; i < WARM_UP_ROUNDS; i++) {
    await throughOutbox();
    await bareUndici();
  }
  cpu.outbox.length = 0;
  cpu.undici.length = 0;
  const ratios: number[] = [];
  const outboxTimes: number[] = [];
  const undiciTimes: number[] = [];
  for (let i = 0; i < 7; i++) {
    // Which side goes first alternates, so neither always meets a warmer simulator.
    const [first, second] = i % 2 === 0 ? [throughOutbox, bareUndici] : [bareUndici, throughOutbox];
    const a = await first();
    const b = await second();
    const [outboxMs, undiciMs] = i % 2 === 0 ? [a, b] : [b, a];
    outboxTimes.push(outboxMs);
    undiciTimes.push(undiciMs);
    ratios.push(outboxMs / undiciMs);
  }
  process.stdout.write(
    `# outbox ${outboxTimes.map((v) => v.toFixed(0)).join(' / ')} ms; bare undici ${undiciTimes.map((v) => v.toFixed(0)).join(' / ')} ms; ratios ${ratios.map((v) => v.toFixed(2)).join(' ')} (1,000 creates, ${CONCURRENCY} in flight, simulator in its own process)\n`,
  );
  // On 2 cores a round's wall time follows the CPU of all its parts: this says where a ratio comes from.
  for (const [side, rounds] of Object.entries(cpu)) process.stdout.write(`# outbox-1000 CPU per round (ms, medians; /proc ticks of 10 ms), ${side}: ${cpuMedians(rounds, median)}\n`);
  report('outbox-1000-vs-undici', median(ratios), 'x');
  await client.close();
  await pool.close();
  await sim.close();
  storage.close();
  rmSync(dataDir, { recursive: true, force: true });
}

if (isMain(import.meta.url)) {
  const cold = process.argv.indexOf(COLD_FLAG);
  if (cold >= 0) process.stdout.write(`COLD ${validateOnce(csvOf(10_000, 'aa', process.argv[cold + 1]!, process.argv[cold + 2]!, 0xaa))}\n`);
  else {
    if (!inPrivateKeyring()) rerunInPrivateKeyring(import.meta.url);
    await main();
  }
}
