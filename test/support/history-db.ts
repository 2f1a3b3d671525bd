import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSealer, migrations, openStorage, type Sealer, type Storage } from '../../main/storage';
import { createTokenHistoryRepository, type TokenHistoryRepository } from '../../main/storage/repositories/token-history-repository';
import { createTokenHistory, type TokenHistory, type TokenHistoryOptions } from '../../main/tokens/history-store';

/** A data folder with the console's database and a token history over it, sealed with `key`. */
export interface HistoryDb {
  dir: string;
  storage: Storage;
  repository: TokenHistoryRepository;
  sealer: Sealer;
  history: TokenHistory;
  /** The same folder opened again (as after a restart), with this key or another. */
  reopen(key?: Buffer, options?: TokenHistoryOptions): HistoryDb;
}

export function openHistoryDb(key: Buffer, options: TokenHistoryOptions = {}, dir = mkdtempSync(join(tmpdir(), 'wd-hist-'))): HistoryDb {
  const storage = openStorage({ folder: dir, migrations });
  const repository = createTokenHistoryRepository(storage);
  const sealer = createSealer(key);
  const history = createTokenHistory(repository, async () => sealer, options);
  return {
    dir,
    storage,
    repository,
    sealer,
    history,
    reopen(nextKey = key, nextOptions = options) {
      storage.close();
      return openHistoryDb(nextKey, nextOptions, dir);
    },
  };
}
