import { t } from '../shared/i18n';
import { join } from 'node:path';
import { DATA_FOLDER_OS_LOCK_FILE, type LockHolder } from '../storage/data-folder-lock';

// Apart from the lock itself so that taking the lock (at every start) does not load the message catalog.
const refusals = {
  web: { web: 'about.folderLock.webByWeb', electron: 'about.folderLock.webByElectron' },
  electron: { web: 'about.folderLock.electronByWeb', electron: 'about.folderLock.electronByElectron' },
} as const;

/** What a console refused the folder says: who holds it and what to do, in the words of the host that asks. */
export function folderLockRefusal(holder: { host: LockHolder; pid: number; address: string | null }, asking: LockHolder, folder: string): string {
  // The folder's OS lock is held but no console says it holds the folder: another program has the lock file open.
  if (holder.pid === 0) return t('about.folderLock.heldByOther', { file: join(folder, DATA_FOLDER_OS_LOCK_FILE) });
  return t(refusals[asking][holder.host], { pid: holder.pid, address: holder.address ?? t('about.folderLock.starting'), folder });
}
