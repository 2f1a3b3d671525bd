import { dialog } from 'electron';
import { takeDataFolderLock } from '../storage/data-folder-lock';
import { folderLockRefusal } from '../app/folder-lock-refusal';
import { log } from '../shared/log';
import { t } from '../shared/i18n';

/**
 * The desktop app takes the same data-folder lock as the web host: Electron's single-instance lock only keeps a
 * second desktop app out, while a web host started on this folder would send the same outbox a second time. A folder
 * held by a live console is told in a dialog that names it (false: the caller exits); the lock goes with the process.
 */
export function takeFolderLock(dataDir: string): boolean {
  const outcome = takeDataFolderLock(dataDir, 'electron');
  if (!outcome.taken) {
    const sentence = folderLockRefusal(outcome, 'electron', dataDir);
    log.warn('app', sentence);
    dialog.showErrorBox(t('about.folderLock.title'), sentence);
    return false;
  }
  const lock = outcome.lock;
  process.on('exit', () => lock?.release());
  return true;
}
