import { createVault, type Vault } from '../secrets/vault';
import { createProfileStore, type ProfileStore } from '../profiles/profile-store';
import { createConnections, type Connections } from './connections';
import { createConnectionWatch } from './connection-watch';
import type { HostFacts } from '../about/app-info';
import { createDataFolder, type DataFolder } from '../storage/data-folder';
import { createEventHub, type EventHub } from './events';
import { createRecordingNotifier, type Notifier } from '../shared/notifier';
import type { FileDialogs } from '../shared/file-dialogs';
import { createSealerSource, migrations, openStorage, type Sealer, type Storage } from '../storage';
import { createSupportServices, type SupportOptions, type SupportServices } from '../support/support-services';

/** The services every feature builds on; a feature takes what it needs from here and nothing else. */
export interface AppServices {
  /** Folder for profiles, history, the outbox and caches (Electron: userData; web host: --data-dir). */
  dataDir: string;
  /** Whether the data folder can be written, and what was set aside in it (checked by createApp on start). */
  dataFolder: DataFolder;
  hostFacts: HostFacts;
  /** The one database under everything the console keeps (main/storage); features use its repositories. */
  storage: Storage;
  /** Seals secrets and hashes identifying values with the vault's data key (asks the keychain once per key). */
  sealer: () => Promise<Sealer>;
  vault: Vault;
  profiles: ProfileStore;
  connections: Connections;
  /** Pushes contract events to the renderer: `services.events.emit('batch.progress', payload)`. */
  events: EventHub;
  /** Desktop notifications (OS notifications in Electron; recorded and logged elsewhere). */
  notifier: Notifier;
  /** The system's file dialogs, opened by main (Electron); null where the page chooses files itself (web host). */
  fileDialogs: FileDialogs | null;
  /** Support settings, the log file, the storage health check and the updater (main/support). */
  support: SupportServices;
}

export interface ServiceOptions extends SupportOptions {
  dataDir: string;
  hostFacts: HostFacts;
  /** Keychain service name; tests pass a unique one. */
  keychainService?: string;
  vault?: Vault;
  /** Electron passes its OS notifier; tests may pass a recording one to read what was sent. */
  notifier?: Notifier;
  /** Electron passes its file dialogs; without them the form reads a chosen file in the page. */
  fileDialogs?: FileDialogs;
}

/** Builds each shared service once. */
export function createServices(options: ServiceOptions): AppServices {
  const vault = options.vault ?? createVault({ service: options.keychainService ?? 'watchdesk' });
  const dataFolder = createDataFolder(options.dataDir);
  const storage = openStorage({
    folder: options.dataDir,
    migrations,
    notice: (sentence) => dataFolder.notice(sentence),
    // The banner follows the disk: told when a write is refused, gone once one is committed again.
    onWrite: (failure) => (failure ? dataFolder.writeFailed(failure) : dataFolder.writeSucceeded()),
  });
  const sealer = createSealerSource(() => vault.getDataKey());
  const profiles = createProfileStore(storage);
  const events = createEventHub();
  const connections = createConnections(profiles, vault, createConnectionWatch(events, () => profiles.getActiveId()));
  const notifier = options.notifier ?? createRecordingNotifier();
  return { dataDir: options.dataDir, dataFolder, hostFacts: options.hostFacts, storage, sealer, vault, profiles, connections, events, notifier, fileDialogs: options.fileDialogs ?? null, support: createSupportServices(options.dataDir, dataFolder, storage, options) };
}
