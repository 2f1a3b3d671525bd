import type { Storage } from '../storage';
import type { DataFolder } from '../storage/data-folder';

/** What the storage says about itself for the diagnostics file: an integrity verdict, counts per store, notices. */
export interface StorageHealthReport {
  integrity: string;
  counts: Record<string, number>;
  notices: string[];
}

/** Injectable, so a test can hand the diagnostics a storage in any state. */
export type StorageHealth = () => Promise<StorageHealthReport>;

/**
 * The database's own report (the integrity check made at start, rows per table, what was set aside) with the data
 * folder's state: whether it can be written, and why not.
 */
export function databaseHealth(storage: Storage, dataFolder: DataFolder): StorageHealth {
  return async () => {
    const health = storage.health();
    const folder = dataFolder.status();
    const writable = health.writable && folder.writable;
    return {
      integrity: `${health.integrity} (schema ${health.schemaVersion}; ${writable ? 'writable' : `not writable: ${folder.problem ?? 'read-only'}`})`,
      counts: health.counts,
      notices: [...new Set([...health.notices, ...folder.notices])],
    };
  };
}
