import type { StorageReason } from '../../preload/contract/app-error';
import { AppFailure } from '../shared/app-failure';
import { said } from '../shared/i18n';
import { storageReasonOf, storageReasonSaid } from '../shared/storage-errors';
import { isDamage, sqliteStorageReason } from './sqlite-errors';

/** A storage failure as the operator reads it, or null when `error` is not about the disk. */
export function storageFailureOf(error: unknown, folder: string): AppFailure | null {
  if (error instanceof AppFailure) return error.kind === 'StorageUnavailable' ? error : null;
  if (isDamage(error)) {
    // Damage found while running (a disk error under the file): the next start sets the file aside and keeps what reads.
    return new AppFailure('StorageUnavailable', said('storage.damagedNow', { path: folder }), {
      details: `${error instanceof Error ? error.message : String(error)} in ${folder}`,
      data: { path: folder, reason: 'other' },
      retryable: false,
    });
  }
  const why = sqliteStorageReason(error, folder) ?? storageReasonOf(error);
  if (!why) return null;
  const sentence = why.reason === 'full' ? said('storage.diskFull', { path: folder }) : said('storage.saveFailed', { path: folder, reason: storageReasonSaid(why.reason, why.code) });
  return new AppFailure('StorageUnavailable', sentence, {
    details: `${why.code} in ${folder}: ${error instanceof Error ? error.message : String(error)}`,
    data: { path: folder, reason: why.reason },
    retryable: false,
  });
}

/**
 * Refusals of a database opened read-only at start (a full or read-only disk then, a newer console's file): they hold
 * until Watchdesk is restarted, whatever the disk does meanwhile, so their sentences say to restart, and the data
 * folder keeps telling them even after its own write check passes again.
 */
const untilRestart = new WeakSet<AppFailure>();

export function refusedUntilRestart(error: unknown): error is AppFailure {
  return error instanceof AppFailure && untilRestart.has(error);
}

export function startRefusal(message: string, details: string, folder: string, reason: StorageReason): AppFailure {
  const failure = new AppFailure('StorageUnavailable', message, { details, data: { path: folder, reason }, retryable: false });
  untilRestart.add(failure);
  return failure;
}
