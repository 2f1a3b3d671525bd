import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrations, openStorage, type Storage } from '../../main/storage';
import { createSealer } from '../../main/storage/sealer';
import { OutboxRepository } from '../../main/storage/repositories/outbox-repository';

/**
 * A data folder with the console's database for outbox tests: `open()` opens it (again, as a restart would) and
 * answers its storage and outbox repository, sealed with one data key for the folder's life.
 */
export function outboxDatabase(folder = mkdtempSync(join(tmpdir(), 'wd-outbox-db-')), key = randomBytes(32)) {
  const opened: Storage[] = [];
  return {
    folder,
    key,
    open(): { storage: Storage; repository: OutboxRepository } {
      const storage = openStorage({ folder, migrations });
      opened.push(storage);
      return { storage, repository: new OutboxRepository(storage, createSealer(key)) };
    },
    close(): void {
      for (const storage of opened.splice(0)) storage.close();
    },
    remove(): void {
      this.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
