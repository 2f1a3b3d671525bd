// device-history-5000x30d-mb: how much the database grows when the console keeps the history of 5,000 watched devices
// over 30 simulated days polled every 30 s (86,400 polls each, 432 million in all). Every poll goes through the
// device history service (main/alerts/device-history.ts), which decides what to keep (transitions, storage samples when
// usage moves a point or a day passed) and writes in batches through its repository; no row is inserted by hand.
// The fleet is the simulator's: 5,000 devices added to a seeded simulator (1-4 storages each, its capacities and
// starting usage), played out with the simulator's behaviours (main/simulator/agent-behaviour.ts): half the devices
// fill their disks at 0.1-2 % a day (capped at capacity), the rest hold steady with a reading that jitters; 1 % flap
// (20 min up, 1 min down), 1 % stop answering for an hour each day. The database lives on /dev/shm when there is one
// (the figure is bytes, not time; a tmpfs keeps the 8,640 synced batches from taking minutes). The figure: the
// database file plus its WAL after closing, minus the same for the empty schema. `BENCH_DEVICES` / `BENCH_DAYS`
// shrink the run for a quick look.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeviceHistory, type StorageReading } from '../main/alerts/device-history';
import { filledUsage, flapOnline } from '../main/simulator/agent-behaviour';
import { startSimulator } from '../main/simulator/index';
import { log } from '../main/shared/log';
import { DATABASE_FILE, migrations, openStorage } from '../main/storage';
import { createAlertHistoryRepository } from '../main/storage/repositories/alert-history-repository';
import { isMain, report } from './report';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 5000);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const POLL_MS = 30_000;
const DAY_MS = 86_400_000;

function bytesOf(folder: string): number {
  let total = 0;
  for (const name of [DATABASE_FILE, `${DATABASE_FILE}-wal`]) {
    const file = join(folder, name);
    if (existsSync(file)) total += statSync(file).size;
  }
  return total;
}

interface Device {
  id: string;
  readings: StorageReading[];
  base: number[];
  percentPerDay: number;
  flaps: boolean;
  silentHour: number;
  status: string;
}

export async function benchDeviceHistory(): Promise<number> {
  log.setQuiet(true);
  const sim = await startSimulator({ seed: 26, hooks: true });
  const added = sim.agents.add(DEVICES);
  let seed = 1;
  const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) >>> 0) / 4_294_967_296);
  const fleet: Device[] = added.map((id) => {
    const agent = sim.state.agents.get(id)!;
    return {
      id: String(id),
      readings: agent.storages.map((s) => ({ id: s.id, usedMb: s.usage, capacityMb: s.capacity })),
      base: agent.storages.map((s) => s.usage),
      percentPerDay: rand() < 0.5 ? 0.1 + rand() * 1.9 : 0,
      flaps: rand() < 0.01,
      silentHour: rand() < 0.01 ? Math.floor(rand() * 24) : -1,
      status: agent.status,
    };
  });
  await sim.close();

  const root = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const folder = mkdtempSync(join(root, 'wd-bench-history-'));
  try {
    const empty = openStorage({ folder, migrations });
    empty.close();
    const before = bytesOf(folder);
    const storage = openStorage({ folder, migrations });
    const history = createDeviceHistory({ repository: createAlertHistoryRepository(storage) });
    const start = Date.UTC(2026, 9, 1);
    const polls = Math.round((DAYS * DAY_MS) / POLL_MS);
    const started = performance.now();
    for (let p = 0; p < polls; p++) {
      const at = start + p * POLL_MS;
      const hour = Math.floor((at % DAY_MS) / 3_600_000);
      for (let d = 0; d < fleet.length; d++) {
        const device = fleet[d]!;
        if (device.silentHour === hour) {
          history.unreadable('bench', device.id, at);
          continue;
        }
        const online = device.flaps ? flapOnline(start + d * 7_000, 20 * 60_000, 60_000, at) : true;
        for (let s = 0; s < device.readings.length; s++) {
          const reading = device.readings[s]!;
          // The simulator's fill, plus a reading that jitters by up to 0.1 % of the capacity.
          const jitter = ((((p * 31 + d * 17 + s) * 2_654_435_761) >>> 0) / 4_294_967_296 - 0.5) * 0.002 * reading.capacityMb;
          const used = device.percentPerDay === 0 ? device.base[s]! : filledUsage(device.base[s]!, reading.capacityMb, device.percentPerDay, start, at);
          reading.usedMb = Math.min(reading.capacityMb, Math.max(0, used + jitter));
        }
        history.observe('bench', device.id, at, online, device.status, device.readings);
      }
    }
    history.flush();
    const seconds = (performance.now() - started) / 1000;
    storage.close();
    const growth = (bytesOf(folder) - before) / (1024 * 1024);
    process.stderr.write(`# ${DEVICES} devices x ${DAYS} days: ${polls * DEVICES} polls in ${seconds.toFixed(1)} s\n`);
    return growth;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const mb = await benchDeviceHistory();
  report(`device-history-${DEVICES}x${DAYS}d-mb`, mb, 'MB');
}
