import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';
import { AppFailure } from '../shared/app-failure';
import { said } from '../shared/i18n';
import { log } from '../shared/log';
import type { TokenBatch } from './batch-runner';

/** Where finished batches' exports are kept once their live rows are dropped (the database, see tokens-feature.ts). */
export interface BatchArchive {
  save(id: string, deflated: Buffer, rows: number): Promise<void>;
  /** The kept export, or null when there is none (never archived, or dropped as one of the oldest). */
  load(id: string): Promise<{ deflated: Buffer; rows: number } | null>;
}

const deflated = promisify(deflateRaw);
const inflated = promisify(inflateRaw);

/** Exports kept in memory: a session without a data key to seal them with, or a save that failed. */
export function memoryArchive(keep: number): BatchArchive {
  const kept = new Map<string, { deflated: Buffer; rows: number }>();
  return {
    async save(id, bytes, rows) {
      kept.set(id, { deflated: bytes, rows });
      for (const old of kept.keys()) {
        if (kept.size <= keep) break;
        kept.delete(old);
      }
    },
    load: async (id) => kept.get(id) ?? null,
  };
}

/**
 * The batches of this session. The last `keepLive` finished batches keep their live rows (the screen shows them,
 * retry works); an older finished batch is kept as its export only: its CSV, deflated (streams, states and times
 * repeat from row to row; about 40 % of its size), in `archive`. Running batches are never archived.
 */
export class BatchRegistry {
  private readonly batches = new Map<string, TokenBatch>();
  /** Exports being packed and saved: answered from here until the archive holds them. */
  private readonly archiving = new Map<string, Promise<{ deflated: Buffer; rows: number }>>();
  /** Batches of this session given up for their exports (a status call for one says so, not "gone"). */
  private readonly archived = new Set<string>();
  /**
   * Saves land in the order the batches were archived, whatever order their packing ends in (it runs on the thread
   * pool), so "the oldest beyond the limit" is the oldest batch, not the one whose packing finished first.
   */
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly toCsv: (batch: TokenBatch) => string,
    private readonly archive: BatchArchive,
    private readonly keepLive = 3,
  ) {}

  add(batch: TokenBatch): void {
    this.batches.set(batch.id, batch);
    this.archiveOld();
  }

  /** Archives finished batches beyond the newest `keepLive` (also called when a batch finishes). */
  archiveOld(): void {
    let finishedToKeep = this.keepLive;
    for (const batch of [...this.batches.values()].reverse()) {
      if (batch.running || batch.savingHistory || batch.paused) continue;
      if (finishedToKeep > 0) {
        finishedToKeep -= 1;
        continue;
      }
      this.batches.delete(batch.id);
      const rows = batch.allRows().length;
      const packed = deflated(Buffer.from(this.toCsv(batch), 'utf8')).then((bytes) => ({ deflated: bytes, rows }));
      this.archiving.set(batch.id, packed);
      this.archived.add(batch.id);
      this.saving = this.saving
        .then(() => packed)
        .then((done) => this.archive.save(batch.id, done.deflated, done.rows))
        .catch((error: unknown) => log.warn('tokens', `a finished batch's export was not kept: ${String(error)}`))
        .finally(() => this.archiving.delete(batch.id));
    }
  }

  /** The live batch (status, cancel, retry). An archived one has only its export. */
  get(id: string): TokenBatch {
    const batch = this.batches.get(id);
    if (batch) return batch;
    if (this.archived.has(id)) throw new AppFailure('NotFound', said('errors.tokens.batchArchived'));
    throw new AppFailure('NotFound', said('errors.tokens.batchGone'));
  }

  /** The export of a batch, live or archived. */
  async exportOf(id: string): Promise<{ csv: string; rows: number }> {
    const batch = this.batches.get(id);
    if (batch) return { csv: this.toCsv(batch), rows: batch.allRows().length };
    const kept = (await this.archiving.get(id)) ?? (await this.archive.load(id));
    if (!kept) throw new AppFailure('NotFound', said('errors.tokens.batchGone'));
    return { csv: (await inflated(kept.deflated)).toString('utf8'), rows: kept.rows };
  }

  /** How many batches hold live rows (for tests and the memory figure). */
  liveCount(): number {
    return this.batches.size;
  }

  /** Cancels every running batch (app shutdown). */
  async cancelAll(): Promise<void> {
    await Promise.all(
      [...this.batches.values()].map(async (batch) => {
        await batch.cancel();
        await batch.settled();
      }),
    );
  }
}
