import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StorageStatus } from '../../preload/contract/about';
import { cleanLeftoverTempFiles } from '../shared/atomic-file';
import { log } from '../shared/log';
import { sentence, t, type Sentence } from '../shared/i18n';
import { storageReasonOf, storageReasonText } from '../shared/storage-errors';
import { AppFailure } from '../shared/app-failure';
import type { StorageReason } from '../../preload/contract/app-error';
import { refusedUntilRestart } from './storage-failure';

/**
 * The app's data folder as a service: whether it can be written (checked on start, and followed by every write the
 * database commits or is refused), and the notices of what was set aside or could not be read in it (a damaged
 * database or write-ahead log, files of an earlier version that could not be taken in), for Connect and About to tell.
 */
export interface DataFolder {
  readonly path: string;
  /** Creates the folder when missing, removes leftover temp files of interrupted writes, and tries a write. */
  check(): Promise<StorageStatus>;
  status(): StorageStatus;
  /** Something was set aside or lost in the folder: told on screen (not only in the log). */
  notice(sentence: Sentence): void;
  /** A write failed: the folder is reported unwritable, with the reason, until a write succeeds again. */
  writeFailed(error: unknown): void;
  /** A write was committed: a problem told since the last failed write (a full disk that has room again) is over. */
  writeSucceeded(): void;
}

const PROBE = '.watchdesk-write-check';

/** The reason a database write was refused (a StorageUnavailable failure carries it), or null. */
function reasonOfFailure(error: unknown): { reason: StorageReason; code: string } | null {
  if (!(error instanceof AppFailure)) return null;
  const appError = error.appError;
  return appError.kind === 'StorageUnavailable' ? { reason: appError.data.reason, code: appError.data.reason } : null;
}

export function createDataFolder(path: string): DataFolder {
  let problem: Sentence | null = null;
  const notices: Sentence[] = [];

  /** Set by a failed write (not by the start's check): a later committed write clears it. */
  let fromWrite = false;
  /** The database was opened read-only at start: told until a restart, whatever the folder's own check says. */
  let untilRestart: Sentence | null = null;

  function describe(error: unknown): Sentence {
    // A refusal that is no errno (damage met while running, a database of a newer console) already says what it is
    // and what to do; "the system answered other" would say neither.
    if (error instanceof AppFailure && error.appError.kind === 'StorageUnavailable' && error.appError.data.reason === 'other' && !storageReasonOf(error)) return () => error.message;
    const why = storageReasonOf(error) ?? reasonOfFailure(error);
    if (why?.reason === 'full') return sentence('storage.diskFullBanner', { path });
    return () => t('storage.unwritable', { path, reason: why ? storageReasonText(why.reason, why.code) : String(error) });
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
        try {
          await writeFile(join(path, PROBE), String(Date.now()));
        } finally {
          // A full disk creates the probe and then refuses its bytes: it is not left behind in the operator's folder.
          await rm(join(path, PROBE), { force: true }).catch(() => undefined);
        }
        problem = null;
        fromWrite = false;
      } catch (error) {
        problem = describe(error);
        log.warn('storage', `the data folder cannot be written: ${String(error)}`);
      }
      return this.status();
    },
    status() {
      const told = untilRestart ?? problem;
      return { path, writable: told === null, problem: told?.() ?? null, notices: notices.map((say) => say()) };
    },
    notice(sentence) {
      notices.push(sentence);
    },
    writeFailed(error) {
      if (refusedUntilRestart(error)) {
        untilRestart = () => error.message;
        return;
      }
      if (!storageReasonOf(error) && !reasonOfFailure(error)) return;
      if (problem === null) fromWrite = true;
      problem = describe(error);
    },
    writeSucceeded() {
      if (!fromWrite) return;
      fromWrite = false;
      problem = null;
    },
  };
}
