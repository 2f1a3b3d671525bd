import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createTokenBatchesRepository } from '../../../main/storage/repositories/token-batches-repository';
import { historyEntry } from '../../support/history-entry';
import { openHistoryDb, type HistoryDb } from '../../support/history-db';

const key = Buffer.alloc(32, 7);
const MAX = 10_000_000;
const opened: HistoryDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) {
    db.storage.close();
    rmSync(db.dir, { recursive: true, force: true });
  }
});

/** A history of `before` tokens, a batch of `batch` still marked running, then `after` tokens; all cleared for good. */
function clearedAroundABatch(before: number, batch: number, after: number) {
  const db = openHistoryDb(key);
  opened.push(db);
  const { repository, sealer, storage } = db;
  const batches = createTokenBatchesRepository(storage);
  batches.started(sealer, { uid: 'batch-1', startedAt: new Date(0).toISOString(), total: batch, profileName: 'Site' });
  let n = 0;
  const some = (count: number) => Array.from({ length: count }, () => historyEntry((n += 1)));
  repository.append(sealer, some(before), null, MAX);
  repository.append(sealer, some(batch), 'batch-1', MAX);
  repository.append(sealer, some(after), null, MAX);
  repository.clear();
  repository.endUndo();
  const rowsLeft = () => storage.get<{ n: number }>('SELECT count(*) AS n FROM token_history')!.n;
  return { db, batches, rowsLeft };
}

const purgeAll = (db: HistoryDb): number => {
  let slices = 0;
  while (db.repository.purge(1_000) > 0) slices += 1;
  return slices;
};

describe('the purge of a cleared history around the rows of a batch still marked running', () => {
  it('keeps those rows, and deletes them once the batch is dismissed, even part-way through a purge', () => {
    const { db, batches, rowsLeft } = clearedAroundABatch(1_500, 300, 2_500);
    // One slice, then the batch's notice is dismissed: its rows, below where the purge got to, go in the same run.
    expect(db.repository.purge(1_000)).toBe(1_000);
    expect(db.repository.purge(1_000)).toBe(1_000);
    batches.dismissed('batch-1');
    purgeAll(db);
    expect(rowsLeft()).toBe(0);
    expect(db.repository.countOfBatch('batch-1')).toEqual({ issued: 0, shown: 0 });
  });

  it('reads past the kept rows once per purge, not once per slice', () => {
    const { db, rowsLeft } = clearedAroundABatch(1_000, 20_000, 100_000);
    const started = performance.now();
    const slices = purgeAll(db);
    const ms = performance.now() - started;
    expect(rowsLeft()).toBe(20_000);
    expect(db.repository.countOfBatch('batch-1')).toEqual({ issued: 20_000, shown: 0 });
    console.info(`purge of 101,000 cleared rows around 20,000 kept: ${slices} slices in ${ms.toFixed(0)} ms`);
  }, 120_000);
});
