import type { StorageReason } from '../../preload/contract/app-error';
import { AppFailure } from './app-failure';
import { said, say } from './i18n';
import type { Said } from '../../preload/contract/said';

const reasonByCode: Record<string, StorageReason> = {
  EROFS: 'read-only',
  ENOSPC: 'full',
  EDQUOT: 'full',
  EFBIG: 'full',
  EACCES: 'denied',
  EPERM: 'denied',
};

/** The errno code of a file-system error, when it is one. */
export function errnoCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) ? code : undefined;
}

/** Why a write failed, for a sentence: read-only, full, denied, or another errno code. Null when not a file error. */
export function storageReasonOf(error: unknown): { reason: StorageReason; code: string } | null {
  const code = errnoCode(error);
  if (!code) return null;
  return { reason: reasonByCode[code] ?? 'other', code };
}

/** The reason in words, in the operator's language. */
export function storageReasonText(reason: StorageReason, code: string): string {
  return say(storageReasonSaid(reason, code));
}

/** The reason kept as how to say it, for a sentence the page says again in the language it shows. */
export function storageReasonSaid(reason: StorageReason, code: string): Said {
  return said(`storage.reasons.${reason}`, { code });
}

/**
 * A write to the data folder that failed, as the failure the operator reads: which folder, why, and what to do.
 * Null when `error` is not a file-system error (the caller rethrows it as it is).
 */
export function storageFailure(error: unknown, folder: string): AppFailure | null {
  const why = storageReasonOf(error);
  if (!why) return null;
  return new AppFailure('StorageUnavailable', said('storage.saveFailed', { path: folder, reason: storageReasonSaid(why.reason, why.code) }), {
    details: `${why.code} writing in ${folder}`,
    data: { path: folder, reason: why.reason },
    retryable: false,
  });
}
