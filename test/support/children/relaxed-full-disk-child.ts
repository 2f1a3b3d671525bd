/**
 * Relaxed transactions on a data folder that is a small tmpfs the test mounted in a private mount namespace: one note
 * saved and synced, the disk filled to the byte, a relaxed save tried (and its sync), the disk freed, one more saved.
 * Prints one JSON line: what each step answered and the notes read back after a reopen.
 */
import { AppFailure } from '../../../main/shared/app-failure';
import { openStorage } from '../../../main/storage';
import type { Migration } from '../../../main/storage/migrate';
import { fillDiskOnceLogEmpty, freeDisk } from '../fill-disk';

const folder = process.argv[2]!;
const migrations: Migration[] = [
  { version: 1, name: 'base', up: (db) => db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT') },
  { version: 2, name: 'notes', up: (db) => db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, external_id TEXT NOT NULL UNIQUE, body TEXT NOT NULL) STRICT') },
];
type Answer = { ok: true } | { ok: false; kind: string; message: string };

async function attempt(work: () => void | Promise<void>): Promise<Answer> {
  try {
    await work();
    return { ok: true };
  } catch (error) {
    return error instanceof AppFailure ? { ok: false, kind: error.kind, message: error.message } : { ok: false, kind: 'bare', message: String(error) };
  }
}


const storage = openStorage({ folder, migrations });
const add = (id: string) => storage.relaxedTransaction(() => void storage.statement('INSERT INTO notes (external_id, body) VALUES (?, ?)').run(id, 'x'.repeat(64 * 1024)));
const steps: Record<string, Answer> = {};
steps.before = await attempt(async () => {
  add('before');
  await storage.sync();
});
await fillDiskOnceLogEmpty(folder);
steps.full = await attempt(() => add('refused'));
steps.fullSync = await attempt(() => storage.sync());
freeDisk(folder);
steps.after = await attempt(async () => {
  add('after');
  await storage.sync();
});
storage.close();
const again = openStorage({ folder, migrations });
const kept = (again.statement('SELECT external_id FROM notes ORDER BY id').all() as Array<{ external_id: string }>).map((row) => row.external_id);
again.close();
process.stdout.write(`${JSON.stringify({ steps, kept })}\n`);
