/**
 * One console process for the crash suite (test/integration/crash): it does one kind of work on a data folder, forever,
 * and prints `ACK <what> <id>` for each thing the operator would have been told was done. The suite kills it with
 * SIGKILL at a random moment, restarts it on the same folder, and checks that every acknowledged thing is there.
 * Bundled to plain JavaScript by the suite (fast starts); run as `node crash-child.mjs <mode> <dataDir>` with
 * CRASH_KEY (hex data key) and, for batches, CRASH_SIM (JSON: baseUrl, apiToken, streams).
 */
import { randomUUID } from 'node:crypto';
import { createTokenHistory } from '../../../main/tokens/history-store';
import { createBatchMarkers } from '../../../main/tokens/batch-markers';
import { createSealer, migrations, openStorage } from '../../../main/storage';
import { createTokenHistoryRepository } from '../../../main/storage/repositories/token-history-repository';
import { createTokenBatchesRepository } from '../../../main/storage/repositories/token-batches-repository';
import { createProfileStore } from '../../../main/profiles/profile-store';
import { storageAt } from '../storage';
import { TokenBatch } from '../../../main/tokens/batch-runner';
import { createPlatformClient } from '../../../main/platform';
import { cleanLeftoverTempFiles } from '../../../main/shared/atomic-file';
import type { HistoryEntry } from '../../../preload/contract/tokens';

const [mode, dataDir] = process.argv.slice(2) as [string, string];
const key = Buffer.from(process.env.CRASH_KEY ?? '', 'hex');
const sealer = createSealer(key);
/** The console's database in the data folder, as the app opens it at start. */
const storage = openStorage({ folder: dataDir, migrations });
const sealed = async () => sealer;
const ack = (what: string, id: string): void => void process.stdout.write(`ACK ${what} ${id}\n`);
const grant = { live: true, dvr: false, copy: false, ttl: 3600, from: 0, to: 0 };

function entry(stream: string, token: string, batchId: string | null): HistoryEntry {
  return {
    id: randomUUID(), kind: 'stream', stream, user: null, ...grant, token,
    issuedAt: new Date().toISOString(), expiresAt: null, profileId: 'p', profileName: 'Crash', note: '', batchId,
  };
}

async function historyAppends(): Promise<never> {
  const history = createTokenHistory(createTokenHistoryRepository(storage), sealed);
  await history.page('', 500);
  process.stdout.write('READY\n');
  for (let i = 0; ; i++) {
    const added = Array.from({ length: 1 + (i % 3) }, (_, n) => entry(`cam-${i}-${n}`, `st_${randomUUID()}`, null));
    await history.append(added);
    for (const item of added) ack('history', item.token!);
  }
}

async function profileSaves(): Promise<never> {
  const profiles = createProfileStore(storageAt(dataDir));
  await profiles.list();
  process.stdout.write('READY\n');
  for (let i = 0; ; i++) {
    const created = await profiles.create({ name: `Site ${randomUUID()}`, baseUrl: `https://vms-${i}.example.com:8443` });
    ack('profile', created.id);
    const renamed = await profiles.update(created.id, { name: `Renamed ${created.id}` });
    ack('profile-name', `${created.id}=${renamed.name}`);
  }
}

async function batches(): Promise<never> {
  const sim = JSON.parse(process.env.CRASH_SIM ?? '{}') as { baseUrl: string; apiToken: string; streams: string[] };
  const history = createTokenHistory(createTokenHistoryRepository(storage), sealed);
  const markers = createBatchMarkers(createTokenBatchesRepository(storage), sealed);
  await history.page('', 500);
  const client = createPlatformClient({ baseUrl: sim.baseUrl, tokenStyle: 'bearer', getToken: async () => sim.apiToken });
  process.stdout.write('READY\n');
  for (;;) {
    const batch: TokenBatch = new TokenBatch({
      streams: sim.streams,
      grant,
      notes: [],
      profileName: 'Crash',
      deps: {
        issue: (stream, signal) => client.createStreamToken({ stream, ...grant }, { signal }),
        describe: () => ({ message: 'failed', kind: 'Internal' }),
        now: () => new Date(),
        record: async (rows) => void (await history.append(rows.map((row) => entry(row.stream, row.token, batch.id)), batch.id)),
      },
    });
    // As the desk does: marked running before its first row, finished once every row is final and saved.
    await markers.started({ uid: batch.id, startedAt: new Date().toISOString(), total: sim.streams.length, profileName: 'Crash' });
    const run = batch.start();
    // Follow the batch as the screen does: every row it shows as issued is acknowledged.
    let since = 0;
    for (;;) {
      await batch.waitForChange(5);
      const status = batch.status(since);
      since = status.rev;
      for (const row of status.rows) if (row.state === 'ok' && row.token) ack('batch', row.token);
      if (!status.running && !status.savingHistory) break;
    }
    await run;
    await markers.finished(batch.id);
  }
}

await cleanLeftoverTempFiles(dataDir);
if (mode === 'history') await historyAppends();
else if (mode === 'profiles') await profileSaves();
else if (mode === 'batch') await batches();
else throw new Error(`unknown mode ${mode}`);
