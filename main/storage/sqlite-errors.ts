import { statfsSync } from 'node:fs';
import type { StorageReason } from '../../preload/contract/app-error';

/** Below this much room for the console's user, a write refused with a bare I/O error is taken for a full disk. */
const NEARLY_FULL_BYTES = 1024 * 1024;

/** True unless the disk holding `folder` is known to have room (asked of the system; unknown counts as full). */
function nearlyFull(folder: string | undefined): boolean {
  if (folder === undefined) return true;
  try {
    const { bavail, bsize } = statfsSync(folder);
    return bavail * bsize < NEARLY_FULL_BYTES;
  } catch {
    return true;
  }
}

/**
 * SQLite's primary result codes that mean something to an operator (https://sqlite.org/rescode.html). node:sqlite
 * puts the extended code in `errcode`; its low byte is the primary code.
 */
const SQLITE_PERM = 3;
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_CORRUPT = 11;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;
const SQLITE_CONSTRAINT = 19;
const SQLITE_NOTADB = 26;
const SQLITE_AUTH = 23;

/** The SQLite result code of an error thrown by node:sqlite, or undefined for any other error. */
export function sqliteCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  return code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' ? errcode : undefined;
}

function primary(error: unknown): number | undefined {
  const code = sqliteCode(error);
  return code === undefined ? undefined : code & 0xff;
}

/** A unique index refused the row: the caller turns this into "already queued" / "already created". */
export function isUniqueViolation(error: unknown): boolean {
  // SQLITE_CONSTRAINT_UNIQUE = 2067, SQLITE_CONSTRAINT_PRIMARYKEY = 1555
  const code = sqliteCode(error);
  return code === 2067 || code === 1555 || (primary(error) === SQLITE_CONSTRAINT && /UNIQUE/.test(String((error as Error).message)));
}

/** Another connection (in this process or another) holds the lock asked for. */
export function isBusy(error: unknown): boolean {
  const code = primary(error);
  return code === SQLITE_BUSY || code === SQLITE_LOCKED;
}

/** The file is not a database or its pages are damaged. */
export function isDamage(error: unknown): boolean {
  const code = primary(error);
  return code === SQLITE_CORRUPT || code === SQLITE_NOTADB;
}

/**
 * Why a write to the database failed, in the data folder's own terms (full, read-only, denied), or null when the
 * error is not about the disk (a bug, a constraint): then the caller rethrows it as it is. `folder`: the data folder,
 * whose disk is asked whether it has room when SQLite gives only a bare I/O error.
 */
export function sqliteStorageReason(error: unknown, folder?: string): { reason: StorageReason; code: string } | null {
  const code = primary(error);
  switch (code) {
    case SQLITE_FULL:
      return { reason: 'full', code: 'SQLITE_FULL' };
    case SQLITE_READONLY:
      return { reason: 'read-only', code: 'SQLITE_READONLY' };
    case SQLITE_PERM:
    case SQLITE_AUTH:
    case SQLITE_CANTOPEN:
      return { reason: 'denied', code: code === SQLITE_CANTOPEN ? 'SQLITE_CANTOPEN' : 'SQLITE_PERM' };
    case SQLITE_IOERR: {
      // An I/O error while writing is, on these machines, most often a disk that filled up between pages (the write
      // error carries ENOSPC but SQLite reports only IOERR_WRITE = 778 / IOERR_FSYNC = 1034). On a disk with room it
      // is something else (a failing disk, a network folder gone), which "free some space" would not help.
      const extended = sqliteCode(error);
      return { reason: (extended === 778 || extended === 1034) && nearlyFull(folder) ? 'full' : 'other', code: `SQLITE_IOERR(${extended})` };
    }
    default:
      return null;
  }
}
