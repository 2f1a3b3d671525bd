import { matchSeenDevices, mergeSeen, type DeviceSearchResult, type SeenDevice } from '../../preload/contract/agents-search';
import type { DeviceCache } from './device-cache';
import type { ShortcutStore } from './shortcut-store';
import type { WatchLists } from './watch-lists';

export interface DeviceSearchDeps {
  /** The active server's profile id (the search covers what was seen on that server). */
  activeProfileId(): Promise<string>;
  shortcuts: Pick<ShortcutStore, 'get'>;
  cache: Pick<DeviceCache, 'load'>;
  watch: Pick<WatchLists, 'list' | 'view'>;
}

export interface DeviceSearch {
  search(query: string): Promise<DeviceSearchResult>;
}

/**
 * Finds a device by name, MAC or serial among those this console has already seen on the active server: the recent
 * and pinned look-ups with their saved copies (through the cache's own `load`), and the rows of its watch lists as
 * their runners hold them. Only the stores' interfaces are used, so a store that moves elsewhere keeps this working.
 */
export function createDeviceSearch(deps: DeviceSearchDeps): DeviceSearch {
  async function seenDevices(): Promise<SeenDevice[]> {
    const profileId = await deps.activeProfileId();
    const seen: SeenDevice[] = [];
    const shortcuts = await deps.shortcuts.get(profileId);
    const looked = [
      ...shortcuts.pinned.map((p) => ({ id: p.id, name: p.name, place: 'pinned' as const })),
      ...shortcuts.recent.map((r) => ({ id: r.id, name: r.name, place: 'recent' as const })),
    ];
    // A dozen or so small files at most: the recent and pinned look-ups.
    const copies = await Promise.all(looked.map((l) => deps.cache.load(profileId, l.id).catch(() => null)));
    looked.forEach((l, i) => {
      const copy = copies[i];
      seen.push({ id: l.id, name: copy?.device.name ?? l.name ?? null, mac: copy?.device.mac ?? null, serial: copy?.device.serial_number ?? null, seenIn: copy ? [l.place, 'cache'] : [l.place] });
    });
    for (const list of await deps.watch.list()) {
      if (list.profileId !== profileId) continue;
      const view = await deps.watch.view(list.id);
      for (const row of view.rows) seen.push({ id: row.deviceId, name: row.name, mac: row.mac, serial: row.serial, seenIn: ['watch'] });
    }
    return mergeSeen(seen);
  }

  return {
    async search(query) {
      const devices = await seenDevices();
      return { matches: matchSeenDevices(query, devices), searched: devices.length };
    },
  };
}
