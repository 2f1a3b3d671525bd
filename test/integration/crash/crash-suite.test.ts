import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import { createSealer, migrations, openStorage } from '../../../main/storage';
import { createTokenHistoryRepository } from '../../../main/storage/repositories/token-history-repository';
import { createProfileStore } from '../../../main/profiles/profile-store';
import { storageAt } from '../../support/storage';
import { streamsWith } from '../../support/streams';
import { bundleChild } from '../../support/bundle-child';
import { seededDelays } from '../../support/seeded-delays';

/**
 * The crash suite: a console process is killed with SIGKILL at random moments while it appends to the token history,
 * saves profiles and runs batches of 1,000 tokens against the simulator, then started again on the same data folder.
 * After every kill, everything it had acknowledged (printed as `ACK`, the moment the operator would have seen it) is
 * read back, and nothing in the folder is unreadable. 3 kinds of work x 13 kills = 39 kills.
 */
const KILLS_PER_MODE = 13;
const key = randomBytes(32);
let childScript: string;
let workDir: string;
let simulator: RunningSimulator;

interface ChildRun {
  acks: string[];
  stderr: string;
}

/**
 * Starts the child on the folder, waits until it has started working (`READY`) or, with `from: 'ack'`, until it has
 * acknowledged its first piece of work, lets it run for `ms`, and kills it with SIGKILL.
 */
function runAndKill(mode: string, dataDir: string, ms: number, env: Record<string, string>, from: 'ready' | 'ack'): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [childScript, mode, dataDir], {
      env: { ...process.env, ...env, CRASH_KEY: key.toString('hex'), WATCHDESK_LOG: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const started = from === 'ready' ? out.includes('READY\n') : out.includes('\nACK ');
      if (started && !timer) timer = setTimeout(() => child.kill('SIGKILL'), ms);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    let timer: NodeJS.Timeout | undefined;
    const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    // 'close', not 'exit': the child's last lines may still be in the pipe when it has exited.
    child.on('close', (_code, signal) => {
      clearTimeout(guard);
      if (timer) clearTimeout(timer);
      if (signal !== 'SIGKILL') return reject(new Error(`the child ended by itself (${String(_code)}): ${stderr}`));
      // Only whole lines count: a line cut by the kill was never fully told.
      const lines = out.split('\n').slice(0, -1);
      resolve({ acks: lines.filter((line) => line.startsWith('ACK ')).map((line) => line.slice(4)), stderr });
    });
  });
}

async function killLoop(mode: string, seed: number, check: (dataDir: string, acked: Set<string>) => Promise<void>, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(workDir, `${mode}-`));
  const acked = new Set<string>();
  // File work is busy from the start. A batch is busy only once its first answers arrive, and how long they take
  // depends on the machine's load, so its kills count from its first acknowledged token: every kill then finds tokens
  // in flight, on a fast machine or a loaded one.
  const from = mode === 'batch' ? 'ack' : 'ready';
  const next = mode === 'batch' ? seededDelays(seed, 0, 800) : seededDelays(seed, 20, 300);
  let kills = 0;
  for (let i = 0; i < KILLS_PER_MODE; i++) {
    const run = await runAndKill(mode, dataDir, next(), env, from);
    kills += 1;
    for (const line of run.acks) acked.add(line);
    await check(dataDir, acked);
  }
  return { kills, acked: acked.size };
}

async function checkHistory(dataDir: string, acked: Set<string>, kind: 'history' | 'batch'): Promise<void> {
  // The next start: the database opened (checked, never set aside: a kill cannot damage it) and the history read whole.
  const storage = openStorage({ folder: dataDir, migrations });
  const tokens = new Set<string | null>();
  try {
    expect(storage.health().integrity).toBe('ok');
    expect(readdirSync(dataDir).filter((name) => name.includes('.damaged-'))).toEqual([]);
    const history = createTokenHistoryRepository(storage);
    const sealer = createSealer(key);
    for (let window = history.window(sealer, 5_000); window.length > 0; window = history.window(sealer, 5_000, Number(window.at(-1)!.id))) {
      for (const entry of window) tokens.add(entry.token);
    }
    expect(history.count()).toBe(tokens.size);
  } finally {
    storage.close();
  }
  const missing = [...acked].filter((line) => line.startsWith(`${kind} `)).map((line) => line.slice(kind.length + 1)).filter((token) => !tokens.has(token));
  expect(missing, `acknowledged tokens missing after a kill`).toEqual([]);
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'wd-crash-'));
  childScript = join(workDir, 'crash-child.mjs');
  await bundleChild('test/support/children/crash-child.ts', childScript);
  simulator = await startSimulator({ seed: 7 });
}, 60_000);

afterAll(async () => {
  await simulator?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

// The kinds of work run side by side: each child spends most of its life waiting on fsync. Each starts a console 13
// times: about 20 s on a quiet machine, several times that when the cores are shared with other work (hence 180 s).
describe.concurrent('crash suite: kill -9 at random moments, nothing acknowledged is lost, nothing is unreadable', () => {
  it('history appends (seed 11)', async () => {
    const { kills, acked } = await killLoop('history', 11, (dir, acks) => checkHistory(dir, acks, 'history'));
    expect(kills).toBe(KILLS_PER_MODE);
    expect(acked).toBeGreaterThan(0);
  }, 180_000);

  it('profile saves (seed 37)', async () => {
    const { acked } = await killLoop('profiles', 37, async (dataDir, acks) => {
      const profiles = await createProfileStore(storageAt(dataDir)).list();
      const byId = new Map(profiles.map((profile) => [profile.id, profile]));
      for (const line of acks) {
        if (line.startsWith('profile ')) expect(byId.has(line.slice('profile '.length))).toBe(true);
        if (line.startsWith('profile-name ')) {
          const [id, name] = line.slice('profile-name '.length).split('=') as [string, string];
          expect(byId.get(id)?.name).toBe(name);
        }
      }
      expect(readdirSync(dataDir).filter((name) => name.includes('.corrupt-'))).toEqual([]);
    });
    expect(acked).toBeGreaterThan(0);
  }, 180_000);

  it('batches of 1,000 tokens against the simulator (seed 41)', async () => {
    const streams = streamsWith(simulator.state, 'private').slice(0, 1_000);
    expect(streams).toHaveLength(1_000);
    const env = { CRASH_SIM: JSON.stringify({ baseUrl: simulator.baseUrl, apiToken: simulator.apiToken, streams }) };
    const { acked } = await killLoop('batch', 41, (dir, acks) => checkHistory(dir, acks, 'batch'), env);
    expect(acked).toBeGreaterThan(0);
  }, 180_000);
});
