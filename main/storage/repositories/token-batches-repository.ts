import { z } from 'zod';
import type { Storage } from '../database';
import type { Sealer } from '../sealer';
import { readableRows } from '../readable-rows';

/**
 * Token batches in the database. A batch is `running` from its start until every row is final and in the history;
 * one still `running` at the next start was interrupted (a crash, a kill, power loss) and is told until dismissed.
 * A finished batch's export (its CSV, deflated, sealed) is kept for the batch screen's download after its live rows
 * are dropped. In clear: the batch's random id, when it started, how many rows, its state.
 */
export interface BatchRecord {
  uid: string;
  startedAt: string;
  total: number;
  profileName: string;
}

export interface TokenBatchesRepository {
  /** Records a batch as running (again, for a retry or a resume), in one committed transaction. */
  started(sealer: Sealer, batch: BatchRecord): void;
  finished(uid: string): void;
  dismissed(uid: string): void;
  /** Batches left running by an earlier run, oldest first, except those in `ours` (this run's own). */
  leftovers(sealer: Sealer, ours: ReadonlySet<string>): BatchRecord[];
  /** Keeps a finished batch's export; only the newest `keep` exports stay. */
  saveExport(sealer: Sealer, uid: string, bytes: Buffer, rows: number, keep: number): void;
  exportOf(sealer: Sealer, uid: string): { bytes: Buffer; rows: number } | null;
}

const recordSchema = z.object({ profileName: z.string() });
const recordPurpose = (uid: string): string => `token-batch:${uid}`;
const exportPurpose = (uid: string): string => `token-batch-export:${uid}`;

type Row = { uid: string; started_at: number; total: number; record: Uint8Array };

export function createTokenBatchesRepository(storage: Storage): TokenBatchesRepository {
  const setState = (uid: string, state: 'finished' | 'dismissed'): void =>
    void storage.transaction(() => storage.statement('UPDATE token_batches SET state = ? WHERE uid = ?').run(state, uid));
  return {
    started(sealer, batch) {
      storage.transaction(() => {
        storage
          .statement(
            `INSERT INTO token_batches (uid, started_at, total, state, record) VALUES (?, ?, ?, 'running', ?)
             ON CONFLICT (uid) DO UPDATE SET state = 'running'`,
          )
          .run(batch.uid, Date.parse(batch.startedAt), batch.total, sealer.sealJson({ profileName: batch.profileName }, recordPurpose(batch.uid)));
      });
    },
    finished: (uid) => setState(uid, 'finished'),
    dismissed: (uid) => setState(uid, 'dismissed'),
    leftovers(sealer, ours) {
      const rows = storage.all<Row>("SELECT uid, started_at, total, record FROM token_batches WHERE state = 'running' ORDER BY started_at, seq").filter((row) => !ours.has(row.uid));
      return readableRows(storage, 'token_batches', rows, (row) => ({
        uid: row.uid,
        startedAt: new Date(row.started_at).toISOString(),
        total: row.total,
        profileName: sealer.openJson(row.record, recordPurpose(row.uid), recordSchema, 'a token batch').profileName,
      }), true);
    },
    saveExport(sealer, uid, bytes, rows, keep) {
      storage.transaction(() => {
        storage.statement('UPDATE token_batches SET export = ?, export_rows = ?, exported_at = ? WHERE uid = ?').run(sealer.seal(bytes, exportPurpose(uid)), rows, Date.now(), uid);
        storage
          .statement('UPDATE token_batches SET export = NULL, export_rows = NULL, exported_at = NULL WHERE seq IN (SELECT seq FROM token_batches WHERE export IS NOT NULL ORDER BY exported_at DESC, seq DESC LIMIT -1 OFFSET ?)')
          .run(keep);
      });
    },
    exportOf(sealer, uid) {
      const row = storage.get<{ export: Uint8Array; rows: number }>('SELECT export, export_rows AS rows FROM token_batches WHERE uid = ? AND export IS NOT NULL', uid);
      return row ? { bytes: sealer.open(row.export, exportPurpose(uid)), rows: row.rows } : null;
    },
  };
}
