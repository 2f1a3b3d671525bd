import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { newEntryIds } from '../../../main/outbox/entry-ids';
import { queuedEntry, transition } from '../../../main/outbox/outbox-state';
import { DATABASE_FILE, migrations, openStorage } from '../../../main/storage';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { createSealer } from '../../../main/storage/sealer';
import type { CameraCreateRequest, OutboxEntry } from '../../../preload/contract/onboarding';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const camera = (n: number): CameraCreateRequest => ({ name: `Camera ${n}`, mac: `02:00:00:00:04:${n.toString(16).padStart(2, '0')}`, serial_number: `SN-${n}`, external_id: `ext-${n}`, group_external_id: 'g', folder_key: 'f' });
const meta = { profileId: 'site', profileName: 'Site' };
const failed = (entry: OutboxEntry) => transition(entry, { type: 'failed', at: new Date(), error: { kind: 'Offline', message: 'no', fieldErrors: {}, retryable: true }, retryDelayMs: 60_000 });

function opened() {
  const folder = mkdtempSync(join(tmpdir(), 'wd-outbox-memory-'));
  folders.push(folder);
  const storage = openStorage({ folder, migrations });
  const sealer = createSealer(randomBytes(32));
  return { folder, storage, sealer, repository: new OutboxRepository(storage, sealer) };
}

describe('the states the outbox repository remembers', () => {
  it('answer no state for an entry discarded while its answer was on the way, as a fresh read of the file does', () => {
    const { storage, sealer, repository } = opened();
    const ids = newEntryIds(2);
    repository.insert(ids.map((id, n) => queuedEntry(id, camera(n), meta, new Date().toISOString())));
    const sent = repository.dispatch(2, Date.now() + 1_000, [], false);
    // The answers arrive after the entries were taken out (the outbox allows it for an answer not yet committed).
    repository.discard(ids, 'mark-1');
    repository.dispatch(0, Date.now(), [failed(sent[0]!)], false);
    repository.save([failed(sent[1]!)]);
    const fresh = new OutboxRepository(storage, sealer);
    for (const id of ids) {
      expect(fresh.stateOf(id)).toBeNull();
      expect(repository.stateOf(id)).toBeNull();
    }
    // Brought back, they read as the answers left them.
    expect(repository.undoDiscard('mark-1')).toBe(2);
    for (const id of ids) expect(repository.stateOf(id)).toEqual({ state: 'retrying', attempts: 1 });
    storage.close();
  });

  it('never answers a state that a failed slice or a busy database rolled back', () => {
    const { folder, storage, repository } = opened();
    const [kept, ...rest] = newEntryIds(4);
    const at = new Date().toISOString();
    repository.insert([queuedEntry(kept!, camera(0), meta, at)]);
    repository.dispatch(1, Date.now() + 1_000, [], false);
    expect(repository.stateOf(kept!)).toEqual({ state: 'sending', attempts: 1 });
    // A slice that fails part-way (the third row refused by the file, as a full disk refuses a page): nothing of it stays.
    storage.statement("CREATE TEMP TRIGGER refuse_third BEFORE INSERT ON outbox_entries WHEN (SELECT count(*) FROM outbox_entries) >= 3 BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END").run();
    expect(() => repository.insert(rest.map((id, n) => queuedEntry(id, camera(n + 1), meta, at)), false, true)).toThrow();
    for (const id of rest) expect(repository.stateOf(id)).toBeNull();
    storage.statement('DROP TRIGGER refuse_third').run();
    // An answer whose commit another writer's lock refused (SQLITE_BUSY): the state stays the one committed before.
    const other = new DatabaseSync(join(folder, DATABASE_FILE));
    other.exec('PRAGMA busy_timeout = 0');
    other.exec('BEGIN IMMEDIATE');
    storage.statement('PRAGMA busy_timeout = 0').get();
    const [sending] = repository.all();
    expect(() => repository.dispatch(0, Date.now(), [failed(sending!)], false, true)).toThrow();
    expect(repository.stateOf(kept!)).toEqual({ state: 'sending', attempts: 1 });
    other.exec('ROLLBACK');
    other.close();
    repository.dispatch(0, Date.now(), [failed(sending!)], false, true);
    expect(repository.stateOf(kept!)).toEqual({ state: 'retrying', attempts: 1 });
    storage.close();
  });
});
