import { profileSchema, type Profile } from '../../../preload/contract/wire/profile';
import type { Storage } from '../database';
import { readableRows } from '../readable-rows';

export interface ProfilesState {
  activeId: string | null;
  profiles: Profile[];
}

/** Server profiles (no secrets inside) in the order they were made, and the one in use. */
export interface ProfileRepository {
  load(): ProfilesState;
  /** Makes the stored profiles and the active id exactly `next`, in one transaction. */
  replace(next: ProfilesState): void;
}

export function createProfileRepository(storage: Storage): ProfileRepository {
  /** Profiles whose stored body could not be read: left out of the state, and never deleted by a later save. */
  const unreadable = new Set<string>();
  return {
    load() {
      const rows = storage.all<{ id: string; body: string }>('SELECT id, body FROM profiles ORDER BY seq');
      const profiles = readableRows(storage, 'profiles', rows, (row) => {
        try {
          return profileSchema.parse(JSON.parse(row.body));
        } catch (error) {
          unreadable.add(row.id);
          throw error;
        }
      });
      const active = storage.get<{ id: string | null }>('SELECT profile_id AS id FROM active_profile WHERE one = 1');
      return { activeId: active?.id ?? null, profiles };
    },
    replace(next) {
      storage.transaction(() => {
        const kept = new Set(next.profiles.map((profile) => profile.id));
        const stored = storage.all<{ id: string; body: string }>('SELECT id, body FROM profiles');
        const bodies = new Map(stored.map((row) => [row.id, row.body]));
        for (const { id } of stored) if (!kept.has(id) && !unreadable.has(id)) storage.statement('DELETE FROM profiles WHERE id = ?').run(id);
        for (const profile of next.profiles) {
          const body = JSON.stringify(profile);
          if (bodies.get(profile.id) === body) continue;
          storage.statement('INSERT INTO profiles (id, body) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body').run(profile.id, body);
        }
        const activeId = next.activeId !== null && kept.has(next.activeId) ? next.activeId : null;
        storage.statement('INSERT INTO active_profile (one, profile_id) VALUES (1, ?) ON CONFLICT (one) DO UPDATE SET profile_id = excluded.profile_id').run(activeId);
      });
    },
  };
}
