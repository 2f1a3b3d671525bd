import type { AppServices } from '../app/services';
import type { Profile } from '../../preload/contract/wire/profile';
import type { CsvExport, HistoryEntry, HistoryView, InterruptedBatch, IssuedTokenView } from '../../preload/contract/tokens';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { said, t } from '../shared/i18n';
import { log } from '../shared/log';
import { storageFailure } from '../shared/storage-errors';
import { UNDO_WINDOW_MS } from '../shared/undo-window';
import { createTokenHistoryRepository } from '../storage/repositories/token-history-repository';
import { createSessionTokenHistory, createTokenHistory, type HistoryPage, type TokenHistory } from './history-store';
import { historyToCsv, exportFilename } from './csv-export';
import { RefusedWrites } from './refused-writes';
import { buildPlaybackUrl } from './playback-url';
import type { BatchMarkers } from './batch-markers';

/** The desk's history as the screen reads it: recording issued tokens, pages, notes, exports, interrupted batches. */
export interface HistoryService {
  /** The history written to now: the saved one, or the session's while the vault is in session-only mode. */
  current(): TokenHistory;
  /** Writes one issued token; a failure does not take the token away, it comes back as a warning beside it. */
  record(entry: HistoryEntry): Promise<{ entry: HistoryEntry; warning: string | null }>;
  /** An entry as the screen shows it (with its playback address when its profile has one). */
  view(entry: HistoryEntry, profile: Profile | undefined, historyWarning?: string | null): IssuedTokenView;
  page(search: string, limit: number): Promise<HistoryView>;
  setNote(id: string, note: string): Promise<IssuedTokenView>;
  /** Clears the history; `undoClear` brings it back for 10 minutes, until another clear or the console closes. */
  clear(): Promise<null>;
  undoClear(): Promise<null>;
  /** The console closes: a clear can no longer be undone. */
  dispose(): void;
  exportCsv(ids: readonly string[]): Promise<CsvExport>;
  dismissInterrupted(batchId: string): Promise<null>;
  /** A batch is done (every row final and in the history): no longer marked running, its cleared rows may go. */
  batchFinished(batchId: string): Promise<void>;
}

export function createHistoryService(services: Pick<AppServices, 'storage' | 'sealer' | 'vault' | 'profiles' | 'dataDir'>, markers: BatchMarkers): HistoryService {
  const { vault, profiles } = services;
  const rows = createTokenHistoryRepository(services.storage);
  const saved = createTokenHistory(rows, services.sealer);
  /** Used instead while the vault is in session-only mode (see createSessionTokenHistory). */
  const session = createSessionTokenHistory();
  /** Chosen per call: the operator may switch to session-only mode while the console runs. */
  const current = (): TokenHistory => (vault.mode === 'session' ? session : saved);

  /** Tokens from the single form whose history write was refused, written again until the disk takes them (or the history is cleared). */
  const unsaved = new RefusedWrites<HistoryEntry>((entries) => current().append(entries), {
    written: (entries) => log.info('tokens', `${entries.length} token(s) refused by the disk earlier are in the history now`),
  });

  /** The last clear, while it can be undone: the history it was made in (saved or the session's). */
  let undo: { history: TokenHistory; timer: NodeJS.Timeout; unsaved: HistoryEntry[] } | null = null;
  function endUndo(): void {
    if (!undo) return;
    clearTimeout(undo.timer);
    const { history } = undo;
    undo = null;
    try {
      history.endUndo();
    } catch (error) {
      // The next start ends it (a clear is undone only in the run that made it).
      log.info('tokens', `the end of a clear's undo was not written: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const view: HistoryService['view'] = (entry, profile, historyWarning = null) => {
    const playbackUrl = profile && entry.kind === 'stream' ? buildPlaybackUrl(profile.playbackUrlTemplate, profile.baseUrl, entry.stream, entry.token) : null;
    return { ...entry, playbackUrl, historyWarning };
  };

  async function profilesById(): Promise<Map<string, Profile>> {
    return new Map((await profiles.list()).map((profile) => [profile.id, profile]));
  }

  /** Batches an earlier run stopped in the middle of, with how many of their tokens reached the history (an index count). */
  async function interrupted(): Promise<InterruptedBatch[]> {
    const left = await markers.leftovers();
    return left.map(({ uid, startedAt, total, profileName }) => ({ batchId: uid, startedAt, total, profileName, ...rows.countOfBatch(uid) }));
  }

  return {
    current,
    view,
    async record(entry) {
      try {
        const [stored] = await current().append([entry]);
        return { entry: stored ?? entry, warning: null };
      } catch (error) {
        log.warn('tokens', `history not written: ${isAppFailure(error) ? (error.appError.details ?? error.message) : String(error)}`);
        const failure = isAppFailure(error) ? error : storageFailure(error, services.dataDir);
        unsaved.add([entry]);
        return { entry, warning: t('errors.history.tokenUnsaved', { reason: failure ? failure.appError.message : t('errors.history.notWritten') }) };
      }
    },
    async page(search, limit) {
      const sessionOnly = vault.mode === 'session';
      let found: HistoryPage;
      try {
        found = await current().page(search, limit);
      } catch (error) {
        if (!isAppFailure(error) || error.kind === 'StorageUnavailable') throw error;
        return { entries: [], total: 0, matched: 0, recentStreams: [], unreadable: error.appError.message, setAside: null, interrupted: [], sessionOnly };
      }
      const byId = await profilesById();
      return {
        entries: found.entries.map((entry) => view(entry, byId.get(entry.profileId))),
        total: found.total,
        matched: found.matched,
        recentStreams: found.recentStreams,
        unreadable: null,
        // Damage is the database's to tell now (set aside whole, told on About and Connect).
        setAside: null,
        interrupted: sessionOnly ? [] : await interrupted(),
        sessionOnly,
      };
    },
    async setNote(id, note) {
      const entry = await current().setNote(id, note);
      return view(entry, (await profilesById()).get(entry.profileId));
    },
    async clear() {
      const history = current();
      // The earlier clear's undo ends only once this clear is written (a clear the disk refuses leaves it offered): in
      // the same history the clear itself hands what the earlier one took to the purge; in the other one (the vault's
      // mode changed since) it is ended here.
      if (undo && undo.history !== history) endUndo();
      await history.clear();
      if (undo) clearTimeout(undo.timer);
      // Cleared means every token so far: one still waiting for the disk goes too (the undo brings it back).
      const dropped = unsaved.drop();
      const timer = setTimeout(endUndo, UNDO_WINDOW_MS);
      timer.unref();
      undo = { history, timer, unsaved: dropped };
      return null;
    },
    async undoClear() {
      const held = undo;
      if (!held || !(await held.history.undoClear())) throw new AppFailure('Validation', said('errors.history.nothingToUndo'));
      clearTimeout(held.timer);
      // A clear made meanwhile keeps its own undo.
      if (undo === held) undo = null;
      if (held.unsaved.length > 0) unsaved.add(held.unsaved);
      return null;
    },
    dispose: endUndo,
    async exportCsv(ids) {
      const chosen = await current().byIds(ids);
      return { csv: historyToCsv(chosen), filename: exportFilename('watchdesk-tokens', new Date()), rows: chosen.length };
    },
    async dismissInterrupted(batchId) {
      await markers.dismiss(batchId);
      // Its cleared rows were kept for this notice (a batch is marked running in the saved history only).
      saved.purgeReleased();
      return null;
    },
    async batchFinished(batchId) {
      await markers.finished(batchId);
      saved.purgeReleased();
    },
  };
}
