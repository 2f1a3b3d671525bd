import type { HistoryEntry } from '../../preload/contract/tokens';
import { checkedForSaving } from '../secrets/crypto';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { said } from '../shared/i18n';
import { log } from '../shared/log';
import type { Sealer } from '../storage';
import { sealAhead, type TokenHistoryRepository } from '../storage/repositories/token-history-repository';
import { newHistoryEntriesCheck } from './history-entry-check';
import { matchesWords, recentStreamsOf, searchHistory, searchWords } from './history-search';

/** One screen of the history: the newest entries matching a search, and the counts the screen shows. */
export interface HistoryPage {
  /** Newest first, at most `limit`. */
  entries: HistoryEntry[];
  /** Entries in the history. */
  total: number;
  /** Entries matching the search. */
  matched: number;
  recentStreams: string[];
}

/** Every token the desk issued. Each change is committed before it resolves: only then is a token shown as issued. */
export interface TokenHistory {
  page(search: string, limit: number): Promise<HistoryPage>;
  /** Adds entries in one transaction; resolves with them as stored (with their ids), once committed and on disk. */
  append(entries: HistoryEntry[], batchUid?: string | null): Promise<HistoryEntry[]>;
  /** The entries with these ids, newest first (ids that are gone are left out). */
  byIds(ids: readonly string[]): Promise<HistoryEntry[]>;
  setNote(id: string, note: string): Promise<HistoryEntry>;
  /** Clears every entry so far; `undoClear` brings them back until `endUndo`. */
  clear(): Promise<void>;
  /** Brings back what the last clear took; false when there is nothing to bring back. */
  undoClear(): Promise<boolean>;
  /** The last clear can no longer be undone: what it took goes for good. */
  endUndo(): void;
  /**
   * Cleared rows kept for a batch marked running are released (it was dismissed or finished): they go now, not at
   * some later start (the clear's note says they are gone for good once its Undo ends).
   */
  purgeReleased(): void;
}

export interface TokenHistoryOptions {
  /**
   * Entries kept before the oldest leave (default ten million). Far above what a desk issues in years: the history
   * is windows on an index, so its size costs disk, not time.
   */
  maxEntries?: number;
  /**
   * How many of the newest entries a free-text search covers (default 20,000: everything the history held before the
   * database). A search that is exactly a stream uid, a user id or a batch id is an index lookup across the whole
   * history instead, whatever its size.
   */
  textSearchDepth?: number;
}

export const DEFAULT_MAX_ENTRIES = 10_000_000;
/** Rows opened between two turns of the event loop while the newest entries are read for free-text search. */
const READ_CHUNK = 1_000;
/** The window the stream field's suggestions come from during a search. */
const RECENT_WINDOW = 200;
/** Quiet time after the last append before new rows go into the stream lookup (a running batch appends every 0.1 s). */
const INDEX_QUIET_MS = 500;
/** Rows added to the stream lookup per transaction while catching up. */
const INDEX_CHUNK = 5_000;
/** Cleared rows deleted per transaction once their clear can no longer be undone: about 6 ms each (5,000 took 30-40). */
const PURGE_CHUNK = 1_000;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const newestFirst = (a: HistoryEntry, b: HistoryEntry): number => Number(b.id) - Number(a.id);

/** A record that does not open (another data key, or changed behind our back) means the history cannot be read. */
function readable<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (isAppFailure(error) && (error.kind === 'KeychainUnavailable' || error.kind === 'StorageUnavailable')) throw error;
    throw new AppFailure('Internal', said('errors.history.unreadable'), { details: isAppFailure(error) ? error.appError.details : String(error) });
  }
}

/** Full check on the way in; what is stored is then only shape-checked when read (see the repository). */
const checked = (entries: HistoryEntry[]): HistoryEntry[] => checkedForSaving(newHistoryEntriesCheck(), entries, 'the token history');

/**
 * The saved history: rows in the database, sealed with the vault's data key. The screen's first window, a stream, a
 * user or a batch are index reads of the rows shown. Free text cannot be looked up in sealed rows: the newest
 * `textSearchDepth` entries are read once, on the first free-text search (a chunk at a time, the event loop turning
 * in between), and kept in memory up to date with every change, so typing a search does not decrypt them again.
 */
export function createTokenHistory(repository: TokenHistoryRepository, sealer: () => Promise<Sealer>, options: TokenHistoryOptions = {}): TokenHistory {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const depth = Math.min(options.textSearchDepth ?? 20_000, maxEntries);
  /** The newest entries, oldest first (null until the first free-text search): at most `depth`, plus slack. */
  let newest: HistoryEntry[] | null = null;
  let loading: Promise<HistoryEntry[]> | null = null;
  /** Entries added while `newest` is being read: joined to it once read. */
  let addedWhileLoading: HistoryEntry[] = [];
  let indexTimer: NodeJS.Timeout | null = null;
  /**
   * Appends one after another: each seals its rows (on the sealing worker) for the row numbers it will get, which
   * holds only while no other append lands in between.
   */
  let appending: Promise<unknown> = Promise.resolve();

  /**
   * New rows go into the stream lookup once appends have paused (see the repository: doing it in a batch's commits
   * cost five times the rows themselves), a chunk per transaction; an append meanwhile postpones the rest.
   */
  function indexSoon(): void {
    if (indexTimer) clearTimeout(indexTimer);
    indexTimer = setTimeout(() => {
      indexTimer = null;
      void (async () => {
        try {
          while (!indexTimer && repository.indexStreams(INDEX_CHUNK) > 0) await nextTurn();
        } catch (error) {
          // The database closed (the app is quitting) or cannot be written: the rows are found by scan until next time.
          log.info('tokens', `stream lookup not brought up to date: ${error instanceof Error ? error.message : String(error)}`);
        }
      })();
    }, INDEX_QUIET_MS);
    indexTimer.unref();
  }
  // Rows a crash left out of the lookup are added at start.
  indexSoon();

  /** Rows cleared for good are deleted a slice per turn of the event loop, so the screen never waits for them. */
  let purging = false;
  function purgeSoon(): void {
    if (purging) return;
    purging = true;
    void (async () => {
      try {
        while (repository.purge(PURGE_CHUNK) > 0) await nextTurn();
      } catch (error) {
        // The database closed (the app is quitting) or cannot be written: the next start purges the rest.
        log.info('tokens', `cleared history rows not all deleted yet: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        purging = false;
      }
    })();
  }
  // A clear is undone in the run that made it only: at start, what an earlier run cleared goes for good.
  try {
    repository.endUndo();
    purgeSoon();
  } catch (error) {
    log.info('tokens', `cleared history rows left for the next start: ${error instanceof Error ? error.message : String(error)}`);
  }

  const keepDepth = (list: HistoryEntry[]): HistoryEntry[] => {
    // Dropped in steps, not on every append: each drop moves every kept entry.
    if (list.length > depth + Math.ceil(depth / 4)) list.splice(0, list.length - depth);
    return list;
  };

  async function readNewest(key: Sealer): Promise<HistoryEntry[]> {
    const read: HistoryEntry[] = [];
    let before: number | null = null;
    while (read.length < depth) {
      const chunk = readable(() => repository.window(key, Math.min(READ_CHUNK, depth - read.length), before));
      read.push(...chunk);
      if (chunk.length < READ_CHUNK) break;
      before = Number(chunk.at(-1)!.id);
      await nextTurn();
    }
    const top = Number(read[0]?.id ?? 0);
    return keepDepth([...read.reverse(), ...addedWhileLoading.filter((entry) => Number(entry.id) > top)]);
  }

  /** Counts the clears and their undos: a read of the newest entries begun before one is not kept. */
  let generation = 0;
  /** The history changed as a whole (cleared, or brought back): what is in memory, or being read into it, is forgotten. */
  function forgetNewest(): void {
    generation += 1;
    newest = null;
    loading = null;
    addedWhileLoading = [];
  }

  function loadNewest(key: Sealer): Promise<HistoryEntry[]> {
    if (newest) return Promise.resolve(newest);
    if (!loading) {
      addedWhileLoading = [];
      const started = generation;
      const reading = readNewest(key).then((list) => {
        if (generation === started) newest = list;
        return list;
      });
      loading = reading;
      // Cleared once settled (not inside readNewest: a short history is read before `loading` is even set).
      void reading.finally(() => {
        if (loading === reading) {
          loading = null;
          addedWhileLoading = [];
        }
      }).catch(() => undefined);
    }
    return loading;
  }

  return {
    async page(search, limit) {
      const key = await sealer();
      const total = repository.count();
      const term = search.trim();
      if (!term) {
        const entries = readable(() => repository.window(key, limit));
        return { entries, total, matched: total, recentStreams: recentStreamsOf(entries) };
      }
      const recentStreams = recentStreamsOf(readable(() => repository.window(key, RECENT_WINDOW)));
      // A stream uid, user id or batch id: every one of its tokens, by index, across the whole history.
      const exactCount = repository.exactCount(key, term);
      if (exactCount > 0) return { entries: readable(() => repository.exactWindow(key, term, limit)), total, matched: exactCount, recentStreams };
      const words = searchWords(term);
      const list = await loadNewest(key);
      const entries: HistoryEntry[] = [];
      let matched = 0;
      for (let i = list.length - 1, seen = 0; i >= 0 && seen < depth; i--, seen++) {
        if (!matchesWords(list[i]!, words)) continue;
        matched += 1;
        if (entries.length < limit) entries.push(list[i]!);
      }
      return { entries, total, matched, recentStreams };
    },
    async append(entries, batchUid = null) {
      if (entries.length === 0) return [];
      const key = await sealer();
      const valid = checked(entries);
      const turn = appending.then(async () => {
        const ahead = await sealAhead(key, valid, repository.nextSeq());
        return repository.append(key, valid, batchUid, maxEntries, ahead);
      });
      appending = turn.catch(() => undefined);
      const stored = await turn;
      indexSoon();
      // Only once committed: a failed write changes nothing in memory either. Committed, the rows are what the
      // database shows; they are acknowledged (resolved) only once synced to disk, the wait off the event loop.
      if (newest) keepDepth(newest).push(...stored);
      if (loading) addedWhileLoading.push(...stored);
      await repository.sync();
      return stored;
    },
    async byIds(ids) {
      const key = await sealer();
      return readable(() => repository.byIds(key, ids)).sort(newestFirst);
    },
    async setNote(id, note) {
      const key = await sealer();
      const updated = readable(() => repository.setNote(key, id, note));
      if (!updated) throw new AppFailure('NotFound', said('errors.history.entryGone'));
      const index = newest?.findIndex((entry) => entry.id === id) ?? -1;
      if (newest && index >= 0) newest[index] = updated;
      return updated;
    },
    async clear() {
      repository.clear();
      // At once, not after a read under way: a search made after the clear must not be given what that read found.
      forgetNewest();
      // What an earlier clear took can no longer come back.
      purgeSoon();
    },
    async undoClear() {
      const back = repository.undoClear();
      if (back) forgetNewest();
      return back;
    },
    endUndo() {
      repository.endUndo();
      purgeSoon();
    },
    purgeReleased: purgeSoon,
  };
}

/**
 * The history of a session-only console (no keychain, so no data key to seal with): kept in memory until the app
 * closes. The saved history is left as it is for when the keychain is back.
 */
export function createSessionTokenHistory(): TokenHistory {
  let entries: HistoryEntry[] = [];
  /** What the last clear took, while it can be brought back. */
  let cleared: HistoryEntry[] | null = null;
  let next = 1;
  return {
    async page(search, limit) {
      const matched = searchHistory(entries, search);
      return { entries: matched.slice(0, limit), total: entries.length, matched: matched.length, recentStreams: recentStreamsOf(entries.slice(-RECENT_WINDOW).reverse()) };
    },
    async append(added) {
      const stored = checked(added).map((entry) => ({ ...entry, id: String(next++) }));
      entries.push(...stored);
      return stored;
    },
    async byIds(ids) {
      const wanted = new Set(ids);
      return entries.filter((entry) => wanted.has(entry.id)).reverse();
    },
    async setNote(id, note) {
      const index = entries.findIndex((entry) => entry.id === id);
      if (index < 0) throw new AppFailure('NotFound', said('errors.history.entryGone'));
      const updated = { ...entries[index]!, note };
      entries[index] = updated;
      return updated;
    },
    async clear() {
      cleared = entries;
      entries = [];
    },
    async undoClear() {
      if (!cleared) return false;
      entries = [...cleared, ...entries];
      cleared = null;
      return true;
    },
    endUndo() {
      cleared = null;
    },
    // Nothing is kept for a batch here: a session-only console marks no batch running.
    purgeReleased() {},
  };
}
