import { randomUUID } from 'node:crypto';
import type { AppServices } from '../app/services';
import type { Feature } from '../app/feature';
import type { Profile } from '../../preload/contract/wire/profile';
import { tokenChannels, type Grant, type HistoryEntry, type HistoryView, type InterruptedBatch, type IssuedTokenView } from '../../preload/contract/tokens';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { t } from '../shared/i18n';
import { messageInWords } from '../../preload/contract/messages/message-words';
import { log } from '../shared/log';
import { storageFailure } from '../shared/storage-errors';
import { BatchInputError, parseBatchInput } from '../../preload/contract/batch-input';
import { TokenBatch } from './batch-runner';
import { BatchRegistry, memoryArchive, type BatchArchive } from './batch-registry';
import { expiryOf, issuedAtIso } from './batch-times';
import { ProgressPusher } from './batch-progress';
import { batchToCsv, exportFilename, historyToCsv } from './csv-export';
import { createSessionTokenHistory, createTokenHistory, type HistoryPage, type TokenHistory } from './history-store';
import { buildPlaybackUrl } from './playback-url';
import { createBatchMarkers } from './batch-markers';
import { createTokenHistoryRepository } from '../storage/repositories/token-history-repository';
import { createTokenBatchesRepository } from '../storage/repositories/token-batches-repository';
import { deskFailure, rowSentence } from './token-errors';


/** The params of operation 1: the window is sent only when one side is bounded (0 = unbounded, per the spec). */
function wireParams(stream: string, grant: Grant) {
  const { live, dvr, copy, ttl, from, to } = grant;
  return { stream, ttl, live, dvr, copy, ...(from !== 0 || to !== 0 ? { from, to } : {}) };
}

/**
 * The history entry of one stream token, from the single form or a batch row alike (a batch's row brings its
 * `expiresAt`, already computed for the screen). Written field by field: a batch builds thousands of these.
 */
function streamTokenEntry(
  issued: { stream: string; token: string; issuedAt: Date; expiresAt?: string | null },
  grant: Grant,
  note: string,
  batchId: string | null,
  profile: Profile,
): HistoryEntry {
  const { stream, token, issuedAt } = issued;
  return {
    id: randomUUID(),
    kind: 'stream',
    stream,
    user: null,
    live: grant.live,
    dvr: grant.dvr,
    copy: grant.copy,
    ttl: grant.ttl,
    from: grant.from,
    to: grant.to,
    token,
    issuedAt: issuedAtIso(issuedAt),
    expiresAt: issued.expiresAt !== undefined ? issued.expiresAt : expiryOf(issuedAt, grant.ttl),
    profileId: profile.id,
    profileName: profile.name,
    note,
    batchId,
  };
}

/** Finished batches whose exports are kept once their live rows are dropped (the newest ones). */
const KEPT_EXPORTS = 20;

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

/**
 * The stream-token desk: operations 1 and 3, the encrypted history, batches. Its dispose cancels running batches
 * (in-flight requests aborted) and records their issued rows.
 */
export function createTokensFeature(services: AppServices): Feature<typeof tokenChannels> {
  const { connections, profiles, vault } = services;
  const batchesStored = createTokenBatchesRepository(services.storage);
  /** Finished batches' exports: in the database, or in memory for a session-only console (nothing to seal with). */
  const keptExports = memoryArchive(KEPT_EXPORTS);
  const archive: BatchArchive = {
    save: async (id, bytes, rows) => (vault.mode === 'session' ? keptExports.save(id, bytes, rows) : batchesStored.saveExport(await services.sealer(), id, bytes, rows, KEPT_EXPORTS)),
    load: async (id) => {
      if (vault.mode === 'session') return keptExports.load(id);
      const kept = batchesStored.exportOf(await services.sealer(), id);
      return kept && { deflated: kept.bytes, rows: kept.rows };
    },
  };
  const batches = new BatchRegistry((batch) => batchToCsv(batch, batch.allRows()), archive);
  /** The saved, encrypted history. */
  const historyRows = createTokenHistoryRepository(services.storage);
  const savedHistory = createTokenHistory(historyRows, services.sealer);
  /** Used instead while the vault is in session-only mode (see createSessionTokenHistory). */
  const sessionHistory = createSessionTokenHistory();
  /** Running batches are marked in the database until they finish: one left from an earlier run was interrupted. */
  const markers = createBatchMarkers(batchesStored, services.sealer);
  /** Chosen per call: the operator may switch to session-only mode while the console runs. */
  const historyNow = (): TokenHistory => (vault.mode === 'session' ? sessionHistory : savedHistory);

  /**
   * Writes to the history; a failure does not take the token away from the operator, it is reported with it. The
   * entry comes back with its id in the history (its row), or as it was when it could not be written.
   */
  async function record(entry: HistoryEntry): Promise<{ entry: HistoryEntry; warning: string | null }> {
    try {
      const [stored] = await historyNow().append([entry]);
      return { entry: stored ?? entry, warning: null };
    } catch (error) {
      log.warn('tokens', `history not written: ${isAppFailure(error) ? error.appError.details ?? error.message : String(error)}`);
      const failure = isAppFailure(error) ? error : storageFailure(error, services.dataDir);
      return { entry, warning: t('errors.history.tokenUnsaved', { reason: failure ? failure.appError.message : t('errors.history.notWritten') }) };
    }
  }

  function view(entry: HistoryEntry, profile: Profile | undefined, historyWarning: string | null = null): IssuedTokenView {
    const playbackUrl = profile && entry.kind === 'stream' ? buildPlaybackUrl(profile.playbackUrlTemplate, profile.baseUrl, entry.stream, entry.token) : null;
    return { ...entry, playbackUrl, historyWarning };
  }

  /** Batches an earlier run stopped in the middle of, with how many of their tokens reached the history (an index count). */
  async function interruptedBatches(): Promise<InterruptedBatch[]> {
    const left = await markers.leftovers();
    return left.map(({ uid, startedAt, total, profileName }) => ({ batchId: uid, startedAt, total, profileName, issued: historyRows.countOfBatch(uid) }));
  }

  /**
   * Marks the batch running before its rows start (so every token it issues is linked to it in the history), and
   * finished once every row is final and saved; a paused batch stays marked (rows wait for resume).
   */
  async function runMarked(batch: TokenBatch, start: () => Promise<void>): Promise<{ run: Promise<void> }> {
    // A status with no rows (none changed after the newest revision): a 10,000-row batch is not copied for two fields.
    const { total, profileName } = batch.status(Number.MAX_SAFE_INTEGER);
    if (vault.mode !== 'session') await markers.started({ uid: batch.id, startedAt: new Date().toISOString(), total, profileName });
    const run = start();
    // Chained at once: a run that fails meanwhile is never an unhandled rejection.
    void run
      .then(() => batch.settled())
      .then(
        async () => {
          if (!batch.paused && vault.mode !== 'session') await markers.finished(batch.id);
        },
        () => undefined,
      );
    return { run };
  }

  async function profilesById(): Promise<Map<string, Profile>> {
    return new Map((await profiles.list()).map((profile) => [profile.id, profile]));
  }

  const handlers: Feature<typeof tokenChannels>['handlers'] = {
    // `allowNothing` was checked by the contract (a token with every permission off needs the operator's yes); it is
    // not part of what is sent or remembered.
    async 'tokens.create'({ stream, note, allowNothing: _confirmed, ...grant }, { signal }) {
      const { profile, client } = await connections.active();
      let token: string;
      try {
        token = await client.createStreamToken(wireParams(stream, grant), { signal });
      } catch (error) {
        throw deskFailure(error, { streamField: 'stream', stream, rpcMethodAfter: client.rpcMethod });
      }
      const { entry, warning } = await record(streamTokenEntry({ stream, token, issuedAt: new Date() }, grant, note, null, profile));
      return view(entry, profile, warning);
    },

    async 'tokens.createUserBound'({ uid, user, duration, note }, { signal }) {
      const { profile, client } = await connections.active();
      let result: { token: string | null };
      try {
        result = await client.createUserBoundToken({ uid, user, duration }, { signal });
      } catch (error) {
        throw deskFailure(error, { streamField: 'uid', stream: uid });
      }
      const issuedAt = new Date();
      const issued: HistoryEntry = {
        id: randomUUID(),
        kind: 'user',
        stream: uid,
        user,
        live: false,
        dvr: false,
        copy: false,
        ttl: duration,
        from: 0,
        to: 0,
        token: result.token,
        issuedAt: issuedAt.toISOString(),
        expiresAt: expiryOf(issuedAt, duration),
        profileId: profile.id,
        profileName: profile.name,
        note,
        batchId: null,
      };
      const { entry, warning } = await record(issued);
      return view(entry, profile, warning);
    },

    async 'tokens.history'(input) {
      const search = input?.search ?? '';
      const limit = input?.limit ?? 500;
      const sessionOnly = vault.mode === 'session';
      let page: HistoryPage;
      try {
        page = await historyNow().page(search, limit);
      } catch (error) {
        if (!isAppFailure(error) || error.kind === 'StorageUnavailable') throw error;
        const empty: HistoryView = { entries: [], total: 0, matched: 0, recentStreams: [], unreadable: error.appError.message, setAside: null, interrupted: [], sessionOnly };
        return empty;
      }
      const byId = await profilesById();
      return {
        entries: page.entries.map((entry) => view(entry, byId.get(entry.profileId))),
        total: page.total,
        matched: page.matched,
        recentStreams: page.recentStreams,
        unreadable: null,
        // Damage is the database's to tell now (set aside whole, told on About and Connect).
        setAside: null,
        interrupted: sessionOnly ? [] : await interruptedBatches(),
        sessionOnly,
      };
    },

    async 'tokens.setNote'({ id, note }) {
      const entry = await historyNow().setNote(id, note);
      return view(entry, (await profilesById()).get(entry.profileId));
    },

    async 'tokens.clearHistory'() {
      await historyNow().clear();
      return null;
    },

    async 'tokens.exportCsv'({ ids }) {
      const chosen = await historyNow().byIds(ids);
      return { csv: historyToCsv(chosen), filename: exportFilename('watchdesk-tokens', new Date()), rows: chosen.length };
    },

    async 'tokens.batchStart'({ text, note, concurrency, allowNothing: _confirmed, ...grant }) {
      const { streams, notes: noteKeys } = parseBatchList(text);
      const notes = noteKeys.map((note) => messageInWords(note, t));
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
              await historyNow().append(rows.map((row) => streamTokenEntry(row, grant, note, batch.id, profile)), batch.id);
            } catch (error) {
              throw storageFailure(error, services.dataDir) ?? error;
            }
          },
        },
      });
      pusher.follow(batch);
      batches.add(batch);
      const { run } = await runMarked(batch, () => batch.start());
      run
        .catch((error: unknown) => log.error('tokens', `batch run failed: ${String(error)}`))
        // Once finished and saved, older finished batches give up their live rows for their exports.
        .then(() => batch.settled())
        .then(() => batches.archiveOld(), () => batches.archiveOld());
      const status = batch.status();
      pusher.sent(status.rev);
      return status;
    },

    async 'tokens.batchStatus'({ batchId, since, waitMs }) {
      const batch = batches.get(batchId);
      await batch.waitForChange(waitMs);
      return batch.status(since);
    },

    async 'tokens.batchCancel'({ batchId }) {
      const batch = batches.get(batchId);
      await batch.cancel();
      return batch.status();
    },

    async 'tokens.batchRetry'({ batchId }) {
      const batch = batches.get(batchId);
      if (batch.running) throw new AppFailure('Conflict', t('errors.history.batchRunning'));
      const { run } = await runMarked(batch, () => batch.retry());
      run.catch((error: unknown) => log.error('tokens', `batch retry failed: ${String(error)}`));
      return batch.status();
    },

    async 'tokens.batchResume'({ batchId }) {
      const batch = batches.get(batchId);
      if (batch.running) throw new AppFailure('Conflict', t('errors.history.batchRunning'));
      const { run } = await runMarked(batch, () => batch.resume());
      run.catch((error: unknown) => log.error('tokens', `batch resume failed: ${String(error)}`));
      return batch.status();
    },

    async 'tokens.dismissInterrupted'({ batchId }) {
      await markers.dismiss(batchId);
      return null;
    },

    async 'tokens.batchExportCsv'({ batchId }) {
      const { csv, rows } = await batches.exportOf(batchId);
      return { csv, filename: exportFilename('watchdesk-batch', new Date()), rows };
    },
  };

  return { handlers, dispose: () => batches.cancelAll() };
}
