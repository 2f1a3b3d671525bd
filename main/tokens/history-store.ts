import { z } from 'zod';
import type { HistoryEntry } from '../../preload/contract/tokens';
import { basename } from 'node:path';
import { createEncryptedJournal, type EncryptedJournal, type SetAside } from '../secrets/encrypted-journal';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { t } from '../shared/i18n';
import { createSerialQueue } from '../shared/serial-queue';
import { checkedForSaving } from '../secrets/crypto';
import { newHistoryEntriesCheck } from './history-entry-check';

/**
 * Every token the desk issued, encrypted at rest with the vault's data key (the tokens are secrets). Kept in memory
 * after the first read. On disk it is a journal of encrypted records (a batch's entries, a note edit, or a snapshot),
 * so issuing a token costs one small append, not a rewrite of a history of 20,000 entries. The journal is compacted
 * now and then (a snapshot followed by appends of a thousand entries each, see recordsOf), which is also when the
 * oldest entries past `maxEntries` leave the disk.
 */
export interface TokenHistory {
  /**
   * Oldest first: the store's own list, which later changes update in place (read it, do not keep it). Throws a
   * readable AppFailure when the file exists but cannot be decrypted or parsed.
   */
  entries(): Promise<readonly HistoryEntry[]>;
  /** Appends in one write. */
  append(entries: HistoryEntry[]): Promise<void>;
  setNote(id: string, note: string): Promise<HistoryEntry>;
  /** Deletes every entry (also the way out of an unreadable file, which is first copied aside as a backup). */
  clear(): Promise<void>;
  /**
   * What was set aside in this session: a damaged tail cut off on reading (its records counted), or the backup of an
   * unreadable file made by clear(). Null when the history was whole.
   */
  damage(): HistoryDamage | null;
}

export interface HistoryDamage {
  /** Records in the part set aside; null for a whole unreadable file (its records cannot be counted). */
  records: number | null;
  /** The name of the backup file in the data folder. */
  file: string;
}

export interface TokenHistoryOptions {
  maxEntries?: number;
  /** Records after which the journal is rewritten as one snapshot. */
  compactAfterRecords?: number;
  /**
   * Entries appended past the retained ones after which the journal is rewritten as one snapshot (default: a quarter
   * of `maxEntries`). With it the file never holds more than the retained entries plus this interval, however many
   * tokens were ever issued: a batch of 10,000 is one or a few records, so a count of records alone would let
   * a year of batches pile up on disk before the next compaction.
   */
  compactAfterEntries?: number;
}

/** The fields every stored entry is checked to have when read (see storedEntriesSchema). */
function looksLikeEntry(value: unknown): value is HistoryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { id, stream, issuedAt } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof stream === 'string' && typeof issuedAt === 'string';
}

/**
 * The entries inside a stored record. Each record is authenticated by AES-GCM with the vault's data key, and every
 * entry in it passed `historyEntrySchema` before it was written (new entries in `append`; a snapshot holds only
 * entries that were checked on their way in), so reading checks only the shape of each entry, in one plain loop,
 * instead of running the full schema again over 20,000 of them: that check and the garbage of its copies were most
 * of the time to open the history (about 85 ms of checks and as much in garbage collection, on a warm process).
 */
const storedEntriesSchema = z.custom<HistoryEntry[]>((value) => Array.isArray(value) && value.every(looksLikeEntry), { message: 'not a list of history entries' });

export const historyRecordSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), entries: storedEntriesSchema }),
  z.object({ type: z.literal('append'), entries: storedEntriesSchema }),
  z.object({ type: z.literal('note'), id: z.string(), note: z.string() }),
]);
type HistoryRecord = z.infer<typeof historyRecordSchema>;


/**
 * Entries per record when the store writes the list itself (compaction): a list of 20,000 is written as twenty
 * records, each encrypted as the file is written (a few hundred KB of text at a time, not one string of megabytes),
 * and the next compaction drops most of them whole instead of writing a 20,000-entry snapshot again.
 */
const ENTRIES_PER_RECORD = 1_000;

/** `entries` as records that replay into exactly that list: a snapshot of the first ones, then appends. */
function recordsOf(entries: HistoryEntry[]): HistoryRecord[] {
  const records: HistoryRecord[] = [{ type: 'snapshot', entries: entries.slice(0, ENTRIES_PER_RECORD) }];
  for (let start = ENTRIES_PER_RECORD; start < entries.length; start += ENTRIES_PER_RECORD) {
    records.push({ type: 'append', entries: entries.slice(start, start + ENTRIES_PER_RECORD) });
  }
  return records;
}

/** Replays the journal into the list of entries (the records' arrays are the reader's own: no copies). */
function replay(records: HistoryRecord[]): HistoryEntry[] {
  let entries: HistoryEntry[] = [];
  for (const record of records) {
    if (record.type === 'snapshot') entries = record.entries;
    else if (record.type === 'append') for (const entry of record.entries) entries.push(entry);
    else {
      const index = entries.findIndex((entry) => entry.id === record.id);
      if (index >= 0) entries[index] = { ...entries[index]!, note: record.note };
    }
  }
  return entries;
}

export function createTokenHistory(path: string, getKey: () => Promise<Buffer>, options: TokenHistoryOptions = {}): TokenHistory {
  return historyOn(createEncryptedJournal(path, historyRecordSchema, getKey, { aad: 'watchdesk:token-history' }), options);
}

/**
 * The history of a session-only console (no keychain, so no data key that can read or write the saved history):
 * kept in memory until the app closes. The saved file is left as it is for when the keychain is back.
 */
export function createSessionTokenHistory(options: TokenHistoryOptions = {}): TokenHistory {
  let records: HistoryRecord[] = [];
  return historyOn(
    {
      read: async () => records.slice(),
      append: async (change) => void records.push(change),
      replace: async (next) => void (records = next.slice()),
    },
    options,
  );
}

function historyOn(journal: EncryptedJournal<HistoryRecord>, options: TokenHistoryOptions): TokenHistory {
  const maxEntries = options.maxEntries ?? 20_000;
  const compactAfterRecords = options.compactAfterRecords ?? 1_000;
  const compactAfterEntries = options.compactAfterEntries ?? Math.max(1, Math.ceil(maxEntries / 4));
  let cache: HistoryEntry[] | null = null;
  /**
   * The entries each record on disk adds, in file order (a note adds none, nor does a record left unread on opening):
   * what the next open reads, and which records compaction can drop whole.
   */
  let recordSizes: number[] = [];
  /** The sum of recordSizes. */
  let entriesOnDisk = 0;
  /** The records on disk replay, in order, into the list in memory (then compaction may keep some of them as they are). */
  let inStep = true;
  /** Old records left unread when the history was opened (their entries are past the retained ones): dropped at the next change. */
  let unreadRecords = 0;
  let loading: Promise<HistoryEntry[]> | null = null;
  let damage: HistoryDamage | null = null;
  /** The last read failed (another key, or damaged from the start): clearing keeps a backup first. */
  let unreadable = false;
  /**
   * Changes run one at a time: each builds the next list from the current one across awaits, so two at once
   * (a batch's history write and a single token) would otherwise each drop the other's entries.
   */
  const changes = createSerialQueue();

  /**
   * Entries the list in memory may hold past `maxEntries` between appends before its oldest are dropped. Dropping
   * them moves every retained entry, so doing it on every append cost a batch of 10,000 (hundreds of small appends to
   * a full history) one move of 20,000 entries per append; in steps it costs about eight moves per entry appended.
   */
  const trimSlack = Math.max(1, Math.ceil(maxEntries / 8));

  /**
   * Drops the oldest entries past `maxEntries`, in place (memory stays bounded however many were ever issued); with
   * `slack`, only once there are more than `slack` of them. Whatever leaves the store (`entries()`) is trimmed exactly.
   */
  const keepNewest = (entries: HistoryEntry[], slack = 0): HistoryEntry[] => {
    if (entries.length > maxEntries + slack) entries.splice(0, entries.length - maxEntries);
    return entries;
  };

  const sizeOf = (record: HistoryRecord): number => (record.type === 'note' ? 0 : record.entries.length);

  async function load(): Promise<HistoryEntry[]> {
    if (cache) return cache;
    loading ??= (async () => {
      try {
        // Only the newest records that hold the retained entries are read (back to a snapshot, which starts the list).
        const enough = () => {
          let entries = 0;
          return (record: HistoryRecord) => record.type === 'snapshot' || (entries += sizeOf(record)) >= maxEntries;
        };
        const { records, setAside, unread } = journal.readRecovering ? await journal.readRecovering({ enough }) : { records: await journal.read(), setAside: null, unread: undefined };
        if (setAside) damage = describe(setAside);
        unreadable = false;
        // The records left unread count as empty: compaction drops them first, at the next change.
        unreadRecords = unread?.records ?? 0;
        recordSizes = [...new Array<number>(unreadRecords).fill(0), ...records.map(sizeOf)];
        entriesOnDisk = recordSizes.reduce((n, size) => n + size, 0);
        // What the unread records hold, estimated from their bytes (entries are of a similar size).
        const unreadEntries = unread && unread.records > 0 ? Math.ceil((unread.bytes * entriesOnDisk) / Math.max(1, unread.readBytes)) : 0;
        // A snapshot after the first record resets the list there: the records no longer line up with the list.
        inStep = !records.some((r, index) => index > 0 && r.type === 'snapshot');
        cache = keepNewest(replay(records));
        // A file from before size-triggered compaction (or after a crash mid-interval) is brought back within bounds now.
        if (entriesOnDisk + unreadEntries > maxEntries + compactAfterEntries && !(await compactHead(cache, null))) await compact(cache);
        return cache;
      } catch (error) {
        // A keychain problem keeps its own sentence (it names the fix); anything else means the file itself.
        if (isAppFailure(error) && error.kind === 'KeychainUnavailable') throw error;
        unreadable = true;
        throw new AppFailure('Internal', t('errors.history.unreadable'), { details: isAppFailure(error) ? error.appError.details : String(error) });
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  /** Rewrites the journal as `entries` (the retained list, see recordsOf): every entry serialised and encrypted again. */
  async function compact(entries: HistoryEntry[]): Promise<void> {
    const records = recordsOf(entries);
    await journal.replace(records);
    recordSizes = records.map(sizeOf);
    entriesOnDisk = entries.length;
    inStep = true;
    unreadRecords = 0;
  }

  /**
   * Compaction when the retained list is already the newest `maxEntries` with `change` applied: the oldest records
   * are dropped whole, the one the cut falls inside is written again with its retained entries (the first ones of
   * `retained`), and every later record is copied as it is on disk (`change`, if any, is added after them). False
   * when that cannot be done (the journal cannot copy records, or the cut falls inside `change` itself): the caller
   * then rewrites everything.
   */
  async function compactHead(retained: HistoryEntry[], change: HistoryRecord | null): Promise<boolean> {
    if (!journal.replaceHead || !inStep) return false;
    const added = change ? sizeOf(change) : 0;
    let drop = entriesOnDisk + added - retained.length;
    let whole = 0;
    while (whole < recordSizes.length && recordSizes[whole]! <= drop) drop -= recordSizes[whole++]!;
    if (whole === recordSizes.length) return false;
    const cut = drop > 0 ? recordSizes[whole]! - drop : 0;
    const head = cut > 0 ? recordsOf(retained.slice(0, cut)) : [];
    const replaced = whole + (cut > 0 ? 1 : 0);
    await journal.replaceHead(replaced, head, change ? [change] : []);
    recordSizes = [...head.map(sizeOf), ...recordSizes.slice(replaced), ...(change ? [added] : [])];
    entriesOnDisk = retained.length;
    unreadRecords = 0;
    return true;
  }

  /**
   * Adds a record and then applies it to the list in memory (in place: a batch's many small appends do not each copy
   * 20,000 entries). Past the entries threshold (entries on disk beyond the retained ones) the oldest records leave
   * the file (see compactHead); past the records threshold the journal becomes one snapshot of the list with the
   * change applied, trimmed to the newest `maxEntries`. A failed write changes nothing.
   */
  async function record(current: HistoryEntry[], change: HistoryRecord, apply: (entries: HistoryEntry[]) => void): Promise<void> {
    const added = sizeOf(change);
    const tooManyRecords = recordSizes.length + 1 > compactAfterRecords;
    // Unread records hold entries not counted in entriesOnDisk: they leave now, so the bound on disk holds.
    if (tooManyRecords || unreadRecords > 0 || entriesOnDisk + added > maxEntries + compactAfterEntries) {
      const next = current.slice();
      apply(next);
      keepNewest(next);
      if (tooManyRecords || !(await compactHead(next, change))) await compact(next);
      cache = next;
    } else {
      await journal.append(change);
      recordSizes.push(added);
      entriesOnDisk += added;
      apply(current);
      keepNewest(current, trimSlack);
    }
  }

  return {
    entries: async () => keepNewest(await load()),
    append: (added) =>
      changes.run(async () => {
        if (added.length === 0) return;
        // The full check, once, on the way in: what is on disk is then only shape-checked when read (see storedEntriesSchema).
        const checked = checkedForSaving(newHistoryEntriesCheck(), added, 'token-history.enc');
        const current = await load();
        await record(current, { type: 'append', entries: checked }, (entries) => {
          for (const entry of checked) entries.push(entry);
        });
      }),
    setNote: (id, note) =>
      changes.run(async () => {
        const current = await load();
        const index = current.findIndex((entry) => entry.id === id);
        const found = current[index];
        if (!found) throw new AppFailure('NotFound', t('errors.history.entryGone'));
        const updated = { ...found, note };
        await record(current, { type: 'note', id, note }, (entries) => {
          entries[index] = updated;
        });
        return updated;
      }),
    clear: () =>
      changes.run(async () => {
        // A read still in progress would put the old entries back into memory after the clear.
        await loading?.catch(() => undefined);
        if (unreadable && journal.setAsideWhole) {
          const file = await journal.setAsideWhole();
          if (file) damage = { records: null, file: basename(file) };
          unreadable = false;
        }
        await compact([]);
        cache = [];
      }),
    damage: () => damage,
  };
}

function describe(setAside: SetAside): HistoryDamage {
  return { records: setAside.records, file: basename(setAside.file) };
}
