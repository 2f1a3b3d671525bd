// The token history at 2,000,000 tokens, in the console's database (main/storage).
// The fixture is built once per run, before anything is timed: 2,000,000 entries appended through the repository's own
// path (TokenHistoryRepository.append, each row sealed and its stream uid and user id hashed, 20,000 rows per
// transaction, then the stream lookup filled as the console fills it once appends pause), in a fresh data folder; 100,000 streams (20 tokens each, spread across the whole history), one entry in
// 20 user-bound (1,000 users). Then each timed round is a new Node process (what main is after a restart):
// - history-open-2m-ms: in that process, from before the database is opened to the first window (the newest 500
//   entries, the counts and the stream suggestions: what the history screen shows first) ready; the median of the
//   rounds. The data key is handed to the process (the keychain is asked once at start for everything, not per store).
// - history-first-window-2m-ms: the part of it after the database is open (openStorage runs PRAGMA quick_check, which
//   reads the whole file: most of the figure above at this size).
// - history-find-stream-2m-ms: every token of one stream across the whole history, as the screen's search asks for it
//   (the index lookup, plus the free-text pass over the newest entries the search also makes); the median over
//   streams from the oldest to the newest part of the history, each in a process that has just opened the database.
// - history-find-user-2m-ms: the same for the tokens bound to one user id.
// The page cache is warm (the file was just written): a cold disk adds its reads of a few index and table pages.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryEntry } from '../preload/contract/tokens';
import { createSealer, migrations, openStorage } from '../main/storage';
import { createTokenHistoryRepository } from '../main/storage/repositories/token-history-repository';
import { createTokenHistory } from '../main/tokens/history-store';
import { log } from '../main/shared/log';
import { isMain, median, report } from './report';

const TOKENS = Number(process.env.HISTORY_BENCH_TOKENS ?? 2_000_000);
const STREAMS = Math.max(1, Math.round(TOKENS / 20));
const USERS = 1_000;
const PER_TRANSACTION = 20_000;
const OPEN_ROUNDS = 7;
const FIND_ROUNDS = 7;

const streamOf = (n: number): string => `cam-${String(n % STREAMS).padStart(6, '0')}-hd`;

function entryOf(n: number, issuedAt: string): HistoryEntry {
  const userBound = n % 20 === 7;
  return {
    id: 'new',
    kind: userBound ? 'user' : 'stream',
    stream: streamOf(n),
    user: userBound ? `operator-${n % USERS}` : null,
    live: !userBound,
    dvr: false,
    copy: false,
    ttl: 3600,
    from: 0,
    to: 0,
    token: `st_${randomUUID().replace(/-/g, '')}`,
    issuedAt,
    expiresAt: null,
    profileId: 'bench',
    profileName: 'Bench',
    note: n % 1000 === 0 ? 'night shift' : '',
    batchId: null,
  };
}

/** Builds the fixture through the repository: rows sealed and hashed as the desk writes them. */
function seed(dir: string, key: Buffer): number {
  const storage = openStorage({ folder: dir, migrations });
  const repository = createTokenHistoryRepository(storage);
  const sealer = createSealer(key);
  const started = performance.now();
  const issuedAt = new Date().toISOString();
  for (let from = 0; from < TOKENS; from += PER_TRANSACTION) {
    const entries = Array.from({ length: Math.min(PER_TRANSACTION, TOKENS - from) }, (_, i) => entryOf(from + i, issuedAt));
    repository.append(sealer, entries, null, Number.MAX_SAFE_INTEGER);
  }
  // The stream lookup brought up to date, as the console does once appends pause.
  while (repository.indexStreams(50_000) > 0);
  const count = repository.count();
  storage.close();
  if (count !== TOKENS) throw new Error(`the fixture holds ${count} tokens, not ${TOKENS}`);
  return performance.now() - started;
}

/** One measurement in a new process: `open`, or a search for `term` right after opening. */
async function child(dir: string, key: Buffer, what: 'open' | 'find', term = ''): Promise<{ ms: number; databaseMs: number; matched: number; shown: number }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, 'child', dir, what, term], {
    env: { ...process.env, HISTORY_BENCH_KEY: key.toString('hex') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve));
  if (code !== 0) throw new Error(`the measuring process ended with ${String(code)}: ${out}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as { ms: number; databaseMs: number; matched: number; shown: number };
}

/** In the measuring process: the history as main opens it after a restart. */
async function measure(dir: string, what: 'open' | 'find', term: string): Promise<void> {
  log.setQuiet(true);
  const sealer = createSealer(Buffer.from(process.env.HISTORY_BENCH_KEY ?? '', 'hex'));
  const started = performance.now();
  const storage = openStorage({ folder: dir, migrations });
  const databaseMs = performance.now() - started;
  const history = createTokenHistory(createTokenHistoryRepository(storage), async () => sealer);
  let page = await history.page('', 500);
  const opened = performance.now();
  if (what === 'find') page = await history.page(term, 500);
  const ms = what === 'open' ? opened - started : performance.now() - opened;
  storage.close();
  process.stdout.write(`${JSON.stringify({ ms, databaseMs, matched: page.matched, shown: page.entries.length })}\n`);
}

export async function run(): Promise<void> {
  log.setQuiet(true);
  const dir = mkdtempSync(join(tmpdir(), 'wd-bench-history-'));
  const key = randomBytes(32);
  try {
    const seedMs = seed(dir, key);
    const bytes = statSync(join(dir, 'watchdesk.db')).size;
    process.stdout.write(`# fixture: ${TOKENS} tokens through the repository in ${Math.round(seedMs / 1000)} s, database ${Math.round(bytes / 1e6)} MB\n`);
    const opens: number[] = [];
    const databaseOpens: number[] = [];
    for (let round = 0; round < OPEN_ROUNDS; round++) {
      const { ms, databaseMs, shown } = await child(dir, key, 'open');
      if (shown !== 500) throw new Error(`the first window held ${shown} entries`);
      opens.push(ms);
      databaseOpens.push(databaseMs);
    }
    process.stdout.write(`# open rounds (ms): ${opens.map((ms) => ms.toFixed(1)).join(' ')}\n`);
    process.stdout.write(`# of which opening the database (quick_check, schema): ${databaseOpens.map((ms) => ms.toFixed(1)).join(' ')}\n`);
    report('history-open-2m-ms', median(opens), 'ms');
    report('history-first-window-2m-ms', median(opens.map((ms, i) => ms - databaseOpens[i]!)), 'ms');

    const streamFinds: number[] = [];
    for (let round = 0; round < FIND_ROUNDS; round++) {
      const stream = streamOf(Math.floor((round * STREAMS) / FIND_ROUNDS) + 3);
      const { ms, matched } = await child(dir, key, 'find', stream);
      if (matched !== Math.round(TOKENS / STREAMS)) throw new Error(`${stream}: ${matched} tokens found`);
      streamFinds.push(ms);
    }
    process.stdout.write(`# find-stream rounds (ms): ${streamFinds.map((ms) => ms.toFixed(1)).join(' ')}\n`);
    report('history-find-stream-2m-ms', median(streamFinds), 'ms');

    const userFinds: number[] = [];
    for (let round = 0; round < 3; round++) {
      const { ms, matched } = await child(dir, key, 'find', `operator-${7 + round * 20}`);
      if (matched < 1) throw new Error('no token found for the user');
      userFinds.push(ms);
    }
    report('history-find-user-2m-ms', median(userFinds), 'ms');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'child') await measure(process.argv[3]!, process.argv[4] as 'open' | 'find', process.argv[5] ?? '');
else if (isMain(import.meta.url)) await run();
