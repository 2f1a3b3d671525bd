import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StorageStatus } from '../../preload/contract/about';
import { cleanLeftoverTempFiles } from '../shared/atomic-file';
import { log } from '../shared/log';
import { t } from '../shared/i18n';
import { storageReasonOf, storageReasonText } from '../shared/storage-errors';

/**
 * The app's data folder as a service: whether it can be written (checked on start, and again whenever a write
 * fails), and the notices of what was set aside in it (a damaged profiles file), for the screen to tell.
 */
export interface DataFolder {
  readonly path: string;
  /** Creates the folder when missing, removes leftover temp files of interrupted writes, and tries a write. */
  check(): Promise<StorageStatus>;
  status(): StorageStatus;
  /** Something was set aside or lost in the folder: told on screen (not only in the log). */
  notice(sentence: string): void;
  /** A write failed: the folder is reported unwritable from now on, with the reason. */
  writeFailed(error: unknown): void;
}

const PROBE = '.watchdesk-write-check';

export function createDataFolder(path: string): DataFolder {
  let problem: string | null = null;
  const notices: string[] = [];

  function describe(error: unknown): string {
    const why = storageReasonOf(error);
    const reason = why ? storageReasonText(why.reason, why.code) : String(error);
    return t('storage.unwritable', { path, reason });
  }

  return {
    path,
    async check() {
      try {
        await mkdir(path, { recursive: true });
        const removed = await cleanLeftoverTempFiles(path);
        if (removed.length > 0) log.info('storage', `removed ${removed.length} leftover temp file(s) of interrupted writes`);
        // A plain write: the probe is removed at once, so syncing it to disk (writeFileAtomic's two fsyncs, up to tens
        // of milliseconds on a busy disk before every start could go on) would prove nothing more about the folder.
        await writeFile(join(path, PROBE), String(Date.now()));
        await rm(join(path, PROBE), { force: true });
        problem = null;
      } catch (error) {
        problem = describe(error);
        log.warn('storage', `the data folder cannot be written: ${String(error)}`);
      }
      return this.status();
    },
    status() {
      return { path, writable: problem === null, problem, notices: [...notices] };
    },
    notice(sentence) {
      notices.push(sentence);
    },
    writeFailed(error) {
      if (storageReasonOf(error)) problem = describe(error);
    },
  };
}
