import { existsSync, renameSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { sentence, type Sentence } from '../../shared/i18n';
import { log } from '../../shared/log';
import type { Storage } from '../database';

/** What a store of the console before the database left in the data folder, and how to take it in. */
export interface LegacySource {
  /** For the log and the operator: `outbox`, `token history`… */
  name: string;
  /** Files and folders (relative to the data folder) this source reads; set aside once taken in. */
  files: string[];
  /**
   * Reads the old files (decrypting with the data key when they hold secrets) and returns the writes to make in the
   * one import transaction; null when none of its files exist. Throws when the files cannot be read.
   */
  read(context: LegacyContext): Promise<((storage: Storage) => void) | null>;
}

export interface LegacyContext {
  dataDir: string;
  getDataKey(): Promise<Buffer>;
}

/**
 * Every `*.json` file in `folder` (none when it is missing) that reads as `schema`. One that does not is left out and
 * named in the log: these files are conveniences (copies, markers), and the folder is kept aside as it was.
 */
export async function readJsonFiles<T>(folder: string, schema: z.ZodType<T>, what: string): Promise<T[]> {
  const read: T[] = [];
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names.filter((file) => file.endsWith('.json'))) {
    try {
      read.push(schema.parse(JSON.parse(await readFile(join(folder, name), 'utf8'))));
    } catch {
      log.warn('storage', `${what} ${name} could not be read and was left out`);
    }
  }
  return read;
}

export const LEGACY_SUFFIX = '.before-database';
const DONE_KEY = 'legacy_imported_at';

/**
 * On the first start after the database: takes in what the earlier stores wrote, in one transaction, then sets their
 * files aside (renamed with `.before-database`, never deleted). A source whose files cannot be read is left in place
 * and told, so nothing is lost and a later start (with the keychain unlocked, say) tries again.
 */
export async function importLegacyData(storage: Storage, context: LegacyContext, sources: readonly LegacySource[], notice: (sentence: Sentence) => void): Promise<void> {
  if (!storage.writable) return;
  const present = sources.filter((source) => source.files.some((file) => existsSync(join(context.dataDir, file))));
  if (present.length === 0) return;
  const writes: Array<{ source: LegacySource; write: (storage: Storage) => void }> = [];
  for (const source of present) {
    try {
      const write = await source.read(context);
      writes.push({ source, write: write ?? (() => {}) });
    } catch (error) {
      log.warn('storage', `${source.name}: earlier files could not be read: ${String(error)}`);
      notice(sentence('storage.legacyUnreadable', { what: source.name, files: source.files.join(', ') }));
    }
  }
  if (writes.length === 0) return;
  try {
    storage.transaction(() => {
      for (const { write } of writes) write(storage);
      storage.statement('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(DONE_KEY, new Date().toISOString());
    });
  } catch (error) {
    // A full disk at the first start must not keep the console from starting: nothing was taken in, nothing moved.
    log.warn('storage', `earlier files could not be taken in: ${String(error)}`);
    const reason = error instanceof Error ? error.message : String(error);
    notice(sentence('storage.legacyNotSaved', { what: writes.map(({ source }) => source.name).join(', '), reason }));
    return;
  }
  for (const { source } of writes) {
    for (const file of source.files) {
      const path = join(context.dataDir, file);
      if (!existsSync(path)) continue;
      try {
        renameSync(path, path + LEGACY_SUFFIX);
      } catch (error) {
        log.warn('storage', `${file} was taken in but could not be set aside: ${String(error)}`);
      }
    }
    log.info('storage', `${source.name}: earlier files taken into the database`);
  }
}
