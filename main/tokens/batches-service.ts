import type { AppServices } from '../app/services';
import type { BatchStatus, CsvExport, Grant } from '../../preload/contract/tokens';
import { AppFailure } from '../shared/app-failure';
import { said, t } from '../shared/i18n';
import { log } from '../shared/log';
import { storageFailure } from '../shared/storage-errors';
import { messageInWords } from '../../preload/contract/messages/message-words';
import { BatchInputError, parseBatchInput } from '../../preload/contract/batch-input';
import { TokenBatch } from './batch-runner';
import { BatchRegistry } from './batch-registry';
import { ProgressPusher } from './batch-progress';
import { batchToCsv, exportFilename } from './csv-export';
import type { BatchMarkers } from './batch-markers';
import { createExportArchive } from './export-archive';
import { rowSentence } from './token-errors';
import { streamTokenEntry, wireParams } from './token-entries';
import type { HistoryService } from './history-service';

export type BatchRequest = Grant & { text: string; note: string; concurrency: number };

/** Batches run in main: started from a pasted list, followed by `batch.progress` events, cancelled, retried, exported. */
export interface BatchesService {
  start(request: BatchRequest): Promise<BatchStatus>;
  /** The batch now, with the rows changed after `since` (the screen follows pushes and reads this to catch up). */
  status(batchId: string, since: number): BatchStatus;
  cancel(batchId: string): Promise<BatchStatus>;
  /** Runs again only the rows without a token. */
  retry(batchId: string): Promise<BatchStatus>;
  /** After the breaker paused a batch: runs the rows not tried yet. */
  resume(batchId: string): Promise<BatchStatus>;
  exportCsv(batchId: string): Promise<CsvExport>;
  /** Cancels running batches (in-flight requests aborted) and records their issued rows. */
  dispose(): Promise<void>;
}

/** The pasted list, or a Validation failure on the `text` field that says what is wrong with it. */
function parseBatchList(text: string) {
  try {
    return parseBatchInput(text);
  } catch (error) {
    if (error instanceof BatchInputError) {
      const sentence = messageInWords(error.message, t);
      throw new AppFailure('Validation', sentence, { fieldErrors: { text: [sentence] } });
    }
    throw error;
  }
}

export function createBatchesService(services: Pick<AppServices, 'connections' | 'events' | 'vault' | 'storage' | 'sealer' | 'dataDir'>, history: HistoryService, markers: BatchMarkers): BatchesService {
  const { connections, vault } = services;
  const batches = new BatchRegistry((batch) => batchToCsv(batch, batch.allRows()), createExportArchive(services));

  /**
   * Marks the batch running before its rows start (so every token it issues is linked to it in the history), and
   * finished once every row is final and saved; a paused batch stays marked (rows wait for resume).
   */
  async function runMarked(batch: TokenBatch, what: string, start: () => Promise<void>): Promise<{ run: Promise<void> }> {
    // A status with no rows (none changed after the newest revision): a 10,000-row batch is not copied for two fields.
    const { total, profileName } = batch.status(Number.MAX_SAFE_INTEGER);
    if (vault.mode !== 'session') await markers.started({ uid: batch.id, startedAt: new Date().toISOString(), total, profileName });
    const run = start();
    // Chained at once: a run that fails meanwhile is never an unhandled rejection.
    void run
      .then(() => batch.settled())
      .then(
        async () => {
          if (!batch.paused && vault.mode !== 'session') await history.batchFinished(batch.id);
        },
        () => undefined,
      );
    return { run: run.catch((error: unknown) => log.error('tokens', `batch ${what} failed: ${String(error)}`)) };
  }

  /** A retry or resume: refused while the batch still runs. */
  async function again(batchId: string, what: 'retry' | 'resume'): Promise<BatchStatus> {
    const batch = batches.get(batchId);
    if (batch.running) throw new AppFailure('Conflict', said('errors.history.batchRunning'));
    await runMarked(batch, what, () => (what === 'retry' ? batch.retry() : batch.resume()));
    return batch.status();
  }

  return {
    async start({ text, note, concurrency, ...grant }) {
      const { streams, notes: noteKeys } = parseBatchList(text);
      const notes = noteKeys.map((key) => messageInWords(key, t));
      const { profile, client } = await connections.active();
      // Progress reaches the screen as `batch.progress` events (counts and changed rows, at most ten a second).
      const pusher = new ProgressPusher((progress) => services.events.emit('batch.progress', progress));
      const batch: TokenBatch = new TokenBatch({
        streams,
        grant,
        notes,
        profileName: profile.name,
        concurrency,
        onChange: (urgent) => pusher.changed(urgent),
        deps: {
          issue: (stream, signal) => client.createStreamToken(wireParams(stream, grant), { signal }),
          describe: (error, stream) => rowSentence(error, stream, client.rpcMethod),
          now: () => new Date(),
          record: async (rows) => {
            try {
              await history.current().append(rows.map((row) => streamTokenEntry(row, grant, note, batch.id, profile)), batch.id);
            } catch (error) {
              throw storageFailure(error, services.dataDir) ?? error;
            }
          },
        },
      });
      pusher.follow(batch);
      batches.add(batch);
      const { run } = await runMarked(batch, 'run', () => batch.start());
      // Once finished and saved, older finished batches give up their live rows for their exports.
      void run.then(() => batch.settled()).then(() => batches.archiveOld(), () => batches.archiveOld());
      const status = batch.status();
      pusher.sent(status.rev);
      return status;
    },
    status: (batchId, since) => batches.get(batchId).status(since),
    async cancel(batchId) {
      const batch = batches.get(batchId);
      await batch.cancel();
      return batch.status();
    },
    retry: (batchId) => again(batchId, 'retry'),
    resume: (batchId) => again(batchId, 'resume'),
    async exportCsv(batchId) {
      const { csv, rows } = await batches.exportOf(batchId);
      return { csv, filename: exportFilename('watchdesk-batch', new Date()), rows };
    },
    dispose: () => batches.cancelAll(),
  };
}
