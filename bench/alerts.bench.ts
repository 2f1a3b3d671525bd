// Alert states at NOC scale, against the simulator in a child process (5,000 generated devices).
// - alert-storm-5000-notifications: a watch list of 5,000 devices whose rule holds on every one of them (each runs
//   another version than the rule expects) is polled twice through the console (agents.watchPollNow through the
//   registry: platform client, alert states, transition log written to the database, grouped notifications). All
//   5,000 alerts fire on the second poll; the figure is the number of desktop notifications raised for them (read from
//   the console's notifier once the notifications have settled).
// - watch-5000-rules-cycle-vs-undici: one polling cycle of a 5,000-device list with three rules per device (offline
//   for 10 min, storage over 95 %, disk full within 7 days), with alert states, the transition log and device history
//   recorded, against bare undici reading the same 5,000 answers with the same concurrency (8) on the same kind of
//   pool (see agents.bench.ts). Interleaved rounds after warm-up; the figure is the median of the per-round ratios.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { createApp, type WatchdeskApp } from '../main/app/create-app';
import { createRegistry, type Registry } from '../main/ipc/registry';
import { createVault } from '../main/secrets/vault';
import { log } from '../main/shared/log';
import { createRecordingNotifier, type RecordingNotifier } from '../main/shared/notifier';
import { isMain, median, report } from './report';
import { startSimulatorChild, type SimulatorChild } from './simulator-child';
import { undiciCycle } from './undici-watch-cycle';

const DEVICES = 5000;
const CONCURRENCY = 8;
const WARM_UP = 2;
const ROUNDS = 10;

async function openConsole(sim: SimulatorChild, notifier: RecordingNotifier): Promise<{ app: WatchdeskApp; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-bench-alerts-'));
  const vault = createVault({ service: `watchdesk-bench-${process.pid}` });
  vault.useSessionOnly();
  const app = await createApp({ dataDir, vault, demo: false, notifier, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null } });
  const profile = await app.services.profiles.create({ name: 'Bench', baseUrl: sim.baseUrl });
  await app.services.profiles.setActive(profile.id);
  app.services.connections.setDemoToken(profile.id, sim.apiToken);
  return { app, dataDir };
}

async function value<T>(registry: Registry, channel: string, input: unknown): Promise<T> {
  const result = await registry.call(channel, input, { transport: 'test' });
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

async function stormBench(ids: number[], registry: Registry, notifier: RecordingNotifier): Promise<void> {
  const list = await value<{ id: string }>(registry, 'agents.watchSave', {
    name: 'Storm',
    devicesText: ids.join('\n'),
    intervalSec: 86_400,
    concurrency: CONCURRENCY,
    rules: [{ id: 'ver', kind: 'version', expected: 'no-device-runs-this' }],
    active: false,
  });
  const before = notifier.sent.length;
  await value(registry, 'agents.watchPollNow', { id: list.id });
  await value(registry, 'agents.watchPollNow', { id: list.id });
  const states = await value<Array<{ state: string }>>(registry, 'agents.alertStates', { listId: list.id });
  const firing = states.filter((s) => s.state === 'firing').length;
  if (firing !== ids.length) throw new Error(`storm: ${firing} alerts fired, ${ids.length} expected`);
  // Past the gathering (0.5 s of quiet) with room to spare.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const raised = notifier.sent.slice(before);
  process.stdout.write(`# alert storm: ${firing} firing; notifications: ${raised.map((n) => JSON.stringify(n.body)).join(' | ')}\n`);
  report('alert-storm-5000-notifications', raised.length, 'notifications');
  await value(registry, 'agents.watchDelete', { id: list.id });
}

async function cycleBench(sim: SimulatorChild, ids: number[], registry: Registry): Promise<void> {
  const list = await value<{ id: string }>(registry, 'agents.watchSave', {
    name: 'Bench',
    devicesText: ids.join('\n'),
    intervalSec: 86_400,
    concurrency: CONCURRENCY,
    rules: [
      { id: 'offline', kind: 'offline', minutes: 10 },
      { id: 'disk', kind: 'storage', percent: 95 },
      { id: 'full', kind: 'diskFull', days: 7 },
    ],
    active: false,
  });
  const consoleCycle = async (): Promise<number> => {
    const started = performance.now();
    const summary = await value<{ state: string; counts: { online: number; offline: number; failed: number; pending: number } }>(registry, 'agents.watchPollNow', { id: list.id });
    const elapsed = performance.now() - started;
    // A cycle that paused or stopped part-way would look fast: every device must have been read in this one.
    if (summary.state !== 'idle' || summary.counts.failed + summary.counts.pending > 0 || summary.counts.online + summary.counts.offline !== ids.length) {
      throw new Error(`console cycle: ${summary.state}, not every device was read`);
    }
    return elapsed;
  };
  const agent = new Agent();
  for (let round = 0; round < WARM_UP; round++) {
    await undiciCycle(sim, agent, ids, CONCURRENCY);
    await consoleCycle();
  }
  const consoleRuns: number[] = [];
  const undiciRuns: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      consoleRuns.push(await consoleCycle());
      undiciRuns.push(await undiciCycle(sim, agent, ids, CONCURRENCY));
    } else {
      undiciRuns.push(await undiciCycle(sim, agent, ids, CONCURRENCY));
      consoleRuns.push(await consoleCycle());
    }
  }
  await agent.close();
  const rounded = (values: number[]): string => values.map((ms) => Math.round(ms)).join(' ');
  process.stdout.write(`# watch-5000 rounds (ms), console: ${rounded(consoleRuns)}\n`);
  process.stdout.write(`# watch-5000 rounds (ms), undici:  ${rounded(undiciRuns)}\n`);
  report('watch-5000-rules-cycle-ms', median(consoleRuns), 'ms');
  report('watch-5000-rules-cycle-vs-undici', median(consoleRuns.map((ms, i) => ms / undiciRuns[i]!)), 'x');
}

export async function run(): Promise<void> {
  log.setQuiet(true);
  const sim = await startSimulatorChild({ extraAgents: DEVICES });
  const notifier = createRecordingNotifier();
  let opened: { app: WatchdeskApp; dataDir: string } | null = null;
  try {
    opened = await openConsole(sim, notifier);
    const registry = createRegistry(opened.app.handlers, { isTrustedSender: () => true });
    const ids = sim.agentIds.slice(-DEVICES);
    if (process.argv[2] !== 'cycle') await stormBench(ids, registry, notifier);
    if (process.argv[2] !== 'storm') await cycleBench(sim, ids, registry);
  } finally {
    if (opened) {
      await opened.app.dispose();
      rmSync(opened.dataDir, { recursive: true, force: true });
    }
    await sim.close();
  }
}

if (isMain(import.meta.url)) await run();
