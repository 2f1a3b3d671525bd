import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newEntryIds } from '../../../main/outbox/entry-ids';
import { queuedEntry } from '../../../main/outbox/outbox-state';
import { migrations, openStorage } from '../../../main/storage';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { createSealer, type Sealer } from '../../../main/storage/sealer';
import type { CameraCreateRequest } from '../../../preload/contract/onboarding';

/**
 * The outbox's MAC and serial indexes hold 4 bytes of each keyed hash (schema step 14). Here every MAC and serial hash
 * begins with the same 4 bytes, the worst case of chance: cameras must still be told apart by the whole hash, per
 * profile, in imports that skip known cameras and in look-ups.
 */

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The real sealer, whose MAC and serial hashes all begin with the same 4 bytes. */
function collidingSealer(): Sealer {
  const sealer = createSealer(randomBytes(32));
  return new Proxy(sealer, {
    get(target, property, receiver) {
      if (property !== 'hash') return Reflect.get(target, property, receiver) as unknown;
      return (kind: string, value: string, bytes?: number): Buffer => {
        const hash = Buffer.from(target.hash(kind, value, bytes));
        if (kind === 'mac' || kind === 'serial') hash.fill(0xab, 0, 4);
        return hash;
      };
    },
  });
}

const camera = (n: number): CameraCreateRequest => ({
  name: `Camera ${n}`,
  mac: `02:00:00:00:03:${n.toString(16).padStart(2, '0')}`,
  serial_number: `SN-P-${n}`,
  group_external_id: 'g',
  folder_key: 'f',
});
const AT = '2026-01-01T00:00:00.000Z';
const site = { profileId: 'site', profileName: 'Site' };
const other = { profileId: 'other', profileName: 'Other' };

describe('MAC and serial hashes that share their first 4 bytes', () => {
  it('keep cameras apart: each queued once, each found by its own MAC and serial, per profile', () => {
    const folder = mkdtempSync(join(tmpdir(), 'wd-prefixes-'));
    folders.push(folder);
    const storage = openStorage({ folder, migrations });
    try {
      const repository = new OutboxRepository(storage, collidingSealer());
      const ids = newEntryIds(60);
      const first = repository.insert(
        Array.from({ length: 40 }, (_, n) => queuedEntry(ids[n]!, camera(n), site, AT)),
        true,
      );
      expect(first.added).toHaveLength(40);
      expect(first.refused).toEqual([]);
      // Every row's MAC and serial hash does begin with the same 4 bytes.
      expect(storage.statement('SELECT COUNT(DISTINCT substr(mac_hash, 1, 4)) AS macs, COUNT(DISTINCT substr(serial_hash, 1, 4)) AS serials, COUNT(DISTINCT mac_hash) AS whole FROM outbox_entries').get()).toEqual({ macs: 1, serials: 1, whole: 40 });
      // Known by its own MAC or serial only; a new one with the same prefix is not known.
      expect(repository.known('site', { mac: camera(7).mac } as CameraCreateRequest)).toEqual({ kind: 'mac', state: 'queued', cleared: false });
      expect(repository.known('site', { serial_number: camera(31).serial_number } as CameraCreateRequest)).toEqual({ kind: 'serial', state: 'queued', cleared: false });
      expect(repository.known('site', { mac: camera(50).mac, serial_number: camera(50).serial_number } as CameraCreateRequest)).toBeNull();
      expect(repository.known('other', { mac: camera(7).mac } as CameraCreateRequest)).toBeNull();
      // An import that skips known cameras skips exactly the ones it has, by MAC or by serial.
      const second = repository.insert(
        [
          queuedEntry(ids[40]!, camera(3), site, AT),
          queuedEntry(ids[41]!, { ...camera(45), serial_number: camera(9).serial_number }, site, AT),
          queuedEntry(ids[42]!, camera(46), site, AT),
          queuedEntry(ids[43]!, camera(3), other, AT),
        ],
        true,
      );
      expect(second.refused).toEqual([0, 1]);
      expect(second.added.map((entry) => entry.request.name)).toEqual(['Camera 46', 'Camera 3']);
    } finally {
      storage.close();
    }
  });
});
