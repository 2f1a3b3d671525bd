import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DataFolder } from '../storage/data-folder';

/** What the storage says about itself for the diagnostics file: an integrity verdict, counts per store, notices. */
export interface StorageHealthReport {
  integrity: string;
  counts: Record<string, number>;
  notices: string[];
}

/** Injectable: the storage layer provides the real check (an integrity check and row counts per table). */
export type StorageHealth = () => Promise<StorageHealthReport>;

/** Files under a folder, counted (a store kept as files: outbox, history, caches). */
async function countFiles(path: string): Promise<number> {
  let total = 0;
  const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) total += entry.isDirectory() ? await countFiles(join(path, entry.name)) : 1;
  return total;
}

/**
 * The default until the storage layer wires its own: the data folder's status (writable or why not, what was set
 * aside in it) and the number of files of each store kept in it (a top-level file counts 1, a folder its files).
 */
export function dataFolderHealth(dataFolder: DataFolder): StorageHealth {
  return async () => {
    const status = dataFolder.status();
    const counts: Record<string, number> = {};
    const entries = await readdir(dataFolder.path, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      counts[entry.name] = entry.isDirectory() ? await countFiles(join(dataFolder.path, entry.name)) : 1;
    }
    return {
      integrity: status.writable ? 'ok: the data folder can be written' : `not writable: ${status.problem ?? 'unknown reason'}`,
      counts,
      notices: status.notices,
    };
  };
}
