import { migrations, openStorage, type Storage } from '../../main/storage';

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
