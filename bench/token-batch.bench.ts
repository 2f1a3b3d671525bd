// The token desk's batch path against bare undici and curl, stream tokens from the simulator (a child process, as a
// real server would be elsewhere). Runs inside a private D-Bus keyring (bench/keyring.ts): the console uses the real
// vault, so the API token comes from the keychain and every issued token is committed to the history (the database).
// - console: tokens.batchStart through the real handler registry (platform client, 16 in flight, the history commits),
//   followed by long-polled status calls as a screen would; one long-lived console keeps its keep-alive sockets.
// - undici: one bare keep-alive Pool (16 connections) for the whole bench, reused every round like the console's
//   client; no validation, no history (the floor).
// - curl: one `curl -Z --parallel-max 16` process issuing the whole batch (reused connections, 16 in flight), and a
//   loop of one curl process per token (what a desk with a shell script does). Skipped when curl is missing.
// Figures:
// - token-batch-1000-ms: console, every token issued and shown (the status says not running); best of the rounds.
// - token-batch-1000-with-history-ms: the same batch until its history commit has landed (real keychain, real database).
// - token-batch-undici-1000-ms, token-batch-ratio-vs-undici (median of per-round ratios, same round pairs).
// - token-batch-10000-vs-undici: the same for 10,000 tokens (median of per-round ratios).
// - token-batch-curl-one-process-1000-ms, token-batch-vs-curl-one-process (console median / curl median: above 1
//   means the console is slower than one parallel curl), token-batch-curl-process-per-token-1000-ms and
//   token-batch-speedup-vs-curl-process-per-token.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Pool } from 'undici';
import { log } from '../main/shared/log';
import { inPrivateKeyring, keychainReady, rerunInPrivateKeyring } from './keyring';
import { isMain, median, report } from './report';
import { startSimulatorChild } from './simulator-child';
import { consoleBatch, openConsole, type ConsoleRun, type Server } from './token-desk';
import { tokenRequestBody, undiciTokenBatch } from './undici-batch';

const CONCURRENCY = 16;
const SMALL = 1_000;
const LARGE = 10_000;
const SMALL_WARM_UP = 8;
const SMALL_ROUNDS = 14;
/** Equal on both sides; nine rounds, so one round slowed by the machine moves the median ratio little. */
const LARGE_WARM_UP = 2;
const LARGE_ROUNDS = 9;
const CURL_ROUNDS = 5;
const run$ = promisify(execFile);

async function hasCurl(): Promise<boolean> {
  try {
    await run$('curl', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** One curl process, 16 transfers in flight (-Z), the requests from a config file written beforehand (not timed). */
async function curlOneProcess(sim: Server, streams: string[], dir: string): Promise<number> {
  const config = join(dir, 'curl-batch.conf');
  const quote = (text: string): string => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  const entries = streams.map((stream, i) =>
    [
      `url = ${quote(`${sim.baseUrl}/api/`)}`,
      'header = "Content-Type: application/json"',
      `header = ${quote(`Authorization: Bearer ${sim.apiToken}`)}`,
      `data = ${quote(tokenRequestBody(stream, i))}`,
      'output = "/dev/null"',
      'write-out = "%{http_code}\\n"',
    ].join('\n'),
  );
  writeFileSync(config, entries.join('\nnext\n'));
  const started = performance.now();
  const { stdout } = await run$('curl', ['-s', '-Z', '--parallel-max', String(CONCURRENCY), '-K', config], { maxBuffer: 1 << 24 });
  const elapsed = performance.now() - started;
  const codes = stdout.trim().split('\n');
  if (codes.length !== streams.length || codes.some((code) => code !== '200')) throw new Error(`curl -Z: ${codes.filter((c) => c === '200').length} of ${streams.length} answered 200`);
  return elapsed;
}

/** One curl process per token, one after another. */
async function curlProcessPerToken(sim: Server, streams: string[]): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < streams.length; i++) {
    const { stdout } = await run$('curl', [
      '-s',
      '-X', 'POST',
      '-H', 'Content-Type: application/json',
      '-H', `Authorization: Bearer ${sim.apiToken}`,
      '--data', tokenRequestBody(streams[i]!, i),
      `${sim.baseUrl}/api/`,
    ]);
    if (!stdout.startsWith('"st_')) throw new Error(`curl: unexpected answer ${stdout.slice(0, 80)}`);
  }
  return performance.now() - started;
}

/** Interleaved rounds (which side goes first alternates), after warm-up rounds of both. */
async function compare(
  label: string,
  rounds: number,
  warmUp: number,
  consoleSide: () => Promise<ConsoleRun>,
  undiciSide: () => Promise<number>,
): Promise<{ console: Array<ConsoleRun>; undici: number[] }> {
  for (let round = 0; round < warmUp; round++) {
    await undiciSide();
    await consoleSide();
  }
  const consoleRuns: Array<ConsoleRun> = [];
  const undiciRuns: number[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      consoleRuns.push(await consoleSide());
      undiciRuns.push(await undiciSide());
    } else {
      undiciRuns.push(await undiciSide());
      consoleRuns.push(await consoleSide());
    }
  }
  const rounded = (values: number[]): string => values.map((ms) => Math.round(ms)).join(' ');
  process.stdout.write(`# ${label} rounds (ms), console issued: ${rounded(consoleRuns.map((r) => r.issuedMs))}\n`);
  process.stdout.write(`# ${label} rounds (ms), console saved:  ${rounded(consoleRuns.map((r) => r.savedMs))}\n`);
  process.stdout.write(`# ${label} rounds (ms), undici:         ${rounded(undiciRuns)}\n`);
  // The console adapts its requests in flight (up to 16) to the answers' latency; the undici side always keeps 16.
  // On a loaded machine loopback latency jitters and the limit drops: read the ratio with this line.
  process.stdout.write(`# ${label} console in-flight limit at the end of each round: ${consoleRuns.map((r) => r.limitAtEnd).join(' ')} (cap ${CONCURRENCY})\n`);
  return { console: consoleRuns, undici: undiciRuns };
}

export async function run(): Promise<void> {
  log.setQuiet(true);
  await keychainReady();
  const sim = await startSimulatorChild({ extraPrivateStreams: LARGE });
  const desk = await openConsole(sim).catch(async (error: unknown) => {
    await sim.close();
    throw error;
  });
  const pool = new Pool(sim.baseUrl, { connections: CONCURRENCY, keepAliveTimeout: 30_000 });
  const scratch = mkdtempSync(join(tmpdir(), 'wd-bench-curl-'));
  try {
    const small = sim.streams.slice(0, SMALL);
    const large = sim.streams.slice(-LARGE);
    if (large.length !== LARGE) throw new Error(`the simulator has ${sim.streams.length} private streams, ${LARGE} needed`);

    const one = await compare('token-batch-1000', SMALL_ROUNDS, SMALL_WARM_UP, () => consoleBatch(desk, small), () => undiciTokenBatch(pool, sim.apiToken, small, CONCURRENCY));
    const consoleMedian = median(one.console.map((r) => r.issuedMs));
    report('token-batch-1000-ms', Math.min(...one.console.map((r) => r.issuedMs)), 'ms');
    report('token-batch-1000-median-ms', consoleMedian, 'ms');
    report('token-batch-1000-with-history-ms', Math.min(...one.console.map((r) => r.savedMs)), 'ms');
    report('token-batch-undici-1000-ms', Math.min(...one.undici), 'ms');
    report('token-batch-ratio-vs-undici', median(one.console.map((r, i) => r.issuedMs / one.undici[i]!)), 'x');

    const ten = await compare('token-batch-10000', LARGE_ROUNDS, LARGE_WARM_UP, () => consoleBatch(desk, large), () => undiciTokenBatch(pool, sim.apiToken, large, CONCURRENCY));
    report('token-batch-10000-ms', median(ten.console.map((r) => r.issuedMs)), 'ms');
    report('token-batch-undici-10000-ms', median(ten.undici), 'ms');
    report('token-batch-10000-vs-undici', median(ten.console.map((r, i) => r.issuedMs / ten.undici[i]!)), 'x');

    if (!(await hasCurl())) {
      process.stdout.write('# curl is not installed: the curl comparisons are skipped\n');
      return;
    }
    await curlOneProcess(sim, small, scratch); // warm-up: page cache, the server's JIT for this path
    const curlRuns: number[] = [];
    for (let round = 0; round < CURL_ROUNDS; round++) curlRuns.push(await curlOneProcess(sim, small, scratch));
    process.stdout.write(`# curl -Z --parallel-max 16 rounds (ms): ${curlRuns.map((ms) => Math.round(ms)).join(' ')}\n`);
    const curlMedian = median(curlRuns);
    report('token-batch-curl-one-process-1000-ms', curlMedian, 'ms');
    report('token-batch-vs-curl-one-process', consoleMedian / curlMedian, 'x');
    const perToken = await curlProcessPerToken(sim, small);
    report('token-batch-curl-process-per-token-1000-ms', perToken, 'ms');
    report('token-batch-speedup-vs-curl-process-per-token', perToken / consoleMedian, 'x');
  } finally {
    await pool.close();
    rmSync(scratch, { recursive: true, force: true });
    await desk.close();
    await sim.close();
  }
}

if (isMain(import.meta.url)) {
  if (!inPrivateKeyring()) rerunInPrivateKeyring(import.meta.url);
  await run();
}
