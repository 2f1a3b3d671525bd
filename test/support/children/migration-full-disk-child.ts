/**
 * Schema step 12 on a data folder that is a small tmpfs the test mounted in a private mount namespace: an outbox made
 * by step 11 (whole 32-byte keyed hashes), the disk filled to the byte, the console started (the step needs room for
 * its rewrite), the disk freed, the console started again. Prints one JSON line: what each start found and did.
 */
import { randomBytes } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { newEntryIds } from '../../../main/outbox/entry-ids';
import { queuedEntry } from '../../../main/outbox/outbox-state';
import { migrations, openStorage } from '../../../main/storage';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { createSealer } from '../../../main/storage/sealer';
import type { CameraCreateRequest } from '../../../preload/contract/onboarding';
import { startedOnNearlyFullDisk } from '../fill-disk';

const folder = process.argv[2]!;
const rows = Number(process.argv[3] ?? 3000);
const sealer = createSealer(randomBytes(32));
const camera = (n: number): CameraCreateRequest => ({ name: `Camera ${n}`, mac: `02:00:00:00:${(n >> 8).toString(16).padStart(2, '0')}:${(n & 255).toString(16).padStart(2, '0')}`, serial_number: `SN-${n}`, external_id: `ext-${n}` });

const before = openStorage({ folder, migrations: migrations.filter((step) => step.version <= 11) });
const insert = before.statement(
  `INSERT INTO outbox_entries (id, profile_id, external_id_hash, mac_hash, serial_hash, state, created_at, updated_at, due_at, body)
   VALUES (?, 'site', ?, ?, ?, 'queued', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 0, ?)`,
);
const ids = newEntryIds(rows);
before.transaction(() =>
  ids.forEach((id, n) => {
    const request = camera(n);
    insert.run(id, sealer.hash('external-id', request.external_id!), sealer.hash('mac', request.mac!), sealer.hash('serial', request.serial_number!.toLowerCase()), sealer.sealJson({ profileName: 'Site', request }, `outbox:${id}`));
  }),
);
before.close();

/** The schema version and hash lengths in the file, read without the console. */
function onDisk(): { version: number; lengths: unknown[] } {
  const db = new DatabaseSync(join(folder, 'watchdesk.db'), { readOnly: true });
  const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  const lengths = db.prepare('SELECT length(external_id_hash) AS a, length(mac_hash) AS b, length(serial_hash) AS c, count(*) AS n FROM outbox_entries GROUP BY a, b, c').all();
  db.close();
  return { version, lengths };
}

// Full but for a little: the log and its index can be made and the step begins, but its rewrite of every row runs out.
const full = startedOnNearlyFullDisk(folder, (storage) => ({ writable: storage.writable, notices: storage.health().notices }));
const fullOnDisk = onDisk();

const after = openStorage({ folder, migrations });
const repository = new OutboxRepository(after, sealer);
const [again] = newEntryIds(1);
const { refused } = repository.insert([queuedEntry(again!, camera(7), { profileId: 'site', profileName: 'Site' }, new Date().toISOString())]);
const freed = { writable: after.writable, refused, known: repository.known('site', { mac: camera(rows - 1).mac } as CameraCreateRequest)?.kind ?? null };
after.close();
process.stdout.write(`${JSON.stringify({ full, fullOnDisk, freed, freedOnDisk: onDisk() })}\n`);
