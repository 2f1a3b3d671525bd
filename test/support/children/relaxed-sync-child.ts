/**
 * Writes notes with relaxed transactions, a few per sync, and prints `ACK <n>` for each note only once `sync()` has
 * resolved (the moment a caller may tell the operator). The test kills it with SIGKILL and reads back.
 */
import { openStorage } from '../../../main/storage';
import type { Migration } from '../../../main/storage/migrate';

const folder = process.argv[2]!;
const migrations: Migration[] = [
  { version: 1, name: 'base', up: (db) => db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT') },
  { version: 2, name: 'notes', up: (db) => db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, external_id TEXT NOT NULL UNIQUE, body TEXT NOT NULL) STRICT') },
];
const storage = openStorage({ folder, migrations });
const insert = storage.statement('INSERT INTO notes (external_id, body) VALUES (?, ?)');
process.stdout.write('READY\n');
for (let n = 0; ; n += 3) {
  for (let i = n; i < n + 3; i++) storage.relaxedTransaction(() => insert.run(`note-${i}`, 'x'.repeat(200)));
  await storage.sync();
  process.stdout.write(`ACK ${n} ${n + 1} ${n + 2}\n`);
}
