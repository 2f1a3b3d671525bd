import type { Storage, Sealer } from '../storage';
import { OutboxRepository } from '../storage/repositories/outbox-repository';
import { log } from '../shared/log';

/**
 * The session-only outbox, in memory, for entries it took over from the data folder's outbox. Those stay on disk,
 * marked as perhaps created, and the next start sends them again: a camera the installer removed in the session would
 * then be created after all. So a remove here (and its undo) is written to the disk's copy too, the disk first: a
 * remove of an entry the disk holds that the disk refuses is refused (in the disk's words, as any refused write), or
 * the installer would be told it is gone while the next start sends it. Entries of the session alone need no disk.
 */
export class SessionOutboxRepository extends OutboxRepository {
  constructor(
    storage: Storage,
    sealer: Sealer,
    private readonly disk: OutboxRepository,
  ) {
    super(storage, sealer);
  }

  override discard(ids: string[], mark: string): void {
    const onDisk = ids.filter((id) => this.disk.stateOf(id) !== null);
    if (onDisk.length > 0) this.disk.discard(onDisk, mark);
    super.discard(ids, mark);
  }

  override undoDiscard(mark: string): number {
    const restored = super.undoDiscard(mark);
    // Only what came back here: a remove made before the switch (its rows were not taken over) is answered "nothing
    // to undo", and bringing it back on disk alone would send that camera at the next start after all. A disk that
    // refuses leaves its copy removed: the camera is still sent in this session, only not again after a restart.
    if (restored > 0) this.#onDisk('brought back', () => this.disk.undoDiscard(mark));
    return restored;
  }

  #onDisk(what: string, work: () => unknown): void {
    try {
      work();
    } catch (error) {
      log.warn('outbox', `cameras ${what} in the session-only outbox are not ${what} in the data folder's copy: ${String(error)}`);
    }
  }
}
