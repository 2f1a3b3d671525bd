// The least CPU the storage guarantees of the outbox cost per 1,000 cameras, against what a bare undici round of
// `outbox-1000-vs-undici` uses, and the ratio those two alone would give on this machine. Not a figure (run-all picks
// only *.bench.ts); run it by hand:
//   npx tsx bench/outbox-floor.ts [rounds=7]
// The floor is the guarantees' work done with nothing else: node:sqlite statements on a table that has only what the
// guarantees need (one entry per external id and profile, MAC and serial looked up by keyed hash, a state), the
// keyed hashes and the sealing of the production sealer, the commits the console's round makes (counted in a real
// round), and no outbox code, no checks, no parse. Left out, so the floor is lower than anything that keeps the
// promises: the CSV parse, reading the screens' counts, the answer's own columns, and garbage collection of any of it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { createPlatformClient } from '../main/platform/client';
import { migrations, openStorage } from '../main/storage';
import { createSealer } from '../main/storage/sealer';
import { OutboxRepository } from '../main/storage/repositories/outbox-repository';
import { cpuNow, cpuSince, type CpuSplit } from './cpu-split';
import { CAMERAS, CONCURRENCY, importRequests, csvOf, outboxRound, undiciRound } from './outbox-flow';
import { median } from './report';
import { startSimulatorChild } from './simulator-child';

const rounds = Number(process.argv[2] ?? 7);
const sim = await startSimulatorChild();
const dataDir = mkdtempSync(join(tmpdir(), 'wd-outbox-floor-'));
const key = randomBytes(32);
const sealer = createSealer(key);
const storage = openStorage({ folder: dataDir, migrations });
const repository = new OutboxRepository(storage, sealer);
const client = createPlatformClient({ baseUrl: sim.baseUrl, tokenStyle: 'bearer', getToken: async () => sim.apiToken, timeoutMs: 30_000 });
const pool = new Pool(sim.baseUrl, { connections: CONCURRENCY });
let round = 0;
const outboxOnce = () => outboxRound({ client, repository, placement: sim.placement, round: ++round });
const bareOnce = () => undiciRound({ pool, apiToken: sim.apiToken, placement: sim.placement, round: ++round });

// The simulator warms up over several rounds: a cold one makes bare rounds slow and flatters any ratio.
for (let i = 0; i < 5; i++) {
  await outboxOnce();
  await bareOnce();
}

// How many commits and syncs the console's round makes, counted on its storage.
let commits = 0;
let syncs = 0;
// A relaxed commit runs through `transaction` as well: a commit is counted once, at its outermost call.
let inCall = false;
for (const name of ['transaction', 'relaxedTransaction'] as const) {
  const real = storage[name].bind(storage);
  storage[name] = <T>(work: () => T): T => {
    if (inCall || storage.inTransaction) return real(work);
    commits += 1;
    inCall = true;
    try {
      return real(work);
    } finally {
      inCall = false;
    }
  };
}
const realSync = storage.sync.bind(storage);
storage.sync = () => {
  syncs += 1;
  return realSync();
};
await outboxOnce();
const counted = { commits, syncs };

/** Wall ms and CPU by part for each of `rounds` bare rounds. */
async function measure(run: () => Promise<number>): Promise<{ wall: number[]; cpu: CpuSplit[] }> {
  const wall: number[] = [];
  const cpu: CpuSplit[] = [];
  for (let i = 0; i < rounds; i++) {
    const before = cpuNow();
    wall.push(await run());
    cpu.push(cpuSince(before));
  }
  return { wall, cpu };
}
const bare = await measure(bareOnce);
const outbox = await measure(outboxOnce);

/** The guarantees' work alone for one round of 1,000 new cameras, on a table that grows round by round. */
const floorDb = new DatabaseSync(join(dataDir, 'floor.sqlite'));
floorDb.exec('PRAGMA journal_mode = WAL');
floorDb.exec('PRAGMA synchronous = NORMAL');
floorDb.exec('CREATE TABLE entries (seq INTEGER PRIMARY KEY, profile_id TEXT, external_id_hash BLOB, mac_hash BLOB, serial_hash BLOB, state TEXT, request_seq INTEGER)');
floorDb.exec('CREATE UNIQUE INDEX one_per_external_id ON entries (profile_id, external_id_hash)');
floorDb.exec('CREATE INDEX by_mac ON entries (substr(mac_hash, 1, 4))');
floorDb.exec('CREATE INDEX by_serial ON entries (substr(serial_hash, 1, 4))');
floorDb.exec('CREATE TABLE requests (seq INTEGER PRIMARY KEY, sealed BLOB)');
const insertEntry = floorDb.prepare("INSERT INTO entries (profile_id, external_id_hash, mac_hash, serial_hash, state, request_seq) VALUES ('bench', ?, ?, ?, 'queued', ?)");
const insertRequests = floorDb.prepare('INSERT INTO requests (sealed) VALUES (?)');
const setState = floorDb.prepare('UPDATE entries SET state = ? WHERE seq IN (SELECT value FROM json_each(?))');

function floorRound(): number {
  const requests = importRequests(csvOf(CAMERAS, `f${(++round).toString(16)}`, sim.placement.group, sim.placement.folder, round & 255));
  const started = process.cpuUsage();
  // The import's commits, then the rest of the round's commits split between on-the-wire marks and answers.
  const importCommits = Math.max(1, Math.round(CAMERAS / 125));
  const perImportCommit = Math.ceil(CAMERAS / importCommits);
  const seqs: number[] = [];
  for (let from = 0; from < CAMERAS; from += perImportCommit) {
    floorDb.exec('BEGIN IMMEDIATE');
    const end = Math.min(CAMERAS, from + perImportCommit);
    for (let at = from; at < end; at += 8) {
      const group = requests.slice(at, Math.min(end, at + 8));
      const requestSeq = Number(insertRequests.run(sealer.sealJson(group, 'floor')).lastInsertRowid);
      for (const request of group) {
        const result = insertEntry.run(sealer.hash('external-id', request.external_id ?? ''), sealer.hash('mac', request.mac ?? ''), sealer.hash('serial', request.serial_number ?? ''), requestSeq);
        seqs.push(Number(result.lastInsertRowid));
      }
    }
    floorDb.exec('COMMIT');
  }
  const stateCommits = Math.max(2, counted.commits - importCommits);
  const perStateCommit = Math.ceil((2 * CAMERAS) / stateCommits);
  for (const state of ['sending', 'created']) {
    for (let from = 0; from < CAMERAS; from += perStateCommit) {
      floorDb.exec('BEGIN IMMEDIATE');
      setState.run(state, JSON.stringify(seqs.slice(from, from + perStateCommit)));
      floorDb.exec('COMMIT');
    }
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}
for (let i = 0; i < 3; i++) floorRound();
const floor = Array.from({ length: rounds }, floorRound);

const sum = (split: CpuSplit) => Object.values(split).reduce((a, b) => a + b, 0);
const bareWall = median(bare.wall);
const bareMain = median(bare.cpu.map((split) => split.main ?? 0));
const bareTotal = median(bare.cpu.map(sum));
const floorMs = median(floor);
const line = (name: string, value: number, unit = 'ms') => process.stdout.write(`# ${name}: ${value.toFixed(unit === 'x' ? 2 : 1)} ${unit}\n`);
process.stdout.write(`# commits in one console round of ${CAMERAS}: ${counted.commits} (syncs ${counted.syncs})\n`);
line('bare round, wall (median)', bareWall);
line('bare round, main thread CPU (median)', bareMain);
line('bare round, CPU of this process and the simulator (median)', bareTotal);
line('console round, wall (median)', median(outbox.wall));
line('console round, main thread CPU (median)', median(outbox.cpu.map((split) => split.main ?? 0)));
line('console round, CPU of this process and the simulator (median)', median(outbox.cpu.map(sum)));
line(`floor: the guarantees' storage work alone per ${CAMERAS} cameras, CPU (median of ${rounds})`, floorMs);
// CPU, not wall time, so the bounds hold on a busy machine too. A bare round keeps main busy (its critical thread) and
// fills both cores with the simulator and V8's helpers: the floor on main adds to main's time; spread perfectly over
// both cores it adds its half to two full cores.
line('how full a bare round keeps the two cores (CPU / (2 × wall))', (100 * bareTotal) / (2 * bareWall), '%');
line('least ratio with the floor on the main thread (main CPU + floor) / main CPU', (bareMain + floorMs) / bareMain, 'x');
line('least ratio with the floor spread over both cores (all CPU + floor) / all CPU', (bareTotal + floorMs) / bareTotal, 'x');

floorDb.close();
await client.close();
await pool.close();
await sim.close();
storage.close();
rmSync(dataDir, { recursive: true, force: true });
