/**
 * Schema step 13 on a data folder that is a small tmpfs the test mounted in a private mount namespace: an outbox made
 * by step 12 with entries in every state, the disk filled to the byte but for a little (the step copies every row
 * into a new table), the console started, the disk freed, the console started again. Prints one JSON line: what each
 * start found and did, and whether every entry read back as it was.
 */
import { randomBytes } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { migrations, openStorage } from '../../../main/storage';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { createSealer } from '../../../main/storage/sealer';
import { startedOnNearlyFullDisk } from '../../support/fill-disk';
import { step12Outbox } from '../../unit/storage/step12-outbox';

const folder = process.argv[2]!;
const rows = Number(process.argv[3] ?? 3000);
const sealer = createSealer(randomBytes(32));

const before = openStorage({ folder, migrations: migrations.filter((step) => step.version <= 12) });
const { expected } = step12Outbox(before, sealer, rows);
before.close();

/** The schema version and rows in the file, read without the console. */
function onDisk(): { version: number; entries: number; tables: string[] } {
  const db = new DatabaseSync(join(folder, 'watchdesk.db'), { readOnly: true });
  const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  const entries = (db.prepare('SELECT count(*) AS n FROM outbox_entries').get() as { n: number }).n;
  const tables = (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'outbox%' ORDER BY name").all() as Array<{ name: string }>).map((row) => row.name);
  db.close();
  return { version, entries, tables };
}

// What the console shows meanwhile: the outbox as it is, read-only.
const full = startedOnNearlyFullDisk(folder, (storage) => ({ writable: storage.writable, notices: storage.health().notices, shown: new OutboxRepository(storage, sealer).all().length }));
const fullOnDisk = onDisk();

const after = openStorage({ folder, migrations });
const all = new OutboxRepository(after, sealer).all();
const differing = all.findIndex((entry, i) => !isDeepStrictEqual(entry, expected[i]));
const freed = { writable: after.writable, entries: all.length, differing: differing === -1 ? null : [all[differing], expected[differing]] };
after.close();
process.stdout.write(`${JSON.stringify({ full, fullOnDisk, freed, freedOnDisk: onDisk() })}\n`);
