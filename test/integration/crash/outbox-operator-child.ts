/**
 * The process the operator crash test kills: it imports N cameras (rows it has already are skipped) and, while they
 * are sent to a server that loses answers and fails now and then, an installer works the outbox at random: fixes
 * (edits) entries, removes one and undoes that, clears created cameras and undoes that. Every undo it was given is
 * written to the marks file once its answer came back (the Undo the installer was shown) and done at the next start if
 * this run was killed first; `UNDO-REFUSED <token> <reason>` says one was refused. Prints `ACK <MAC>` per
 * camera queued, `DONE` once all N are created and nothing is left to undo. argv: dataDir baseUrl apiToken count
 * keyHex group folder marksFile seed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Outbox } from '../../../main/outbox/outbox';
import { checkImport } from '../../../main/onboarding/import-check';
import { createPlatformClient } from '../../../main/platform/client';
import { isAppFailure } from '../../../main/shared/app-failure';
import { mulberry32 } from '../../../main/simulator/prng';
import { migrations, openStorage } from '../../../main/storage';
import { createSealer } from '../../../main/storage/sealer';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';

const [dataDir, baseUrl, apiToken, countText, keyHex, group, folder, marksPath, seedText] = process.argv.slice(2) as [string, string, string, string, string, string, string, string, string];
const count = Number(countText);
const random = mulberry32(Number(seedText));
const storage = openStorage({ folder: dataDir, migrations });
const repository = new OutboxRepository(storage, createSealer(Buffer.from(keyHex, 'hex')));
const client = createPlatformClient({ baseUrl, tokenStyle: 'bearer', getToken: async () => apiToken, timeoutMs: 5_000 });
const outbox = new Outbox({ repository, send: (entry, signal) => client.createCamera(entry.request, { signal }), concurrency: 4, baseDelayMs: 20, maxDelayMs: 100, chunkRows: 37 });
const profile = { id: 'operator', name: 'Operator crash test' };

/** Undo tokens the installer was given and has not used yet, as the marks file keeps them. */
let marks: string[] = existsSync(marksPath) ? readFileSync(marksPath, 'utf8').split('\n').filter(Boolean) : [];
const keepMarks = () => writeFileSync(marksPath, marks.map((mark) => `${mark}\n`).join(''));

async function undo(token: string): Promise<void> {
  const [kind, ...rest] = token.split(':');
  try {
    await outbox.undo(kind as 'discard' | 'clear', rest.join(':'));
  } catch (error) {
    if (!isAppFailure(error)) throw error;
    process.stdout.write(`UNDO-REFUSED ${token} ${error.message}\n`);
  }
  marks = marks.filter((mark) => mark !== token);
  keepMarks();
}

/** Failures an installer's click can meet while the outbox moves on (the entry was sent or answered meanwhile). */
const expected = (error: unknown) => isAppFailure(error) || (error instanceof Error && error.name === 'Error' && /is not allowed in state/.test(error.message));

await outbox.load();
// The Undo of a change made before a kill, used after the restart.
for (const token of [...marks]) await undo(token);
process.stdout.write('READY\n');

let importing = true;
let edits = 0;
async function installer(): Promise<void> {
  while (importing || marks.length > 0 || outbox.summary().pending > 0) {
    await new Promise((resolve) => setTimeout(resolve, 2 + random() * 8));
    const roll = random();
    try {
      if (roll < 0.15 && marks.length > 0) {
        await undo(marks[0]!);
        continue;
      }
      if (!importing && roll < 0.5 && marks.length > 0) {
        await undo(marks[0]!);
        continue;
      }
      const { entries } = outbox.repository.visible(300);
      const entry = entries[Math.floor(random() * entries.length)];
      if (!entry) continue;
      const index = Number.parseInt(entry.request.external_id?.slice('op-'.length) ?? '', 10);
      if (roll < 0.55) {
        if (entry.state === 'sending' || entry.state === 'created') continue;
        edits += 1;
        // Now and then the installer also types another external id (refused for a camera the server may have made).
        const external = random() < 0.3 ? `op-${index}-typed-${edits}` : entry.request.external_id;
        await outbox.edit(entry.id, { ...entry.request, name: `Operator camera ${index} fixed ${edits}`, external_id: external });
      } else if (roll < 0.7 && importing) {
        // One remove at a time: a remove forgets the one before it, whose Undo is gone.
        if (entry.state === 'sending' || entry.state === 'created' || marks.some((mark) => mark.startsWith('discard:'))) continue;
        const mark = await outbox.discard([entry.id]);
        marks.push(`discard:${mark}`);
        keepMarks();
      } else if (roll < 0.8) {
        const at = await outbox.clearCreated();
        marks.push(`clear:${at}`);
        keepMarks();
      }
    } catch (error) {
      if (!expected(error)) throw error;
    }
  }
}

const file = Array.from({ length: count }, (_, i) => ({
  name: `Operator camera ${i}`,
  mac: `02:30:00:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`,
  external_id: `op-${i}`,
  group_external_id: group,
  folder_key: folder,
}));
const working = installer();
const { clean } = await checkImport(repository, file, profile, 'skip');
for (let start = 0; start < clean.length; start += 37) {
  const { added } = await outbox.queue(clean.slice(start, start + 37), { profileId: profile.id, profileName: profile.name, importId: 'operator' }, { skipKnown: true });
  process.stdout.write(added.map((entry) => `ACK ${entry.request.mac}\n`).join(''));
}
importing = false;
await working;
for (;;) {
  const all = outbox.repository.all();
  if (all.length === count && all.every((entry) => entry.state === 'created')) break;
  const stuck = all.filter((entry) => entry.state === 'needs-fixing' || entry.state === 'held');
  if (stuck.length > 0) {
    process.stdout.write(`STUCK ${JSON.stringify(stuck.slice(0, 3).map((e) => [e.request.external_id, e.state, e.lastError]))}\n`);
    process.exit(2);
  }
  await new Promise((resolve) => setTimeout(resolve, 10));
}
process.stdout.write('DONE\n');
await outbox.dispose();
storage.close();
await client.close();
process.exit(0);
