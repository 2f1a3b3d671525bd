import { join } from 'node:path';
import type { DataFolder } from '../storage/data-folder';
import type { Storage } from '../storage';
import { createSettingsRepository } from '../storage/repositories/settings-repository';
import { startAppLog, type AppLog } from './app-log';
import { LOG_FOLDER } from '../shared/log-file';
import { databaseHealth, type StorageHealth } from './storage-health';
import { createSupportSettings, type SupportSettingsStore } from './support-settings';
import type { UpdaterFactory } from './updates';

export interface SupportOptions {
  /** The storage layer's health check; by default the data folder's status and file counts. */
  storageHealth?: StorageHealth;
  /** The desktop app's updater (electron-updater); absent in the web host and tests that do not update. */
  updaterFactory?: UpdaterFactory;
}

/** What the app keeps for supporting it in the field: settings, the log file, the storage check, the updater. */
export interface SupportServices {
  settings: SupportSettingsStore;
  logFolder: string;
  storageHealth: StorageHealth;
  updaterFactory: UpdaterFactory | null;
  /** Opens the log file (createApp, once the data folder was checked). */
  startLog(): Promise<void>;
  dispose(): Promise<void>;
}

export function createSupportServices(dataDir: string, dataFolder: DataFolder, storage: Storage, options: SupportOptions): SupportServices {
  let appLog: AppLog | null = null;
  const settings = createSupportSettings(createSettingsRepository(storage));
  return {
    settings,
    logFolder: join(dataDir, LOG_FOLDER),
    storageHealth: options.storageHealth ?? databaseHealth(storage, dataFolder),
    updaterFactory: options.updaterFactory ?? null,
    async startLog() {
      appLog ??= await startAppLog(dataDir, settings, dataFolder.status().writable);
    },
    async dispose() {
      await appLog?.close();
      appLog = null;
    },
  };
}
