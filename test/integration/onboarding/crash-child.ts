/**
 * The process the crash-safety test kills: it opens the saved outbox, adds whichever of the N cameras are not in it
 * yet (in small batches, so a kill can land mid-enqueue), and sends them. Prints `DONE` when all N are created.
 * argv: dataDir baseUrl apiToken count keyHex group folder
 */
import { join } from 'node:path';
import { Outbox } from '../../../main/outbox/outbox';
import { createSavedOutboxStore } from '../../../main/outbox/outbox-store';
import { createPlatformClient } from '../../../main/platform/client';

const [dataDir, baseUrl, apiToken, countText, keyHex, group, folder] = process.argv.slice(2) as [string, string, string, string, string, string, string];
const count = Number(countText);
const key = Buffer.from(keyHex, 'hex');
const client = createPlatformClient({ baseUrl, tokenStyle: 'bearer', getToken: async () => apiToken, timeoutMs: 5_000 });
const outbox = new Outbox({
  store: createSavedOutboxStore(join(dataDir, 'outbox.enc'), async () => Buffer.from(key)),
  send: (entry, signal) => client.createCamera(entry.request, { signal }),
  concurrency: 8,
  baseDelayMs: 20,
  maxDelayMs: 100,
});

await outbox.load();
process.stdout.write('READY\n');
const have = new Set(outbox.entries().map((entry) => entry.request.external_id));
const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !have.has(`crash-${i}`));
for (let start = 0; start < missing.length; ) {
  const size = 1 + Math.floor(Math.random() * 40);
  const batch = missing.slice(start, start + size).map((i) => ({
    name: `Crash camera ${i}`,
    mac: `02:10:00:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`,
    external_id: `crash-${i}`,
    group_external_id: group,
    folder_key: folder,
  }));
  await outbox.enqueue(batch, { profileId: 'crash', profileName: 'Crash test' });
  start += size;
}
for (;;) {
  const summary = outbox.summary();
  if (summary.created === count) break;
  if (summary.needsFixing > 0 || summary.held > 0) {
    const stuck = outbox.entries().filter((e) => e.state === 'needs-fixing' || e.state === 'held');
    process.stdout.write(`STUCK ${JSON.stringify(stuck.slice(0, 3))}\n`);
    process.exit(2);
  }
  await new Promise((resolve) => setTimeout(resolve, 10));
}
process.stdout.write('DONE\n');
await outbox.dispose();
await client.close();
process.exit(0);
