import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { WatchdeskApp } from '../../../main/app/create-app';
import type { RecordedExchange } from '../../../main/web/host';

/** Where each e2e test leaves what the scan reads; cleared by the scan's own setup before the suite. */
export const leakScanDir = join(import.meta.dirname, '..', '..', '..', 'test-results', 'leak-scan');

export interface LeakScanRecord {
  test: string;
  /** API tokens this console held: the demo server's, every token typed into Connect, every one a simulator issued. */
  apiTokens: string[];
  /** Stream tokens the desk issued (found in its answers and events). */
  streamTokens: string[];
  exchanges: RecordedExchange[];
  logs: string[];
  /** Every file in the data folder while the console ran (the database with its WAL and shared memory) and after, base64: among them the log files (logs/) and crash records (crashes/). */
  files: Record<string, string>;
  /** Files the page downloaded (the diagnostics file): they hold neither kind of token. */
  downloads: { name: string; text: string }[];
  /** Other secrets the test handled (ONVIF passwords, RTSP credentials): in no log line, data file or download. */
  otherSecrets: string[];
}

/** Every file under `dir`, base64, by path relative to it. */
export function filesForLeakScan(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[relative(dir, path)] = readFileSync(path).toString('base64');
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

export function collectForLeakScan(
  testId: string,
  test: string,
  run: { app: WatchdeskApp; dataDir: string; logs: string[]; exchanges: RecordedExchange[]; whileRunning?: Record<string, string>; downloads: { name: string; text: string }[]; secrets: string[] },
): void {
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
  const record: LeakScanRecord = {
    test,
    apiTokens: [...api].filter((token) => token.length >= 8),
    streamTokens: [...streams].filter((token) => token.length >= 8),
    exchanges: run.exchanges,
    logs: run.logs,
    files: {
      ...Object.fromEntries(Object.entries(run.whileRunning ?? {}).map(([name, base64]) => [`while running/${name}`, base64])),
      ...filesForLeakScan(run.dataDir),
    },
    downloads: run.downloads,
    otherSecrets: run.secrets.filter((secret) => secret.length >= 8),
  };
  mkdirSync(leakScanDir, { recursive: true });
  writeFileSync(join(leakScanDir, `${testId.replace(/[^a-zA-Z0-9_-]/g, '_')}.json`), JSON.stringify(record));
}
