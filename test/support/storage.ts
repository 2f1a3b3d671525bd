import { importLegacyData, legacySources, migrations, openStorage, type Storage } from '../../main/storage';

const open = new Map<string, Storage>();

/**
 * The data folder's database, opened once per folder for a test: what a store wrote is read back by the next store
 * made on the same folder (a restart of the store, as the console would make it).
 */
export function storageAt(dataDir: string): Storage {
  let storage = open.get(dataDir);
  if (!storage) {
    storage = openStorage({ folder: dataDir, migrations });
    open.set(dataDir, storage);
  }
  return storage;
}

/** The database as the console has it after its start: what earlier versions left in the folder taken in. */
export async function startedStorage(dataDir: string, getDataKey: () => Promise<Buffer> = async () => Buffer.alloc(32, 7)): Promise<Storage> {
  const storage = storageAt(dataDir);
  await importLegacyData(storage, { dataDir, getDataKey }, legacySources, () => undefined);
  return storage;
}
