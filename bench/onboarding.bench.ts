// Onboarding figures:
//   onboarding-csv-10k-validate-ms: parse (papaparse) and check every row of a 10,000-row camera CSV with the
//     wizard's rules, duplicates included: the work the import screen does before anything is sent. The first call in
//     a fresh process (as the operator meets it), median of 5 processes; `-warm-ms` is the median of 7 after 3 warm-ups.
//   outbox-1000-vs-undici: 1,000 cameras from CSV to created on the simulator through the outbox (parse + check,
//     encrypted group-committed journal with fsync: the entries queued in one record, a dispatch record synced
//     before each group of requests leaves, the outcomes in groups after the answers, all on disk before the clock
//     stops; the platform client with its zod checks), divided by bare undici doing the same 1,000 POSTs with the
//     same concurrency (8) against the same simulator in the same process. Both sides keep connections alive with
//     undici's defaults (the platform client's Agent opens at most 8 here, the bare Pool is capped at 8). 1 warm-up
//     round each, then 5 alternating rounds; the ratio of the medians.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { flagDuplicates, keysOf, parseImport } from '../preload/contract/camera/csv-import';
import { Outbox } from '../main/outbox/outbox';
import { createSavedOutboxStore } from '../main/outbox/outbox-store';
import { createPlatformClient } from '../main/platform/client';
import { startSimulator } from '../main/simulator';
import { isMain, median, report } from './report';

const CONCURRENCY = 8;
const COLD_PROCESSES = 5;
const COLD_FLAG = '--csv-cold-once';

function csvOf(rows: number, prefix: string, group: string, folder: string, macByte: number): string {
  const lines = ['name,mac,serial_number,external_id,group_external_id,folder_key,latitude,longitude,onvif_login,onvif_password,onvif_port,high_archive,high_storage_days,high_recording_type'];
  for (let i = 0; i < rows; i++) {
    const mac = `02:${macByte.toString(16).padStart(2, '0')}:00:${((i >> 16) & 255).toString(16).padStart(2, '0')}:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`;
    lines.push(`Camera ${prefix} ${i},${mac},SN-${prefix}-${i},${prefix}-${i},${group},${folder},56.9,24.1,admin,pw-${i},80,true,30,fulltime`);
  }
  return lines.join('\n');
}

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
  const sim = await startSimulator({ seed: 42 });
  const folderEntry = [...sim.state.foldersByKey.values()][0]!;
  const group = sim.state.treeById.get(folderEntry.group_id)!.key;
  const folder = folderEntry.key;
  await csvFigure(group, folder);

  const dataDir = mkdtempSync(join(tmpdir(), 'wd-bench-outbox-'));
  const key = randomBytes(32);
  const client = createPlatformClient({ baseUrl: sim.baseUrl, tokenStyle: 'bearer', getToken: async () => sim.apiToken, timeoutMs: 30_000 });
  const pool = new Pool(sim.baseUrl, { connections: CONCURRENCY });
  let round = 0;

  async function throughOutbox(): Promise<number> {
    round += 1;
    const prefix = `o${round.toString(16).padStart(3, '0')}`;
    const text = csvOf(1_000, prefix, group, folder, round);
    const outbox = new Outbox({
      store: createSavedOutboxStore(join(dataDir, `${prefix}.enc`), async () => Buffer.from(key)),
      send: (entry, signal) => client.createCamera(entry.request, { signal }),
      concurrency: CONCURRENCY,
    });
    await outbox.load();
    const started = performance.now();
    const parsed = parseImport(text, () => 'unused');
    flagDuplicates(parsed.rows, keysOf([]));
    const entries = await outbox.enqueue(parsed.rows.map((row) => row.request), { profileId: 'bench', profileName: 'Bench' });
    const settled = await Promise.all(entries.map((entry) => outbox.settled(entry.id, 120_000)));
    // Outcomes are written in groups after the answers: the clock stops once the last of them is on disk.
    await outbox.dispose();
    const elapsed = performance.now() - started;
    const notCreated = settled.filter((entry) => entry.state !== 'created');
    if (notCreated.length > 0) throw new Error(`${notCreated.length} cameras not created through the outbox: ${JSON.stringify(notCreated[0])}`);
    return elapsed;
  }

  async function bareUndici(): Promise<number> {
    round += 1;
    const prefix = `u${round.toString(16).padStart(3, '0')}`;
    const requests = parseImport(csvOf(1_000, prefix, group, folder, round), () => 'unused').rows.map((row) => row.request);
    const headers = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${sim.apiToken}` };
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const body = JSON.stringify(requests[next++]);
        const response = await pool.request({ path: '/api/v2/billing/cameras', method: 'POST', headers, body });
        await response.body.json();
        if (response.statusCode !== 201) throw new Error(`bare undici got ${response.statusCode}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return performance.now() - started;
  }

  await throughOutbox();
  await bareUndici();
  const outboxTimes: number[] = [];
  const undiciTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    outboxTimes.push(await throughOutbox());
    undiciTimes.push(await bareUndici());
  }
  const ratio = median(outboxTimes) / median(undiciTimes);
  process.stdout.write(`# outbox median ${median(outboxTimes).toFixed(0)} ms, bare undici median ${median(undiciTimes).toFixed(0)} ms (1,000 creates, concurrency ${CONCURRENCY})\n`);
  report('outbox-1000-vs-undici', ratio, 'x');
  await client.close();
  await pool.close();
  await sim.close();
  rmSync(dataDir, { recursive: true, force: true });
}

if (isMain(import.meta.url)) {
  const cold = process.argv.indexOf(COLD_FLAG);
  if (cold >= 0) process.stdout.write(`COLD ${validateOnce(csvOf(10_000, 'aa', process.argv[cold + 1]!, process.argv[cold + 2]!, 0xaa))}\n`);
  else await main();
}
