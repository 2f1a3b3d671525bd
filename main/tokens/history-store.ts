import { createEncryptedJsonStore } from '../secrets/crypto';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { historyFileSchema, type HistoryEntry } from './history-schema';

/**
 * Every token the desk issued, encrypted at rest with the vault's data key (the tokens are secrets). Kept in
 * memory after the first read; each change is one atomic write of the whole file, so a batch of 1,000 costs one
 * write. The oldest entries are dropped past `maxEntries` to keep that write small.
 */
export interface TokenHistory {
  /** Oldest first. Throws a readable AppFailure when the file exists but cannot be decrypted or parsed. */
  entries(): Promise<readonly HistoryEntry[]>;
  /** Appends in one write. */
  append(entries: HistoryEntry[]): Promise<void>;
  setNote(id: string, note: string): Promise<HistoryEntry>;
  /** Deletes every entry (also the way out of an unreadable file). */
  clear(): Promise<void>;
}

export interface TokenHistoryOptions {
  maxEntries?: number;
}

const UNREADABLE =
  'The token history on this computer cannot be read (it was encrypted with a key this keychain does not hold, or it is damaged). Clear the history to start a new one.';

export function createTokenHistory(path: string, getKey: () => Promise<Buffer>, options: TokenHistoryOptions = {}): TokenHistory {
  const store = createEncryptedJsonStore(path, historyFileSchema, getKey, { aad: 'watchdesk:token-history' });
  const maxEntries = options.maxEntries ?? 20_000;
  let cache: HistoryEntry[] | null = null;
  let loading: Promise<HistoryEntry[]> | null = null;

  async function load(): Promise<HistoryEntry[]> {
    if (cache) return cache;
    loading ??= (async () => {
      try {
        const file = await store.read();
        cache = file?.entries ?? [];
        return cache;
      } catch (error) {
        // A keychain problem keeps its own sentence (it names the fix); anything else means the file itself.
        if (isAppFailure(error) && error.kind === 'KeychainUnavailable') throw error;
        throw new AppFailure('Internal', UNREADABLE, { details: isAppFailure(error) ? error.appError.details : String(error) });
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  async function save(next: HistoryEntry[]): Promise<void> {
    await store.write({ version: 1, entries: next });
    cache = next;
  }

  return {
    entries: load,
    async append(added) {
      if (added.length === 0) return;
      const current = await load();
      const next = current.concat(added);
      await save(next.length > maxEntries ? next.slice(next.length - maxEntries) : next);
    },
    async setNote(id, note) {
      const current = await load();
      const index = current.findIndex((entry) => entry.id === id);
      const found = current[index];
      if (!found) throw new AppFailure('NotFound', 'This token is no longer in the history. Reload the list.');
      const updated = { ...found, note };
      const next = current.slice();
      next[index] = updated;
      await save(next);
      return updated;
    },
    async clear() {
      await save([]);
    },
  };
}
