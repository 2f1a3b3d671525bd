import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storageFailureOf } from '../../../main/storage/storage-failure';

/**
 * SQLite reports a write the system refused as a bare I/O error (IOERR_WRITE, IOERR_FSYNC), without the errno. On a
 * full disk that is ENOSPC; on a disk with room it is something else (a failing disk, a network folder gone, a USB
 * stick pulled out): telling the operator to free space there sends them the wrong way.
 */
const ioError = (errcode: number) => Object.assign(new Error('disk I/O error'), { code: 'ERR_SQLITE_ERROR', errcode });

describe('an I/O error met while saving', () => {
  it('is not told as a full disk when the disk holding the folder has room', () => {
    const folder = mkdtempSync(join(tmpdir(), 'wd-ioerr-'));
    for (const errcode of [778, 1034]) {
      const failure = storageFailureOf(ioError(errcode), folder)!;
      expect(failure.appError).toMatchObject({ kind: 'StorageUnavailable', data: { path: folder, reason: 'other' } });
      expect(failure.message).not.toMatch(/is full|Free some space on that disk/);
      expect(failure.message).toContain(folder);
    }
  });
});
