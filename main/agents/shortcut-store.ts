import type { LookupShortcuts, RecentLookup } from '../../preload/contract/agents';
import type { Storage } from '../storage/database';
import { createShortcutRepository } from '../storage/repositories/shortcut-repository';

export interface ShortcutStore {
  get(profileId: string): Promise<LookupShortcuts>;
  /** Every change is committed before it is answered; kept for callers that wait for writes behind an answer. */
  idle(): Promise<void>;
  /** Puts the device first among the recent look-ups (and refreshes a pinned device's name). */
  recordLookup(profileId: string, id: string, name: string): Promise<LookupShortcuts>;
  /** Answers the shortcuts as saved; a pin that cannot be saved is refused in words (StorageUnavailable), never answered ok. */
  setPinned(profileId: string, id: string, pinned: boolean, name: string | null): Promise<LookupShortcuts>;
  clearRecent(profileId: string): Promise<LookupShortcuts>;
  restoreRecent(profileId: string, recent: readonly RecentLookup[]): Promise<LookupShortcuts>;
  /** A deleted profile's shortcuts go with it. */
  forgetProfile(profileId: string): Promise<void>;
}

/** Recent look-ups and pinned devices per profile, in the database. */
export function createShortcutStore(storage: Storage): ShortcutStore {
  const repository = createShortcutRepository(storage);
  return {
    get: async (profileId) => repository.get(profileId),
    idle: async () => undefined,
    recordLookup: async (profileId, id, name) => repository.recordLookup(profileId, id, name, new Date().toISOString()),
    setPinned: async (profileId, id, pinned, name) => repository.setPinned(profileId, id, pinned, name),
    clearRecent: async (profileId) => repository.clearRecent(profileId),
    restoreRecent: async (profileId, recent) => repository.restoreRecent(profileId, recent),
    forgetProfile: async (profileId) => repository.forgetProfile(profileId),
  };
}
