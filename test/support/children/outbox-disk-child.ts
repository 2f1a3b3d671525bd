/**
 * A console on a data folder the test made full or read-only (inside a private mount namespace): it runs the steps
 * named in argv[3] and prints one JSON line with what each answered. Steps: `fill` (a filler file takes the free
 * space), `submit-until-full` (queues cameras until one is refused), `import` (200 rows at once), `free` (the filler
 * goes), `submit` (five cameras), `list` (every external id in the outbox, after a restart of the console).
 */
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp, type WatchdeskApp } from '../../../main/app/create-app';
import { createRegistry } from '../../../main/ipc/registry';
import { createVault } from '../../../main/secrets/vault';
import { migrations, openStorage } from '../../../main/storage';
import { createSealer } from '../../../main/storage/sealer';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { memoryKeychain } from '../fake-keychain';

const dataDir = process.argv[2]!;
const steps = process.argv[3]!.split(',');
// One keychain for both starts of the console in this process: the data key stays the same.
const keychain = memoryKeychain();
type Answer = { ok: boolean; value?: unknown; error?: { kind: string; message: string } };

async function start(): Promise<{ app: WatchdeskApp; call: (channel: string, input?: unknown) => Promise<Answer> }> {
  const app = await createApp({ dataDir, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null }, vault: createVault({ service: 'watchdesk-disk', backend: keychain }) });
  const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
  return { app, call: (channel, input) => registry.call(channel, input, { transport: 'test' }) as Promise<Answer> };
}

let n = 0;
// Placement of the demo server's seed; with `send: 'outbox'` these are checked again when they are sent.
const request = () => {
  n += 1;
  const hex = n.toString(16).padStart(4, '0');
  return { name: `Disk camera ${n} ${'x'.repeat(200)}`, mac: `02:20:00:00:${hex.slice(0, 2)}:${hex.slice(2)}`, external_id: `disk-${randomUUID()}`, group_external_id: 'site', folder_key: 'fld' };
};

let console_ = await start();
const out: Record<string, unknown> = { acked: [] as string[] };
const acked = out.acked as string[];
for (const step of steps) {
  if (step === 'fill') {
    // Fill until the disk refuses: a filler file grown in 16 KiB pieces.
    const piece = Buffer.alloc(16 * 1024, 1);
    for (let i = 0; ; i++) {
      try {
        writeFileSync(join(dataDir, 'filler'), piece, { flag: 'a' });
      } catch {
        break;
      }
    }
  } else if (step === 'submit-until-full') {
    for (let i = 0; i < 5_000; i++) {
      const body = request();
      const answer = await console_.call('onboarding.submit', { request: body, send: 'outbox' });
      if (!answer.ok) {
        out.refused = answer.error;
        break;
      }
      acked.push(body.external_id);
    }
  } else if (step === 'import') {
    const rows = Array.from({ length: 200 }, request);
    out.import = await console_.call('onboarding.importStart', { requests: rows });
    if ((out.import as Answer).ok) acked.push(...rows.map((row) => row.external_id));
  } else if (step === 'free') {
    rmSync(join(dataDir, 'filler'), { force: true });
  } else if (step === 'submit') {
    const answers: Answer[] = [];
    for (let i = 0; i < 5; i++) {
      const body = request();
      const answer = await console_.call('onboarding.submit', { request: body, send: 'outbox' });
      answers.push(answer);
      if (answer.ok) acked.push(body.external_id);
    }
    out.submit = answers;
  } else if (step === 'list') {
    await console_.app.dispose();
    console_ = await start();
    await console_.app.dispose();
    // Every external id in the database after that restart, read as the next start would.
    const storage = openStorage({ folder: dataDir, migrations });
    const key = await createVault({ service: 'watchdesk-disk', backend: keychain }).getDataKey();
    out.listed = new OutboxRepository(storage, createSealer(key)).all().map((entry) => entry.request.external_id);
    storage.close();
    console_ = await start();
  }
}
await console_.app.dispose();
process.stdout.write(JSON.stringify(out) + '\n');
