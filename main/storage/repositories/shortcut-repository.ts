import { MAX_RECENT_LOOKUPS, type LookupShortcuts, type RecentLookup } from '../../../preload/contract/agents';
import type { Storage } from '../database';

/**
 * Recent look-ups and pinned devices per profile: one row per device with its name, when it was last looked up
 * and its place among them (null: not among the recent ones) and its place among the pinned (null: not pinned).
 */
export interface ShortcutRepository {
  get(profileId: string): LookupShortcuts;
  /** Puts the device first among the recent look-ups (and refreshes a pinned device's name). */
  recordLookup(profileId: string, id: string, name: string | null, at: string): LookupShortcuts;
  setPinned(profileId: string, id: string, pinned: boolean, name: string | null): LookupShortcuts;
  clearRecent(profileId: string): LookupShortcuts;
  /** Puts cleared recent look-ups (newest first) back behind those made since, up to the cap. */
  restoreRecent(profileId: string, recent: readonly RecentLookup[]): LookupShortcuts;
  /** Everything kept for a profile that was deleted. */
  forgetProfile(profileId: string): void;
}

export function createShortcutRepository(storage: Storage): ShortcutRepository {
  function get(profileId: string): LookupShortcuts {
    return {
      recent: storage.all(
        'SELECT device_id AS id, name, looked_up_at AS at FROM lookup_shortcuts WHERE profile_id = ? AND recent_seq IS NOT NULL AND looked_up_at IS NOT NULL ORDER BY recent_seq DESC',
        profileId,
      ),
      pinned: storage.all('SELECT device_id AS id, name FROM lookup_shortcuts WHERE profile_id = ? AND pinned_seq IS NOT NULL ORDER BY pinned_seq', profileId),
    };
  }

  /** Only the newest look-ups stay recent. */
  function keepNewest(profileId: string): void {
    storage
      .statement(
        `UPDATE lookup_shortcuts SET looked_up_at = NULL, recent_seq = NULL WHERE profile_id = ?1 AND recent_seq IS NOT NULL AND device_id NOT IN
         (SELECT device_id FROM lookup_shortcuts WHERE profile_id = ?1 AND recent_seq IS NOT NULL ORDER BY recent_seq DESC LIMIT ?2)`,
      )
      .run(profileId, MAX_RECENT_LOOKUPS);
  }

  /** Rows that are neither recent nor pinned carry nothing. */
  function tidy(profileId: string): void {
    storage.statement('DELETE FROM lookup_shortcuts WHERE profile_id = ? AND recent_seq IS NULL AND pinned_seq IS NULL').run(profileId);
  }

  return {
    get,
    recordLookup(profileId, id, name, at) {
      return storage.transaction(() => {
        storage
          .statement(
            `INSERT INTO lookup_shortcuts (profile_id, device_id, name, looked_up_at, recent_seq)
             VALUES (?1, ?2, ?3, ?4, (SELECT coalesce(max(recent_seq), 0) + 1 FROM lookup_shortcuts WHERE profile_id = ?1))
             ON CONFLICT (profile_id, device_id) DO UPDATE SET name = excluded.name, looked_up_at = excluded.looked_up_at, recent_seq = excluded.recent_seq`,
          )
          .run(profileId, id, name, at);
        keepNewest(profileId);
        tidy(profileId);
        return get(profileId);
      });
    },
    setPinned(profileId, id, pinned, name) {
      return storage.transaction(() => {
        if (pinned) {
          storage
            .statement(
              `INSERT INTO lookup_shortcuts (profile_id, device_id, name, pinned_seq)
               VALUES (?1, ?2, ?3, (SELECT coalesce(max(pinned_seq), 0) + 1 FROM lookup_shortcuts WHERE profile_id = ?1))
               ON CONFLICT (profile_id, device_id) DO UPDATE SET
                 name = coalesce(excluded.name, name),
                 pinned_seq = coalesce(pinned_seq, excluded.pinned_seq)`,
            )
            .run(profileId, id, name);
        } else {
          storage.statement('UPDATE lookup_shortcuts SET pinned_seq = NULL WHERE profile_id = ? AND device_id = ?').run(profileId, id);
          tidy(profileId);
        }
        return get(profileId);
      });
    },
    clearRecent(profileId) {
      return storage.transaction(() => {
        storage.statement('UPDATE lookup_shortcuts SET looked_up_at = NULL, recent_seq = NULL WHERE profile_id = ?').run(profileId);
        tidy(profileId);
        return get(profileId);
      });
    },
    restoreRecent(profileId, recent) {
      return storage.transaction(() => {
        // Each goes below the oldest recent one: a device looked up since the clear keeps its place.
        const behind = storage.statement(
          `INSERT INTO lookup_shortcuts (profile_id, device_id, name, looked_up_at, recent_seq)
           VALUES (?1, ?2, ?3, ?4, (SELECT coalesce(min(recent_seq), 1) - 1 FROM lookup_shortcuts WHERE profile_id = ?1 AND recent_seq IS NOT NULL))
           ON CONFLICT (profile_id, device_id) DO UPDATE SET looked_up_at = coalesce(looked_up_at, excluded.looked_up_at), recent_seq = coalesce(recent_seq, excluded.recent_seq)`,
        );
        for (const lookup of recent) behind.run(profileId, lookup.id, lookup.name, lookup.at);
        keepNewest(profileId);
        return get(profileId);
      });
    },
    forgetProfile(profileId) {
      storage.transaction(() => storage.statement('DELETE FROM lookup_shortcuts WHERE profile_id = ?').run(profileId));
    },
  };
}
