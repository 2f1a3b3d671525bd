import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newEntryIds } from '../../../main/outbox/entry-ids';
import { queuedEntry } from '../../../main/outbox/outbox-state';
import { DATABASE_FILE, migrations, openStorage, type Storage } from '../../../main/storage';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { createSealer } from '../../../main/storage/sealer';
import type { CameraCreateRequest } from '../../../preload/contract/onboarding';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const folder = (): string => {
  const made = mkdtempSync(join(tmpdir(), 'wd-wal-damage-'));
  folders.push(made);
  return made;
};

const camera = (n: number): CameraCreateRequest => ({ name: `Camera ${n}`, mac: `02:00:00:01:${(n >> 8).toString(16).padStart(2, '0')}:${(n & 255).toString(16).padStart(2, '0')}`, serial_number: `SN-${n}`, external_id: `ext-${n}`, group_external_id: 'g', folder_key: 'f' });
const sealer = createSealer(randomBytes(32));

/** Queues `slices` × 100 cameras, one commit each. */
function queue(repository: OutboxRepository, from: number, slices: number): void {
  for (let slice = 0; slice < slices; slice++) {
    const ids = newEntryIds(100);
    repository.insert(ids.map((id, i) => queuedEntry(id, camera(from + slice * 100 + i), { profileId: 'p', profileName: 'P' }, new Date().toISOString())));
  }
}

/** The data folder as a killed console leaves it (the file, its WAL and shared memory, copied while it runs). */
function killedCopy(storage: Storage, source: string): string {
  const copy = folder();
  for (const suffix of ['', '-wal', '-shm']) copyFileSync(join(source, DATABASE_FILE + suffix), join(copy, DATABASE_FILE + suffix));
  storage.close();
  return copy;
}

describe('a write-ahead log with a damaged frame in the middle', () => {
  it('is told, with a copy kept, instead of quietly dropping the committed changes after the damage', () => {
    const source = folder();
    const storage = openStorage({ folder: source, migrations });
    queue(new OutboxRepository(storage, sealer), 0, 6);
    const copy = killedCopy(storage, source);
    const wal = join(copy, `${DATABASE_FILE}-wal`);
    const bytes = readFileSync(wal);
    // Garbage over a stretch a third of the way in: the frames there no longer match their checksums.
    bytes.fill(0x41, Math.floor(bytes.length / 3), Math.floor(bytes.length / 3) + 4096);
    writeFileSync(wal, bytes);
    const told: string[] = [];
    const after = openStorage({ folder: copy, migrations, notice: (sentence) => told.push(sentence()) });
    const kept = new OutboxRepository(after, sealer).all();
    expect(kept.length).toBeLessThan(600);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/write-ahead log .* was damaged \(a change part-way through it is damaged, so the changes after it could not be read\)\. A copy was kept as .*-wal\.damaged-/);
    expect(readdirSync(copy).some((name) => name.startsWith(`${DATABASE_FILE}-wal.damaged-`))).toBe(true);
    after.close();
  });

  it('tells nothing of a whole log, nor of one reused from its start (frames of its earlier use after the current end)', () => {
    const source = folder();
    const storage = openStorage({ folder: source, migrations });
    const repository = new OutboxRepository(storage, sealer);
    queue(repository, 0, 6);
    // Everything checkpointed and the log begun again from its start; a few changes then overwrite its first frames only.
    storage.statement('PRAGMA wal_checkpoint(RESTART)').get();
    queue(repository, 600, 1);
    const copy = killedCopy(storage, source);
    expect(existsSync(join(copy, `${DATABASE_FILE}-wal`))).toBe(true);
    const told: string[] = [];
    const after = openStorage({ folder: copy, migrations, notice: (sentence) => told.push(sentence()) });
    expect(new OutboxRepository(after, sealer).all()).toHaveLength(700);
    expect(told).toEqual([]);
    after.close();
  });
});
