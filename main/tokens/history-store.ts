import type { HistoryEntry } from '../../preload/contract/tokens';
import { checkedForSaving } from '../secrets/crypto';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { t } from '../shared/i18n';
import type { Sealer } from '../storage';
import type { TokenHistoryRepository } from '../storage/repositories/token-history-repository';
import { newHistoryEntriesCheck } from './history-entry-check';
import { isExactMatch, matchesWords, recentStreamsOf, searchHistory, searchWords } from './history-search';

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
  /** Adds entries in one transaction; resolves with them as stored (with their ids), once committed. */
  append(entries: HistoryEntry[], batchUid?: string | null): Promise<HistoryEntry[]>;
  /** The entries with these ids, newest first (ids that are gone are left out). */
  byIds(ids: readonly string[]): Promise<HistoryEntry[]>;
  setNote(id: string, note: string): Promise<HistoryEntry>;
  clear(): Promise<void>;
}

export interface TokenHistoryOptions {
  /**
   * Entries kept before the oldest leave (default ten million). Far above what a desk issues in years: the history
   * is windows on an index, so its size costs disk, not time.
   */
  maxEntries?: number;
  /**
   * How many of the newest entries a free-text search reads (default 20,000: everything the history held before the
   * database). A search that is exactly a stream uid, a user id or a batch id is an index lookup across the whole
   * history, whatever its size.
   */
  textSearchDepth?: number;
}

export const DEFAULT_MAX_ENTRIES = 10_000_000;
/** Rows decrypted between two turns of the event loop during a free-text search. */
const SCAN_CHUNK = 1_000;
/** The window the stream field's suggestions come from. */
const RECENT_WINDOW = 200;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A record that does not open (another data key, or changed behind our back) means the history cannot be read. */
function readable<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (isAppFailure(error) && (error.kind === 'KeychainUnavailable' || error.kind === 'StorageUnavailable')) throw error;
    throw new AppFailure('Internal', t('errors.history.unreadable'), { details: isAppFailure(error) ? error.appError.details : String(error) });
  }
}

/** Full check on the way in; what is stored is then only shape-checked when read (see the repository). */
const checked = (entries: HistoryEntry[]): HistoryEntry[] => checkedForSaving(newHistoryEntriesCheck(), entries, 'the token history');

/** The saved history: rows in the database, sealed with the vault's data key. */
export function createTokenHistory(repository: TokenHistoryRepository, sealer: () => Promise<Sealer>, options: TokenHistoryOptions = {}): TokenHistory {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const textSearchDepth = options.textSearchDepth ?? 20_000;

  /** Free text: the newest `textSearchDepth` entries, read a chunk at a time (the event loop turns in between). */
  async function textMatches(key: Sealer, words: string[], term: string, limit: number): Promise<{ entries: HistoryEntry[]; count: number }> {
    const entries: HistoryEntry[] = [];
    let count = 0;
    let before: number | null = null;
    for (let scanned = 0; scanned < textSearchDepth; ) {
      const chunk = readable(() => repository.window(key, Math.min(SCAN_CHUNK, textSearchDepth - scanned), before));
      if (chunk.length === 0) break;
      for (const entry of chunk) {
        // Exact matches are counted by the index over the whole history: not twice.
        if (!matchesWords(entry, words) || isExactMatch(entry, term)) continue;
        count += 1;
        if (entries.length < limit) entries.push(entry);
      }
      scanned += chunk.length;
      before = Number(chunk.at(-1)!.id);
      if (scanned < textSearchDepth) await nextTurn();
    }
    return { entries, count };
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
      const exact = readable(() => repository.exactWindow(key, term, limit));
      const exactCount = repository.exactCount(key, term);
      const text = await textMatches(key, searchWords(term), term, limit);
      const entries = [...exact, ...text.entries].sort((a, b) => Number(b.id) - Number(a.id)).slice(0, limit);
      return { entries, total, matched: exactCount + text.count, recentStreams };
    },
    async append(entries, batchUid = null) {
      if (entries.length === 0) return [];
      const key = await sealer();
      return repository.append(key, checked(entries), batchUid, maxEntries);
    },
    async byIds(ids) {
      const key = await sealer();
      return readable(() => repository.byIds(key, ids)).sort((a, b) => Number(b.id) - Number(a.id));
    },
    async setNote(id, note) {
      const key = await sealer();
      const updated = readable(() => repository.setNote(key, id, note));
      if (!updated) throw new AppFailure('NotFound', t('errors.history.entryGone'));
      return updated;
    },
    async clear() {
      repository.clear();
    },
  };
}

/**
 * The history of a session-only console (no keychain, so no data key to seal with): kept in memory until the app
 * closes. The saved history is left as it is for when the keychain is back.
 */
export function createSessionTokenHistory(): TokenHistory {
  let entries: HistoryEntry[] = [];
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
      if (index < 0) throw new AppFailure('NotFound', t('errors.history.entryGone'));
      const updated = { ...entries[index]!, note };
      entries[index] = updated;
      return updated;
    },
    async clear() {
      entries = [];
    },
  };
}
