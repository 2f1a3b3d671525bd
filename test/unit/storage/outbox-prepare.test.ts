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

const camera = (n: number, withExternalId = true): CameraCreateRequest => ({
  name: `Camera ${n}`,
  mac: `02:00:00:00:${(n >> 8).toString(16).padStart(2, '0')}:${(n & 255).toString(16).padStart(2, '0')}`,
  serial_number: `SN-${n}`,
  ...(withExternalId ? { external_id: `ext-${n}` } : {}),
  group_external_id: 'g',
  folder_key: 'f',
  onvif_credentials: { login: 'admin', password: `pw-${n}`, port: 80 },
});

describe('entries prepared ahead of their insert (sealed and hashed on the sealer thread)', () => {
  it('are saved as a plain insert saves them: read back, known by each identifier, one per external id', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'wd-prepare-'));
    folders.push(folder);
    const storage = openStorage({ folder, migrations });
    const sealer = createSealer(randomBytes(32));
    const repository = new OutboxRepository(storage, sealer);
    const at = new Date().toISOString();
    // 120 entries: enough that the group goes to the worker; every fifth has no external id (its entry id is hashed).
    const entries = newEntryIds(120).map((id, n) => queuedEntry(id, camera(n, n % 5 !== 0), { profileId: 'site', profileName: 'Site' }, at));
    const prepared = await repository.prepare(entries);
    expect(repository.insert(entries, false, true, Number.POSITIVE_INFINITY, prepared).added).toHaveLength(120);

    // A second repository (nothing remembered in memory) opens every row from its sealed blob.
    const fresh = new OutboxRepository(storage, sealer);
    expect(fresh.get(entries[7]!.id)?.request).toEqual(camera(7));
    expect(fresh.known('site', { mac: camera(33).mac } as CameraCreateRequest)).toMatchObject({ kind: 'mac' });
    expect(fresh.known('site', { serial_number: 'SN-34' } as CameraCreateRequest)).toMatchObject({ kind: 'serial' });
    expect(fresh.known('site', { external_id: 'ext-36' } as CameraCreateRequest)).toMatchObject({ kind: 'external-id' });
    // The external id hashes are the ones a plain insert makes: the same external id again is refused.
    const [again] = newEntryIds(1);
    expect(fresh.insert([queuedEntry(again!, camera(36), { profileId: 'site', profileName: 'Site' }, at)]).refused).toEqual([0]);
    storage.close();
  });
});
