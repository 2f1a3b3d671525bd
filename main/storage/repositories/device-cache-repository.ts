import { z } from 'zod';
import type { Storage } from '../database';
import type { Sealer } from '../sealer';

/** One device's last copy: the server's JSON text (stream credentials already masked) and when it was fetched. */
const copySchema = z.object({ id: z.string(), raw: z.string(), fetchedAt: z.string() });
export type DeviceCopy = z.infer<typeof copySchema>;

/**
 * The last copy seen of each device per profile. The device id is identifying, so the row is found by its keyed hash;
 * the copy itself is sealed, bound to its profile and device.
 */
export interface DeviceCacheRepository {
  save(sealer: Sealer, profileId: string, copy: DeviceCopy): void;
  load(sealer: Sealer, profileId: string, id: string): DeviceCopy | null;
  clear(profileId: string): void;
}

export function createDeviceCacheRepository(storage: Storage): DeviceCacheRepository {
  const keyOf = (sealer: Sealer, profileId: string, id: string) => sealer.hash('device-id', `${profileId}\0${id}`);
  const purposeOf = (key: Buffer) => `device-cache:${key.toString('hex')}`;
  return {
    save(sealer, profileId, copy) {
      const key = keyOf(sealer, profileId, copy.id);
      const record = sealer.sealJson(copy, purposeOf(key));
      storage.transaction(() =>
        storage
          .statement(
            `INSERT INTO device_cache (profile_id, device_key, fetched_at, record) VALUES (?, ?, ?, ?)
             ON CONFLICT (profile_id, device_key) DO UPDATE SET fetched_at = excluded.fetched_at, record = excluded.record`,
          )
          .run(profileId, key, copy.fetchedAt, record),
      );
    },
    load(sealer, profileId, id) {
      const key = keyOf(sealer, profileId, id);
      const row = storage.get<{ record: Uint8Array }>('SELECT record FROM device_cache WHERE profile_id = ? AND device_key = ?', profileId, key);
      return row ? sealer.openJson(row.record, purposeOf(key), copySchema, 'device cache') : null;
    },
    clear(profileId) {
      storage.transaction(() => storage.statement('DELETE FROM device_cache WHERE profile_id = ?').run(profileId));
    },
  };
}
