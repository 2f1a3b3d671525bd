import type { SmallFile } from './read-small-file';

/**
 * Files a person chooses through the system's own dialog, opened by main (the desktop app: main/electron/
 * file-dialogs.ts). Main keeps the path it was given by the dialog and hands on only what the file holds, so the
 * renderer never names a file. The web host has none: there the page reads a file input itself.
 */
export interface FileDialogs {
  /** Asks for a CA certificate file; its content (or why it could not be read), or null when the dialog was closed. */
  chooseCertificateFile(): Promise<SmallFile | null>;
  /**
   * Asks where to save a text file (the diagnostics) under a suggested name and writes it there; false when the dialog
   * was closed. The chosen path stays in main.
   */
  saveTextFile(suggestedName: string, text: string): Promise<boolean>;
}
