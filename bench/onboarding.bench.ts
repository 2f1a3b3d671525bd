// Onboarding figures:
//   onboarding-csv-10k-validate-ms: parse (papaparse) and check every row of a 10,000-row camera CSV with the
//     wizard's rules, duplicates included: the work the import screen does before anything is sent. The first call in
//     a fresh process (as the operator meets it), median of 5 processes; `-warm-ms` is the median of 7 after 3 warm-ups.
//   outbox-1000-vs-undici: 1,000 cameras from CSV to created on the simulator through the outbox (parse + check,
//     each request checked against the wire schema once as it is queued, the encrypted group-committed journal with
//     fsync: the entries queued in one record, dispatch records synced ahead of the requests they cover, the outcomes
//     in groups after the answers, all on disk before the clock stops; the platform client checking every answer),
//     divided by bare undici doing the same 1,000 POSTs with the same concurrency (8) against the same simulator in
//     the same process. The console side uses the real vault in a private keyring (scripts/with-keyring.sh): the
//     journal's data key and the API token come from the keychain, as in the app. Both sides keep connections alive
//     with undici's defaults (the platform client's Agent is not capped: it opens 16 in the warm-up round and only
//     reuses them afterwards; the bare Pool is capped at 8), and have 8 requests in flight. 1 warm-up round each, then
//     5 alternating rounds; the ratio of the medians. Both rounds are in bench/outbox-flow.ts, which
//     bench/outbox-profile.ts profiles.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { flagDuplicates, keysOf, parseImport } from '../preload/contract/camera/csv-import';
import { createSavedOutboxStore } from '../main/outbox/outbox-store';
import { createPlatformClient } from '../main/platform/client';
import { createVault } from '../main/secrets/vault';
import { startSimulator } from '../main/simulator';
import { inPrivateKeyring, keychainReady, rerunInPrivateKeyring } from './keyring';
import { CONCURRENCY, csvOf, outboxRound, undiciRound } from './outbox-flow';
import { isMain, median, report } from './report';

const COLD_PROCESSES = 5;
const COLD_FLAG = '--csv-cold-once';

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

  await keychainReady();
  const vault = createVault({ service: `watchdesk-bench-onboarding-${process.pid}` });
  await vault.setToken('bench', sim.apiToken);
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-bench-outbox-'));
  const client = createPlatformClient({ baseUrl: sim.baseUrl, tokenStyle: 'bearer', getToken: () => vault.getToken('bench'), timeoutMs: 30_000 });
  const pool = new Pool(sim.baseUrl, { connections: CONCURRENCY });
  const placement = { group, folder };
  let round = 0;
  const throughOutbox = () => {
    round += 1;
    const store = createSavedOutboxStore(join(dataDir, `round-${round}.enc`), () => vault.getDataKey());
    return outboxRound({ client, store, placement, round });
  };
  const bareUndici = () => undiciRound({ pool, apiToken: sim.apiToken, placement, round: ++round });

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
  else {
    if (!inPrivateKeyring()) rerunInPrivateKeyring(import.meta.url);
    await main();
  }
}
