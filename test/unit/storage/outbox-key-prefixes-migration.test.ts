import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newEntryIds } from '../../../main/outbox/entry-ids';
import { queuedEntry } from '../../../main/outbox/outbox-state';
import { migrations, openStorage } from '../../../main/storage';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { createSealer } from '../../../main/storage/sealer';
import type { CameraCreateRequest } from '../../../preload/contract/onboarding';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const camera = (n: number): CameraCreateRequest => ({
  name: `Camera ${n}`,
  mac: `02:00:00:00:02:${n.toString(16).padStart(2, '0')}`,
  serial_number: `SN-${n}`,
  external_id: `ext-${n}`,
  group_external_id: 'g',
  folder_key: 'f',
});
const AT = '2026-01-01T00:00:00.000Z';
const site = { profileId: 'site', profileName: 'Site' };
const other = { profileId: 'other-site', profileName: 'Other site' };

describe('schema step 14: the MAC and serial indexes on hash prefixes', () => {
  it('finds the cameras of a database of step 13 by MAC and serial as before: per profile, live ones only, whole hashes compared', () => {
    const folder = mkdtempSync(join(tmpdir(), 'wd-migration-14-'));
    folders.push(folder);
    const sealer = createSealer(randomBytes(32));
    const before = openStorage({ folder, migrations: migrations.filter((step) => step.version <= 13) });
    // Queued as the console of step 13 queued them: cameras 0-2 for one profile (2 discarded), camera 3 for another.
    const [a, b, discarded, elsewhere] = newEntryIds(4);
    const queued = new OutboxRepository(before, sealer).insert([
      queuedEntry(a!, camera(0), site, AT),
      queuedEntry(b!, camera(1), site, AT),
      queuedEntry(discarded!, camera(2), site, AT),
      queuedEntry(elsewhere!, camera(3), other, AT),
    ]);
    expect(queued.added).toHaveLength(4);
    new OutboxRepository(before, sealer).discard([discarded!], 'mark-1');
    before.close();

    const after = openStorage({ folder, migrations });
    expect(after.statement('PRAGMA user_version').get()).toEqual({ user_version: migrations.at(-1)!.version });
    const repository = new OutboxRepository(after, sealer);
    expect(repository.known('site', { mac: camera(0).mac } as CameraCreateRequest)).toEqual({ kind: 'mac', state: 'queued', cleared: false });
    // A serial is compared as the schema compares it: trimmed, in lower case.
    expect(repository.known('site', { serial_number: ' sn-1 ' } as CameraCreateRequest)).toEqual({ kind: 'serial', state: 'queued', cleared: false });
    // Another profile's camera and a discarded one are not known.
    expect(repository.known('site', { mac: camera(3).mac, serial_number: camera(3).serial_number } as CameraCreateRequest)).toBeNull();
    expect(repository.known('other-site', { mac: camera(3).mac } as CameraCreateRequest)).toMatchObject({ kind: 'mac' });
    expect(repository.known('site', { mac: camera(2).mac } as CameraCreateRequest)).toBeNull();
    // Its undo brings it back into the index.
    expect(repository.undoDiscard('mark-1')).toBe(1);
    expect(repository.known('site', { mac: camera(2).mac } as CameraCreateRequest)).toMatchObject({ kind: 'mac', state: 'queued' });

    // A row whose MAC hash only begins as camera 4's does is a different camera: the whole hash decides.
    const [lookalike] = newEntryIds(1);
    const prefix = sealer.hash('mac', camera(4).mac!, 16).subarray(0, 4);
    after.transaction(() =>
      after
        .statement("INSERT INTO outbox_entries (id, profile_id, external_id_hash, mac_hash, state, created_at, updated_at) VALUES (?, 'site', ?, ?, 'held', ?, ?)")
        .run(lookalike!, randomBytes(16), Buffer.concat([prefix, randomBytes(12)]), AT, AT),
    );
    expect(repository.known('site', { mac: camera(4).mac } as CameraCreateRequest)).toBeNull();
    // An import that skips known cameras skips by MAC and serial, whichever matches.
    const [again, bySerial, fresh] = newEntryIds(3);
    const result = repository.insert(
      [
        queuedEntry(again!, { ...camera(0), external_id: 'ext-new-0' }, site, AT),
        queuedEntry(bySerial!, { ...camera(1), mac: '02:00:00:00:02:f1', external_id: 'ext-new-1' }, site, AT),
        queuedEntry(fresh!, camera(4), site, AT),
      ],
      true,
    );
    expect(result.refused).toEqual([0, 1]);
    expect(result.added.map((entry) => entry.id)).toEqual([fresh]);

    // The indexes hold 4 bytes of each hash and no profile; a look-up goes through them.
    const indexes = after.statement("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND name IN ('outbox_by_mac', 'outbox_by_serial') ORDER BY name").all() as Array<{ name: string; sql: string }>;
    expect(indexes.map((index) => index.sql)).toEqual([
      'CREATE INDEX outbox_by_mac ON outbox_entries (substr(mac_hash, 1, 4)) WHERE mac_hash IS NOT NULL AND discarded_at IS NULL',
      'CREATE INDEX outbox_by_serial ON outbox_entries (substr(serial_hash, 1, 4)) WHERE serial_hash IS NOT NULL AND discarded_at IS NULL',
    ]);
    const plan = after.statement('EXPLAIN QUERY PLAN SELECT id FROM outbox_entries WHERE substr(mac_hash, 1, 4) = ? AND mac_hash IS NOT NULL AND discarded_at IS NULL AND mac_hash = ?').all(prefix, prefix) as Array<{ detail: string }>;
    expect(plan.map((row) => row.detail).join(' ')).toMatch(/USING INDEX outbox_by_mac/);
    after.close();
  });
});
