import { join } from 'node:path';
import { log } from '../shared/log';
import { LOG_FOLDER, openLogFile, type LogFile } from '../shared/log-file';
import type { SupportSettingsStore } from './support-settings';

export interface AppLog {
  readonly folder: string;
  close(): Promise<void>;
}

/**
 * Opens the data folder's log file at the level in force (WATCHDESK_LOG_LEVEL, else the saved setting) and sends
 * every log line there too from now on. A folder that cannot hold it is told on the terminal and the app goes on
 * without a file: a log must never be the reason the console does not start.
 */
export async function startAppLog(dataDir: string, settings: SupportSettingsStore, writable: boolean): Promise<AppLog> {
  const folder = join(dataDir, LOG_FOLDER);
  log.setLevel((await settings.read()).logLevel);
  let file: LogFile | null = null;
  // A folder already known unwritable (told on screen) gets no log file: the terminal has the lines.
  if (writable) {
    try {
      file = await openLogFile(dataDir, log.level);
      log.setFile(file);
    } catch (error) {
      log.warn('support', `the log file could not be opened in ${folder}; log lines go to the terminal only`, error);
    }
  }
  return {
    folder,
    async close() {
      if (!file) return;
      // Another app in this process (a test starting a second console) may have opened its own file since.
      if (log.writesTo(file)) log.setFile(null);
      await file.close();
      file = null;
    },
  };
}
