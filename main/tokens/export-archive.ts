import type { AppServices } from '../app/services';
import { createTokenBatchesRepository } from '../storage/repositories/token-batches-repository';
import { memoryArchive, type BatchArchive } from './batch-registry';

/** Finished batches whose exports are kept once their live rows are dropped (the newest ones). */
const KEPT_EXPORTS = 20;

/**
 * Where finished batches' exports are kept: sealed in the database, or in memory for a session-only console
 * (nothing to seal with). Chosen per call: the operator may switch to session-only mode while the console runs.
 */
export function createExportArchive({ storage, sealer, vault }: Pick<AppServices, 'storage' | 'sealer' | 'vault'>): BatchArchive {
  const stored = createTokenBatchesRepository(storage);
  const inMemory = memoryArchive(KEPT_EXPORTS);
  return {
    save: async (id, bytes, rows) => (vault.mode === 'session' ? inMemory.save(id, bytes, rows) : stored.saveExport(await sealer(), id, bytes, rows, KEPT_EXPORTS)),
    async load(id) {
      if (vault.mode === 'session') return inMemory.load(id);
      const kept = stored.exportOf(await sealer(), id);
      return kept && { deflated: kept.bytes, rows: kept.rows };
    },
  };
}
