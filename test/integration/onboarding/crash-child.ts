/**
 * The process the outbox crash test kills: it opens the data folder's database, imports the file of N cameras as the
 * import screen does (rows of cameras it has already are skipped, through the index), queues them a slice at a time,
 * and sends them. Prints `ACK <external id>` for every camera once its slice is committed (what the installer would
 * have been told), and `DONE` when all N are created. Bundled by the test; argv: dataDir baseUrl apiToken count keyHex
 * group folder.
 */
import { Outbox } from '../../../main/outbox/outbox';
import { checkImport } from '../../../main/onboarding/import-check';
import { createPlatformClient } from '../../../main/platform/client';
import { migrations, openStorage } from '../../../main/storage';
import { createSealer } from '../../../main/storage/sealer';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';

const [dataDir, baseUrl, apiToken, countText, keyHex, group, folder] = process.argv.slice(2) as [string, string, string, string, string, string, string];
const count = Number(countText);
const storage = openStorage({ folder: dataDir, migrations });
const repository = new OutboxRepository(storage, createSealer(Buffer.from(keyHex, 'hex')));
const client = createPlatformClient({ baseUrl, tokenStyle: 'bearer', getToken: async () => apiToken, timeoutMs: 5_000 });
const outbox = new Outbox({ repository, send: (entry, signal) => client.createCamera(entry.request, { signal }), concurrency: 8, baseDelayMs: 20, maxDelayMs: 100, chunkRows: 37 });
const profile = { id: 'crash', name: 'Crash test' };

await outbox.load();
process.stdout.write('READY\n');
const file = Array.from({ length: count }, (_, i) => ({
  name: `Crash camera ${i}`,
  mac: `02:10:00:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`,
  external_id: `crash-${i}`,
  group_external_id: group,
  folder_key: folder,
}));
const { clean } = await checkImport(repository, file, profile, 'skip');
// Acknowledged slice by slice, each after its commit: a kill between slices loses only what was never told.
for (let start = 0; start < clean.length; start += 37) {
  const { added } = await outbox.queue(clean.slice(start, start + 37), { profileId: profile.id, profileName: profile.name, importId: 'crash' }, { skipKnown: true });
  process.stdout.write(added.map((entry) => `ACK ${entry.request.external_id}\n`).join(''));
}
for (;;) {
  const summary = outbox.summary();
  if (summary.created === count) break;
  if (summary.needsFixing > 0 || summary.held > 0) {
    const stuck = outbox.repository.all().filter((e) => e.state === 'needs-fixing' || e.state === 'held');
    process.stdout.write(`STUCK ${JSON.stringify(stuck.slice(0, 3))}\n`);
    process.exit(2);
  }
  await new Promise((resolve) => setTimeout(resolve, 10));
}
process.stdout.write('DONE\n');
await outbox.dispose();
storage.close();
await client.close();
process.exit(0);
