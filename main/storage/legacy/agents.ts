import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { MAX_RECENT_LOOKUPS, type LookupShortcuts } from '../../../preload/contract/agents';
import { log } from '../../shared/log';
import { createSealer, type Sealer } from '../sealer';
import { createDeviceCacheRepository, type DeviceCopy } from '../repositories/device-cache-repository';
import { createShortcutRepository } from '../repositories/shortcut-repository';
import { createWatchRepository, storedAlertSchema, storedListSchema } from '../repositories/watch-repository';
import { readJsonFiles, type LegacySource } from './legacy-import';

/** Before the database: `agents/watch-lists.json`, and per profile `agents/<profile>/shortcuts.json` and `devices/<id>.json`. */
const AGENTS_FOLDER = 'agents';
const watchFileSchema = z.object({ version: z.literal(1), lists: z.array(storedListSchema), alerts: z.array(storedAlertSchema) });
const shortcutsFileSchema = z.object({
  version: z.literal(1),
  recent: z.array(z.object({ id: z.string(), name: z.string().nullable(), at: z.string() })),
  pinned: z.array(z.object({ id: z.string(), name: z.string().nullable() })),
});
const deviceFileSchema = z.object({ version: z.literal(1), id: z.string(), fetchedAt: z.string(), raw: z.string() });
const profileIdsSchema = z.object({ profiles: z.array(z.object({ id: z.string() }).loose()) }).loose();

/** The folder name the earlier store gave a profile: its id when that is a safe name, else a hash of it. */
function folderNameOf(profileId: string): string {
  return /^[A-Za-z0-9_-]{1,80}$/.test(profileId) ? profileId : createHash('sha256').update(profileId).digest('hex').slice(0, 32);
}

async function readJson<T>(path: string, schema: z.ZodType<T>): Promise<T> {
  return schema.parse(JSON.parse(await readFile(path, 'utf8')));
}

/** Profile ids the folders may belong to: those in the earlier profiles file and in the watch lists. */
async function knownProfileIds(dataDir: string, lists: Array<{ profileId: string }>): Promise<string[]> {
  const ids = lists.map((list) => list.profileId);
  for (const file of ['profiles.json', 'profiles.json.before-database']) {
    const path = join(dataDir, file);
    if (!existsSync(path)) continue;
    try {
      ids.push(...(await readJson(path, profileIdsSchema)).profiles.map((profile) => profile.id));
    } catch {
      // An unreadable profiles file is told by its own source; the folder names that are ids still match.
    }
  }
  return ids;
}

/**
 * Watch lists and alerts, look-up shortcuts and device copies. The watch lists must read; a shortcuts file or a device
 * copy that does not is left out (named in the log: shortcuts and copies are conveniences, and the files are kept
 * aside as `agents.before-database`). Device copies are sealed with the data key; without the keychain they are left
 * out, since the next look-up fetches the device again.
 */
export const legacyAgents: LegacySource = {
  name: 'watch lists and device look-ups',
  files: [AGENTS_FOLDER],
  async read({ dataDir, getDataKey }) {
    const folder = join(dataDir, AGENTS_FOLDER);
    const watchPath = join(folder, 'watch-lists.json');
    const watch = existsSync(watchPath) ? await readJson(watchPath, watchFileSchema) : { lists: [], alerts: [] };
    const byFolder = new Map((await knownProfileIds(dataDir, watch.lists)).map((id) => [folderNameOf(id), id]));
    const shortcuts: Array<{ profileId: string; value: LookupShortcuts }> = [];
    const copies: Array<{ profileId: string; copy: DeviceCopy }> = [];
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const profileId = byFolder.get(entry.name) ?? (/^[0-9a-f]{32}$/.test(entry.name) ? null : entry.name);
      if (profileId === null) {
        log.warn('storage', 'look-ups of a profile that no longer exists were left out');
        continue;
      }
      const shortcutsPath = join(folder, entry.name, 'shortcuts.json');
      if (existsSync(shortcutsPath)) {
        try {
          const file = await readJson(shortcutsPath, shortcutsFileSchema);
          shortcuts.push({ profileId, value: { recent: file.recent, pinned: file.pinned } });
        } catch (error) {
          log.warn('storage', `earlier look-up shortcuts could not be read and were left out: ${String(error)}`);
        }
      }
      for (const file of await readJsonFiles(join(folder, entry.name, 'devices'), deviceFileSchema, 'an earlier device copy')) {
        copies.push({ profileId, copy: { id: file.id, raw: file.raw, fetchedAt: file.fetchedAt } });
      }
    }
    let sealer: Sealer | null = null;
    if (copies.length > 0) {
      try {
        sealer = createSealer(await getDataKey());
      } catch (error) {
        log.warn('storage', `earlier device copies were left out (the keychain did not answer): ${String(error)}`);
      }
    }
    return (storage) => {
      const watchRepository = createWatchRepository(storage);
      const listIds = new Set(watch.lists.map((list) => list.id));
      for (const list of watch.lists) watchRepository.saveList(list, []);
      watchRepository.saveAlerts(watch.alerts.filter((alert) => listIds.has(alert.listId)));
      const shortcutRepository = createShortcutRepository(storage);
      // As they were made: the oldest look-up first (the newest ends first), then the pins in their order.
      for (const { profileId, value } of shortcuts) {
        for (const item of value.recent.slice(0, MAX_RECENT_LOOKUPS).reverse()) shortcutRepository.recordLookup(profileId, item.id, item.name, item.at);
        for (const item of value.pinned) shortcutRepository.setPinned(profileId, item.id, true, item.name);
      }
      if (sealer) {
        const cache = createDeviceCacheRepository(storage);
        for (const { profileId, copy } of copies) cache.save(sealer, profileId, copy);
      }
    };
  },
};
