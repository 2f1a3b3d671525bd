// Where main spends its CPU in one cycle of the 5,000-device watch list of `ui-watch-5000-vs-undici`: the same list
// (one storage rule, 8 requests at a time) through the registry (agents.watchPollNow: the client, the rules, device
// history, the pushes), against the simulator in a child process, profiled in this process with the inspector. Not a
// figure (run-all picks only *.bench.ts); run it by hand:
//   npx tsx bench/watch-profile.ts [rounds=3] [out=watch.cpuprofile]
// Prints each side's rounds (the console, its platform client alone, bare undici) and CPU, self time per device by area and by function, then operations per device for one
// more round: bytes allocated and operations (database writes, calls of the platform client, the rules, zod).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { createApp } from '../main/app/create-app';
import { createRegistry } from '../main/ipc/registry';
import { createVault } from '../main/secrets/vault';
import { log } from '../main/shared/log';
import { median } from './report';
import { countOperations, sampleAllocations, summariseAllocations, summariseCpu } from './profile-summary';
import { startSimulatorChild } from './simulator-child';
import { undiciCycle } from './undici-watch-cycle';

const DEVICES = 5000;
const CONCURRENCY = 8;
const rounds = Number(process.argv[2] ?? 3);
const out = process.argv[3] ?? 'watch.cpuprofile';

log.setQuiet(true);
const sim = await startSimulatorChild({ extraAgents: DEVICES - 60, hooks: true });
const ids = sim.agentIds.slice(0, DEVICES);
const dataDir = mkdtempSync(join(tmpdir(), 'wd-watch-profile-'));
const vault = createVault({ service: `watchdesk-bench-${process.pid}` });
vault.useSessionOnly();
const app = await createApp({ dataDir, vault, demo: false, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null } });
const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
const profile = await app.services.profiles.create({ name: 'Bench', baseUrl: sim.baseUrl });
await app.services.profiles.setActive(profile.id);
app.services.connections.setDemoToken(profile.id, sim.apiToken);

async function value<T>(channel: string, input: unknown): Promise<T> {
  const result = await registry.call(channel, input, { transport: 'test' });
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

const list = await value<{ id: string }>('agents.watchSave', {
  name: 'Fleet',
  devicesText: ids.join('\n'),
  intervalSec: 86_400,
  concurrency: CONCURRENCY,
  rules: [{ id: 'disk', kind: 'storage', percent: 95 }],
  active: true,
});
const agent = new Agent();
const consoleOnce = async (): Promise<number> => {
  const started = performance.now();
  await value('agents.watchPollNow', { id: list.id });
  return performance.now() - started;
};
const undiciOnce = (): Promise<number> => undiciCycle(sim, agent, ids, CONCURRENCY);
// The console's own client for the list's server, read by the same 8 workers with nothing done with the answers: the
// part of a cycle that is the platform client, the rest being the runner (rows, rules, history, pushes).
const { client } = await app.services.connections.forProfile(profile.id);
const clientOnce = async (): Promise<number> => {
  let next = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < ids.length) await client.getCameraAgent(String(ids[next++]!));
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return performance.now() - started;
};

const sample = await fetch(`${sim.baseUrl}/api/v1/camera-agents/${ids[0]}`, { headers: { authorization: `Bearer ${sim.apiToken}` } });
process.stdout.write(`# one answer: ${(await sample.text()).length} characters\n`);
for (let i = 0; i < 2; i++) {
  await consoleOnce();
  await undiciOnce();
}

/** Collector pauses (ms) seen since the last read: young (scavenges) and the rest. */
let gcYoung = 0;
let gcOther = 0;
new PerformanceObserver((entries) => {
  for (const entry of entries.getEntries()) {
    const kind = (entry as PerformanceEntry & { detail?: { kind?: number } | null }).detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) gcYoung += entry.duration;
    else gcOther += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });

/** Wall, CPU (user + system), collector pauses and the system part of the CPU of this process for one round, in ms (the simulator's are its own). */
async function measure(run: () => Promise<number>): Promise<Round> {
  const cpu = process.cpuUsage();
  const wall = await run();
  const used = process.cpuUsage(cpu);
  // The observer is told after the round's last pause, on a later turn.
  await new Promise((resolve) => setImmediate(resolve));
  const pauses: [number, number] = [gcYoung, gcOther];
  gcYoung = gcOther = 0;
  return [wall, (used.user + used.system) / 1000, ...pauses, used.system / 1000];
}
type Round = [number, number, number, number, number];
const seen = { console: [] as Round[], client: [] as Round[], undici: [] as Round[] };
gcYoung = gcOther = 0;
for (let i = 0; i < 2 * rounds; i++) {
  seen.console.push(await measure(consoleOnce));
  seen.client.push(await measure(clientOnce));
  seen.undici.push(await measure(undiciOnce));
}
const show = (rows: Round[]): string => rows.map((row) => row.map((ms) => ms.toFixed(0)).join('/')).join(' ');
const medians = (rows: Round[]): string => [0, 1, 2, 3, 4].map((i) => median(rows.map((row) => row[i]!)).toFixed(0)).join('/');
for (const [side, rows] of Object.entries(seen)) process.stdout.write(`# ${side} rounds, wall/CPU/young GC/other GC/system CPU ms: ${show(rows)}; medians ${medians(rows)}\n`);

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 250 });
await session.post('Profiler.start');
for (let i = 0; i < rounds; i++) await consoleOnce();
const { profile: cpuProfile } = await session.post('Profiler.stop');
writeFileSync(out, JSON.stringify(cpuProfile));
summariseCpu(cpuProfile, rounds * DEVICES, 'device');
// The platform client alone under the same profiler: what the console adds to it is the runner's (rows, rules,
// history, pushes).
await session.post('Profiler.start');
for (let i = 0; i < rounds; i++) await clientOnce();
const { profile: clientProfile } = await session.post('Profiler.stop');
process.stdout.write('# platform client alone:\n');
summariseCpu(clientProfile, rounds * DEVICES, 'device');
// The bare side under the same profiler, for what both sides pay (the socket writes, the collector).
await session.post('Profiler.start');
for (let i = 0; i < rounds; i++) await undiciOnce();
const { profile: bareProfile } = await session.post('Profiler.stop');
process.stdout.write('# bare undici:\n');
summariseCpu(bareProfile, rounds * DEVICES, 'device');
summariseAllocations(await sampleAllocations(session, consoleOnce), DEVICES, 'device');
await countOperations(
  session,
  dataDir,
  /\/(main\/agents|main\/alerts|main\/platform|main\/storage|main\/shared|preload\/contract)\/|\/zod\/v4\/core\/(parse|schemas)\.js/,
  DEVICES,
  'device',
  consoleOnce,
);

session.disconnect();
await agent.close();
await app.dispose();
rmSync(dataDir, { recursive: true, force: true });
await sim.close();
