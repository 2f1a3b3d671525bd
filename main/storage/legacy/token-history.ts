import { join } from 'node:path';
import { z } from 'zod';
import { historyEntrySchema, type HistoryEntry } from '../../../preload/contract/tokens';
import { decrypt } from '../../secrets/crypto';
import { readFileIfExists } from '../../shared/atomic-file';
import { log } from '../../shared/log';
import { createSealer } from '../sealer';
import { createTokenBatchesRepository } from '../repositories/token-batches-repository';
import { createTokenHistoryRepository } from '../repositories/token-history-repository';
import { readJsonFiles, type LegacySource } from './legacy-import';

/**
 * The token history and batch markers as the console kept them before the database: `token-history.enc`, a journal
 * of `uint32 length | AES-256-GCM blob` records (a snapshot, appends of entries, note edits) under the data key, and
 * `running-batches/<id>.json`, one small file per batch that was running. Read here once, on the first start with the
 * database; a torn or garbled tail (a crash mid-append) ends the read, as it did in the old store.
 */
const HISTORY_FILE = 'token-history.enc';
const MARKERS_DIR = 'running-batches';
const JOURNAL_AAD = 'watchdesk:token-history';

const recordSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), entries: z.array(historyEntrySchema) }),
  z.object({ type: z.literal('append'), entries: z.array(historyEntrySchema) }),
  z.object({ type: z.literal('note'), id: z.string(), note: z.string() }),
]);
const markerSchema = z.object({ id: z.string().min(1), startedAt: z.iso.datetime(), total: z.number().int().min(0), profileName: z.string() });

/** The journal replayed into its list of entries, oldest first; null when there is no file. */
export function readHistoryJournal(bytes: Buffer, key: Buffer): HistoryEntry[] {
  let entries: HistoryEntry[] = [];
  for (let offset = 0, index = 0; offset < bytes.length; index++) {
    const length = bytes.length - offset >= 4 ? bytes.readUInt32BE(offset) : Number.POSITIVE_INFINITY;
    let record: z.infer<typeof recordSchema>;
    try {
      if (offset + 4 + length > bytes.length) throw new Error('a record cut short');
      record = recordSchema.parse(JSON.parse(decrypt(key, bytes.subarray(offset + 4, offset + 4 + length), JOURNAL_AAD).toString('utf8')));
    } catch (error) {
      // The first record unreadable: another key, or garbage from the start. Later: a torn tail, never acknowledged.
      if (index === 0) throw error;
      log.warn('storage', `${HISTORY_FILE}: the records after ${index} could not be read (${String(error)}); the intact ones are taken in`);
      break;
    }
    offset += 4 + length;
    if (record.type === 'snapshot') entries = record.entries;
    else if (record.type === 'append') entries.push(...record.entries);
    else {
      const { id, note } = record;
      entries = entries.map((entry) => (entry.id === id ? { ...entry, note } : entry));
    }
  }
  return entries;
}

export const tokenHistorySource: LegacySource = {
  name: 'token history',
  files: [HISTORY_FILE, MARKERS_DIR],
  async read({ dataDir, getDataKey }) {
    const bytes = await readFileIfExists(join(dataDir, HISTORY_FILE));
    const markers = await readJsonFiles(join(dataDir, MARKERS_DIR), markerSchema, 'a batch marker');
    if (!bytes && markers.length === 0) return null;
    const key = await getDataKey();
    const entries = bytes ? readHistoryJournal(bytes, key) : [];
    const sealer = createSealer(key);
    return (storage) => {
      const batches = createTokenBatchesRepository(storage);
      const history = createTokenHistoryRepository(storage);
      // Running batches stay running (they were interrupted: the next screen says so); every other batch the history
      // names is recorded as finished, so its tokens are found by its id through the index.
      const running = new Set(markers.map((marker) => marker.id));
      for (const marker of markers) batches.started(sealer, { uid: marker.id, startedAt: marker.startedAt, total: marker.total, profileName: marker.profileName });
      const finished = new Map<string, { startedAt: string; total: number; profileName: string }>();
      for (const entry of entries) {
        if (!entry.batchId || running.has(entry.batchId)) continue;
        const seen = finished.get(entry.batchId);
        if (seen) seen.total += 1;
        else finished.set(entry.batchId, { startedAt: entry.issuedAt, total: 1, profileName: entry.profileName });
      }
      for (const [uid, batch] of finished) {
        batches.started(sealer, { uid, ...batch });
        batches.finished(uid);
      }
      // In order, a run of entries of one batch at a time (the batch links each row to its batch).
      for (let start = 0; start < entries.length; ) {
        let end = start + 1;
        while (end < entries.length && entries[end]!.batchId === entries[start]!.batchId) end++;
        history.append(sealer, entries.slice(start, end), entries[start]!.batchId, Number.MAX_SAFE_INTEGER);
        start = end;
      }
    };
  },
};
