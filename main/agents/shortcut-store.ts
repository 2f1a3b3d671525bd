import { join } from 'node:path';
import { z } from 'zod';
import { MAX_RECENT_LOOKUPS, type LookupShortcuts } from '../../preload/contract/agents';
import { readFileIfExists, writeFileAtomic } from '../shared/atomic-file';
import { log } from '../shared/log';
import { createSerialQueue } from '../shared/serial-queue';
import { profileFolder } from './profile-folder';

const shortcutsFileSchema = z.object({
  version: z.literal(1),
  recent: z.array(z.object({ id: z.string(), name: z.string().nullable(), at: z.string() })),
  pinned: z.array(z.object({ id: z.string(), name: z.string().nullable() })),
});

export interface ShortcutStore {
  /** The shortcuts as last changed (writes still under way included). */
  get(profileId: string): Promise<LookupShortcuts>;
  /** Resolves once every change made so far is on disk. */
  idle(): Promise<void>;
  /** Puts the device first among the recent look-ups (and refreshes a pinned device's name). */
  recordLookup(profileId: string, id: string, name: string): Promise<LookupShortcuts>;
  setPinned(profileId: string, id: string, pinned: boolean, name: string | null): Promise<LookupShortcuts>;
  clearRecent(profileId: string): Promise<LookupShortcuts>;
}

/** Recent look-ups and pinned devices per profile (`agents/<profile>/shortcuts.json`). */
export function createShortcutStore(dataDir: string): ShortcutStore {
  const queue = createSerialQueue();
  const pathOf = (profileId: string) => join(profileFolder(dataDir, profileId), 'shortcuts.json');
  // Read once per profile, then kept here: a look-up reads its pinned flag without waiting for a disk write.
  const current = new Map<string, Promise<LookupShortcuts>>();
  const load = (profileId: string): Promise<LookupShortcuts> => {
    let entry = current.get(profileId);
    if (!entry) {
      entry = read(profileId);
      current.set(profileId, entry);
    }
    return entry;
  };

  async function read(profileId: string): Promise<LookupShortcuts> {
    const bytes = await readFileIfExists(pathOf(profileId));
    if (bytes === null) return { recent: [], pinned: [] };
    const parsed = shortcutsFileSchema.safeParse(JSON.parse(bytes.toString('utf8') || 'null'));
    if (!parsed.success) {
      log.warn('agents', 'look-up shortcuts file has an unexpected shape; starting a new one');
      return { recent: [], pinned: [] };
    }
    return { recent: parsed.data.recent, pinned: parsed.data.pinned };
  }

  /** Applies the change in memory at once and writes it behind, one file write at a time. */
  async function change(profileId: string, edit: (shortcuts: LookupShortcuts) => LookupShortcuts): Promise<LookupShortcuts> {
    const next = edit(await load(profileId));
    current.set(profileId, Promise.resolve(next));
    void queue
      .run(() => writeFileAtomic(pathOf(profileId), JSON.stringify({ version: 1, ...next }) + '\n', { mode: 0o600 }))
      .catch((error: unknown) => log.warn('agents', `look-up shortcuts could not be saved: ${String(error)}`));
    return next;
  }

  return {
    get: load,
    idle: () => queue.idle(),
    recordLookup(profileId, id, name) {
      return change(profileId, (current) => ({
        recent: [{ id, name, at: new Date().toISOString() }, ...current.recent.filter((r) => r.id !== id)].slice(0, MAX_RECENT_LOOKUPS),
        pinned: current.pinned.map((p) => (p.id === id ? { id, name } : p)),
      }));
    },
    setPinned(profileId, id, pinned, name) {
      return change(profileId, (current) => ({
        recent: current.recent,
        pinned: pinned
          ? current.pinned.some((p) => p.id === id)
            ? current.pinned
            : [...current.pinned, { id, name: name ?? current.recent.find((r) => r.id === id)?.name ?? null }]
          : current.pinned.filter((p) => p.id !== id),
      }));
    },
    clearRecent(profileId) {
      return change(profileId, (current) => ({ recent: [], pinned: current.pinned }));
    },
  };
}
