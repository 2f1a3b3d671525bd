import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { WatchdeskApp } from '../../../main/app/create-app';
import type { RecordedExchange } from '../../../main/web/host';
import { secretFinder } from './find-secrets';

/** Where each e2e test leaves its scan's verdict; cleared by the scan's own setup before the suite. */
export const leakScanDir = join(import.meta.dirname, '..', '..', '..', 'test-results', 'leak-scan');

/**
 * What one test's scan found and what it looked at. The scan runs where the test's data is, as its console closes
 * (in the test's worker, beside the other tests): the teardown project only adds the verdicts up. Writing every
 * test's answers, logs and files out for one scan at the end was 380 MB written and read again (the 100,000 media
 * servers' database twice), and a scan alone on one core at the end of the suite.
 */
export interface LeakScanVerdict {
  test: string;
  /** `<test>: <where> holds <first 4 characters of the secret>…` for every secret found where it must not be. */
  hits: string[];
  scannedTexts: number;
  apiTokens: number;
  streamTokens: number;
  /** The database's WAL and shared-memory files scanned (the WAL is where a change lands first). */
  databaseSideFiles: number;
  /** Log files and crash records scanned. */
  logFiles: number;
  downloads: number;
}

/** Every file under `dir`, by path relative to it. */
export function filesForLeakScan(dir: string): Record<string, Buffer> {
  const out: Record<string, Buffer> = {};
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[relative(dir, path)] = readFileSync(path);
    }
  };
  walk(dir);
  return out;
}

/** Every string value under a key named `token` in a JSON text (issued stream tokens in answers and events). */
function tokenFields(text: string): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key === 'token' && typeof item === 'string') found.push(item);
        else visit(item);
      }
    }
  };
  try {
    visit(JSON.parse(text));
  } catch {
    // Not JSON: nothing to collect.
  }
  return found;
}

/**
 * The secret-leak scan of one test: every answer and event the web host sent, every log line and every file in the
 * test's data folder (while the console ran, with the database's WAL and shared memory, and after) is searched for
 * the API tokens and the issued stream tokens of that test in plaintext. Answers and events may carry stream tokens
 * (showing them is the desk's purpose), never an API token; logs and files carry neither (the history is encrypted);
 * log lines, log files, crash records and downloads carry no other secret the test handled either.
 */
export function scanForLeaks(
  test: string,
  run: { app: WatchdeskApp; dataDir: string; logs: string[]; exchanges: RecordedExchange[]; whileRunning?: Record<string, Buffer>; downloads: { name: string; text: string }[]; secrets: string[] },
): LeakScanVerdict {
  const api = new Set<string>();
  const demo = run.app.demoServer;
  if (demo) {
    api.add(demo.apiToken);
    for (const token of demo.state.apiTokens.keys()) api.add(token);
  }
  const streams = new Set<string>();
  for (const exchange of run.exchanges) {
    const input = exchange.input as { token?: unknown } | null;
    if (exchange.channel.startsWith('profiles.') && input && typeof input.token === 'string') api.add(input.token.trim());
    if (exchange.channel.startsWith('tokens.') || exchange.channel.startsWith('event:')) for (const token of tokenFields(exchange.body)) streams.add(token);
  }
  if (demo) for (const issued of demo.state.issuedStreamTokens) streams.add(issued.token);
  const apiTokens = [...api].filter((token) => token.length >= 8);
  const streamTokens = [...streams].filter((token) => token.length >= 8);
  const otherSecrets = run.secrets.filter((secret) => secret.length >= 8);
  const files = {
    ...Object.fromEntries(Object.entries(run.whileRunning ?? {}).map(([name, bytes]) => [`while running/${name}`, bytes])),
    ...filesForLeakScan(run.dataDir),
  };

  const verdict: LeakScanVerdict = { test, hits: [], scannedTexts: 0, apiTokens: apiTokens.length, streamTokens: streamTokens.length, databaseSideFiles: 0, logFiles: 0, downloads: 0 };
  const findApi = secretFinder(apiTokens);
  const findTokens = secretFinder([...apiTokens, ...streamTokens]);
  const findEvery = secretFinder([...apiTokens, ...streamTokens, ...otherSecrets]);
  const find = (where: string, text: string, finder: (text: string) => string[]): void => {
    verdict.scannedTexts += 1;
    for (const secret of finder(text)) verdict.hits.push(`${test}: ${where} holds ${secret.slice(0, 4)}…`);
  };
  for (const exchange of run.exchanges) find(`the answer of ${exchange.channel}`, exchange.body, findApi);
  run.logs.forEach((line, index) => find(`log line ${index + 1}`, line, findEvery));
  for (const [file, bytes] of Object.entries(files)) {
    if (/watchdesk\.db-(wal|shm)$/.test(file)) verdict.databaseSideFiles += 1;
    const logOrCrash = file.startsWith('logs/') || file.startsWith('crashes/') || file.startsWith('while running/logs/') || file.startsWith('while running/crashes/');
    if (file.startsWith('logs/') || file.startsWith('crashes/')) verdict.logFiles += 1;
    find(`file ${file}`, bytes.toString('latin1'), logOrCrash ? findEvery : findTokens);
  }
  for (const download of run.downloads) {
    verdict.downloads += 1;
    find(`the download ${download.name}`, download.text, findEvery);
  }
  return verdict;
}

/** Scans one test's console as it closes and leaves the verdict for the teardown project (leak-scan.teardown.ts). */
export function collectForLeakScan(testId: string, test: string, run: Parameters<typeof scanForLeaks>[1]): void {
  const verdict = scanForLeaks(test, run);
  mkdirSync(leakScanDir, { recursive: true });
  writeFileSync(join(leakScanDir, `${testId.replace(/[^a-zA-Z0-9_-]/g, '_')}.json`), JSON.stringify(verdict));
}
