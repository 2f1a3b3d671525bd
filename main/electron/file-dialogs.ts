import { writeFile } from 'node:fs/promises';
import { dialog, type BrowserWindow, type OpenDialogOptions, type SaveDialogOptions } from 'electron';
import { MAX_CA_FILE_BYTES } from '../../preload/contract/wire/ca-certificate';
import type { FileDialogs } from '../shared/file-dialogs';
import { readSmallFile } from '../shared/read-small-file';
import { t } from '../shared/i18n';

/** The extensions certificate files usually have (PEM text or DER): offered first; "All files" for the rest. */
export const certificateExtensions = ['pem', 'crt', 'cer', 'ca-bundle'];

export function certificateDialogOptions(): OpenDialogOptions {
  return {
    title: t('connect.form.caDialogTitle'),
    properties: ['openFile', 'dontAddToRecent'],
    filters: [
      { name: t('connect.form.caDialogFilter'), extensions: certificateExtensions },
      { name: t('connect.form.caDialogAll'), extensions: ['*'] },
    ],
  };
}

/**
 * The system's open-file dialog, modal to the console's window when there is one. The chosen path is read here and
 * goes no further: callers get the file's bytes.
 */
export function createElectronFileDialogs(parentWindow: () => BrowserWindow | null): FileDialogs {
  return {
    async chooseCertificateFile() {
      const parent = parentWindow();
      const options = certificateDialogOptions();
      const answer = parent && !parent.isDestroyed() ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
      const path = answer.filePaths[0];
      if (answer.canceled || path === undefined) return null;
      return readSmallFile(path, MAX_CA_FILE_BYTES);
    },
    async saveTextFile(suggestedName, text) {
      const parent = parentWindow();
      const options: SaveDialogOptions = {
        title: t('about.support.dialogTitle'),
        defaultPath: suggestedName,
        properties: ['createDirectory', 'showOverwriteConfirmation', 'dontAddToRecent'],
        filters: [{ name: t('about.support.dialogFilter'), extensions: ['json'] }],
      };
      const answer = parent && !parent.isDestroyed() ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      if (answer.canceled || !answer.filePath) return false;
      await writeFile(answer.filePath, text, { mode: 0o600 });
      return true;
    },
  };
}
