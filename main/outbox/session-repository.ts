import type { Storage, Sealer } from '../storage';
import { OutboxRepository } from '../storage/repositories/outbox-repository';
import { log } from '../shared/log';

/**
 * The session-only outbox, in memory, for entries it took over from the data folder's outbox. Those stay on disk,
 * marked as perhaps created, and the next start sends them again: a camera the installer removed in the session would
 * then be created after all. So a remove here (and its undo) is written to the disk's copy too. A disk that cannot be
 * written keeps its copy, which is logged: the session goes on, as when the copies were marked at the hand-over.
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
    super.discard(ids, mark);
    this.#onDisk('removed', () => this.disk.discard(ids, mark));
  }

  override undoDiscard(mark: string): number {
    const restored = super.undoDiscard(mark);
    // Only what came back here: a remove made before the switch (its rows were not taken over) is answered "nothing
    // to undo", and bringing it back on disk alone would send that camera at the next start after all.
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
