/**
 * A console on a small tmpfs (inside a private mount namespace) that fills up while an import is queued: the disk is
 * filled but for `spare` bytes (argv[3]), an import of 1,000 rows is started, and the child prints one JSON line with
 * its answer, the import a page reloaded then finds running, and how many of that import's cameras are in the outbox
 * once space returns (after a restart). argv: dataDir spareBytes.
 */
import { randomUUID } from 'node:crypto';
import { statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { createApp, type WatchdeskApp } from '../../../main/app/create-app';
import { createRegistry } from '../../../main/ipc/registry';
import { createVault } from '../../../main/secrets/vault';
import { memoryKeychain } from '../fake-keychain';
import { fillDiskOnceLogEmpty, freeDisk } from '../fill-disk';

const dataDir = process.argv[2]!;
const spare = Number(process.argv[3]);
const keychain = memoryKeychain();
type Answer = { ok: boolean; value?: { importId: string; total: number }; error?: { kind: string; message: string } };

async function start(): Promise<{ app: WatchdeskApp; call: (channel: string, input?: unknown) => Promise<Answer> }> {
  const app = await createApp({ dataDir, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null }, vault: createVault({ service: 'watchdesk-disk-import', backend: keychain }) });
  const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
  return { app, call: (channel, input) => registry.call(channel, input, { transport: 'test' }) as Promise<Answer> };
}

let desk = await start();
const tag = randomUUID().slice(0, 8);
const rows = Array.from({ length: 1_000 }, (_, n) => {
  const hex = n.toString(16).padStart(4, '0');
  return { name: `Disk import ${n} ${'x'.repeat(200)}`, mac: `02:40:00:00:${hex.slice(0, 2)}:${hex.slice(2)}`, external_id: `disk-import-${tag}-${n}`, group_external_id: 'site', folder_key: 'fld' };
});
await fillDiskOnceLogEmpty(dataDir);
const filler = join(dataDir, 'filler');
truncateSync(filler, statSync(filler).size - spare);
const answer = await desk.call('onboarding.importStart', { requests: rows });
// A page reloaded now finds the import that started.
const running = await desk.call('onboarding.runningImport');
freeDisk(dataDir);
await desk.app.dispose();
desk = await start();
const listed = await desk.call('outbox.list');
const list = listed.value as unknown as { entries: Array<{ request: { external_id?: string } }> };
const queued = list.entries.filter((entry) => entry.request.external_id?.startsWith(`disk-import-${tag}-`)).length;
await desk.app.dispose();
process.stdout.write(JSON.stringify({ answer, running: running.value, queuedAfterRestart: queued }) + '\n');
