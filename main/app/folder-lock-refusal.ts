import { t } from '../shared/i18n';
import type { LockHolder } from './data-folder-lock';

// Apart from the lock itself so that taking the lock (at every start) does not load the message catalog.
const refusals = {
  web: { web: 'about.folderLock.webByWeb', electron: 'about.folderLock.webByElectron' },
  electron: { web: 'about.folderLock.electronByWeb', electron: 'about.folderLock.electronByElectron' },
} as const;

/** What a console refused the folder says: who holds it and what to do, in the words of the host that asks. */
export function folderLockRefusal(holder: { host: LockHolder; pid: number; address: string | null }, asking: LockHolder, folder: string): string {
  return t(refusals[asking][holder.host], { pid: holder.pid, address: holder.address ?? t('about.folderLock.starting'), folder });
}
