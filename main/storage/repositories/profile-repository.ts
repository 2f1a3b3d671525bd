import { linkWithoutCredentials, profileSchema, type Profile } from '../../../preload/contract/wire/profile';
import { sentence } from '../../shared/i18n';
import { log } from '../../shared/log';
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

  /**
   * Profiles saved before links with a user name and password were refused kept that password in clear: it is taken
   * out of the link, the rows are written again at once (a folder that refuses it writes them with the next save),
   * and the operator is told whose links changed.
   */
  function forgetLinkCredentials(repaired: readonly Profile[]): void {
    // secure_delete: the old bodies' bytes are zeroed in their pages, not left in the file's free space.
    storage.statement('PRAGMA secure_delete = 1').run();
    try {
      storage.transaction(() => {
        for (const profile of repaired) storage.statement('UPDATE profiles SET body = ? WHERE id = ?').run(JSON.stringify(profile), profile.id);
      });
    } catch (error) {
      log.warn('profiles', `playback links without their credentials are written with the next save: ${String(error)}`);
    } finally {
      storage.statement('PRAGMA secure_delete = 0').run();
    }
    storage.notice(sentence('storage.linkCredentialsRemoved', { names: repaired.map((profile) => profile.name).join(', ') }));
  }

  return {
    load() {
      const rows = storage.all<{ id: string; body: string }>('SELECT id, body FROM profiles ORDER BY seq');
      const repaired: Profile[] = [];
      const profiles = readableRows(storage, 'profiles', rows, (row) => {
        try {
          const body = JSON.parse(row.body) as Record<string, unknown>;
          const link = body.playbackUrlTemplate;
          if (typeof link !== 'string' || linkWithoutCredentials(link) === link) return profileSchema.parse(body);
          const profile = profileSchema.parse({ ...body, playbackUrlTemplate: linkWithoutCredentials(link) });
          repaired.push(profile);
          return profile;
        } catch (error) {
          unreadable.add(row.id);
          throw error;
        }
      });
      if (repaired.length > 0) forgetLinkCredentials(repaired);
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
