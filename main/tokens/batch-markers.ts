import { log } from '../shared/log';
import type { Sealer } from '../storage';
import type { BatchRecord, TokenBatchesRepository } from '../storage/repositories/token-batches-repository';

/**
 * Running batches, as the database remembers them: a batch is marked running when it starts and finished once every
 * row is final and in the history. One still running on the next start means the console stopped mid-batch (a crash,
 * kill -9, power loss): the screen then says how many of its tokens were issued (they are in the history) and how
 * many were not.
 */
export interface BatchMarkers {
  /** Marks the batch running, committed before it resolves (so its tokens are linked to it in the history). */
  started(marker: BatchRecord): Promise<void>;
  finished(id: string): Promise<void>;
  /** The batches an earlier run left running (read once, on first use; this run's own batches are never among them). */
  leftovers(): Promise<BatchRecord[]>;
  /** The operator has seen an interrupted batch: it is no longer told. */
  dismiss(id: string): Promise<void>;
}

export function createBatchMarkers(repository: TokenBatchesRepository, sealer: () => Promise<Sealer>): BatchMarkers {
  /** Batches this run started: they are not leftovers, even when read after they were marked. */
  const ours = new Set<string>();
  let left: Promise<BatchRecord[]> | null = null;
  const leftovers = (): Promise<BatchRecord[]> =>
    (left ??= sealer()
      .then((key) => repository.leftovers(key, ours))
      .catch((error: unknown) => {
        left = null;
        log.warn('tokens', `interrupted batches not read: ${error instanceof Error ? error.message : String(error)}`);
        return [];
      }));

  /** A mark that cannot be written (read-only folder, no keychain) costs only the crash notice: the batch runs anyway. */
  async function quietly(what: string, work: () => Promise<unknown> | unknown): Promise<void> {
    try {
      await work();
    } catch (error) {
      log.warn('tokens', `batch not marked ${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    started(marker) {
      ours.add(marker.uid);
      return quietly('running', async () => repository.started(await sealer(), marker));
    },
    finished: (id) => quietly('finished', () => repository.finished(id)),
    leftovers,
    async dismiss(id) {
      const remaining = (await leftovers()).filter((marker) => marker.uid !== id);
      left = Promise.resolve(remaining);
      await quietly('dismissed', () => repository.dismissed(id));
    },
  };
}
