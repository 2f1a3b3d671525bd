import type { AgentSnapshot, LookupShortcuts, RecentLookup } from '../../preload/contract/agents';
import type { Connections } from '../app/connections';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { said, say } from '../shared/i18n';
import { log } from '../shared/log';
import { createSerialQueue } from '../shared/serial-queue';
import { isUnreachable, lookupFailure } from './agent-errors';
import type { DeviceCache } from './device-cache';
import type { ShortcutStore } from './shortcut-store';

export interface DeviceLookup {
  lookup(id: string, signal?: AbortSignal): Promise<AgentSnapshot>;
  cached(id: string): Promise<AgentSnapshot | null>;
  /** Resolves once the copies and shortcuts written behind the answers are on disk (shutdown, tests). */
  idle(): Promise<void>;
  clearCache(): Promise<void>;
  shortcuts(): Promise<LookupShortcuts>;
  pin(id: string, pinned: boolean): Promise<LookupShortcuts>;
  clearRecent(): Promise<LookupShortcuts>;
  /** Undoes the last "Clear recent" of the active server (this run): its look-ups come back behind any made since. */
  restoreRecent(): Promise<LookupShortcuts>;
}

/**
 * Operation 5 for the inspection view: the device from the active server, its last copy on disk when the server
 * cannot be reached, and the recent/pinned shortcuts of that server.
 */
/** The active server's connection, or "choose a server" in the agents screen's words (with the way to Connect). */
export async function activeAgentsProfile(connections: Connections): ReturnType<Connections['active']> {
  try {
    return await connections.active();
  } catch (error) {
    if (isAppFailure(error) && error.kind === 'NotFound') throw new AppFailure('NotFound', said('agents.errors.noProfile'), { action: 'open-connect' });
    throw error;
  }
}

export function createDeviceLookup(connections: Connections, cache: DeviceCache, shortcuts: ShortcutStore): DeviceLookup {
  const writes = createSerialQueue();
  /** The recent look-ups the last "Clear recent" took away, for its undo (in memory: the clear itself is committed). */
  let cleared: { profileId: string; recent: RecentLookup[] } | null = null;
  const activeProfile = () => activeAgentsProfile(connections);

  async function isPinned(profileId: string, id: string): Promise<boolean> {
    return (await shortcuts.get(profileId)).pinned.some((p) => p.id === id);
  }

  return {
    async lookup(id, signal) {
      const { profile, client } = await activeProfile();
      try {
        const { device, text } = await client.viewCameraAgent(id, signal ? { signal } : {});
        const fetchedAt = new Date().toISOString();
        // The copy on disk and the shortcut are conveniences written behind the answer: the device is shown without
        // waiting for a file sync, and failing to write them never hides it.
        void writes
          .run(() => cache.save(profile.id, id, device, text, fetchedAt))
          .catch((error: unknown) => log.warn('agents', `could not cache device ${id}: ${String(error)}`));
        const recorded = await shortcuts.recordLookup(profile.id, id, device.name).catch(() => null);
        return {
          profileId: profile.id,
          profileName: profile.name,
          id,
          device,
          raw: text,
          credentialsKept: true,
          fetchedAt,
          stale: null,
          pinned: recorded ? recorded.pinned.some((p) => p.id === id) : false,
        };
      } catch (error) {
        if (isUnreachable(error) && isAppFailure(error)) {
          await writes.idle();
          const copy = await cache.load(profile.id, id);
          if (copy) {
            const note = said('agents.errors.unreachableStale', { detail: error.appError.said ?? error.appError.message });
            return {
              profileId: profile.id,
              profileName: profile.name,
              id,
              device: copy.device,
              raw: copy.raw,
              credentialsKept: false,
              fetchedAt: copy.fetchedAt,
              stale: { kind: error.kind, reason: say(note), said: note },
              pinned: await isPinned(profile.id, id),
            };
          }
        }
        throw lookupFailure(error, id);
      }
    },

    async cached(id) {
      const { profile } = await activeProfile();
      await writes.idle();
      const copy = await cache.load(profile.id, id);
      if (!copy) return null;
      return {
        profileId: profile.id,
        profileName: profile.name,
        id,
        device: copy.device,
        raw: copy.raw,
        credentialsKept: false,
        fetchedAt: copy.fetchedAt,
        stale: null,
        pinned: await isPinned(profile.id, id),
      };
    },

    async idle() {
      await writes.idle();
      await shortcuts.idle();
    },

    async clearCache() {
      const { profile } = await activeProfile();
      await writes.idle();
      await cache.clear(profile.id);
    },

    async shortcuts() {
      const { profile } = await activeProfile();
      return shortcuts.get(profile.id);
    },

    async pin(id, pinned) {
      const { profile } = await activeProfile();
      return shortcuts.setPinned(profile.id, id, pinned, null);
    },

    async clearRecent() {
      const { profile } = await activeProfile();
      const { recent } = await shortcuts.get(profile.id);
      const answer = await shortcuts.clearRecent(profile.id);
      cleared = { profileId: profile.id, recent };
      return answer;
    },

    async restoreRecent() {
      const { profile } = await activeProfile();
      if (!cleared || cleared.profileId !== profile.id) throw new AppFailure('Validation', said('agents.errors.recentNothingToUndo'));
      const answer = await shortcuts.restoreRecent(profile.id, cleared.recent);
      cleared = null;
      return answer;
    },
  };
}
