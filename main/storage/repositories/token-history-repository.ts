import { z } from 'zod';
import type { HistoryEntry } from '../../../preload/contract/tokens';
import type { Storage } from '../database';
import type { Sealer } from '../sealer';
import { keepReadable, readableRows, readEach, type ReadRows } from '../readable-rows';

/**
 * The token history in the database: one sealed record per issued token, bound to its row (`token-history:<seq>`).
 * Rows are found by their order (`seq`, the entry's id on screen) and by keyed hashes of the stream uid and the user
 * id; nothing else is in clear. Every window is a keyset range on an index: opening or searching a history of
 * millions of tokens reads only the rows it shows.
 */
export interface TokenHistoryRepository {
  /**
   * Adds entries in one committed transaction (the oldest beyond `maxEntries` leave in the same one); returns them
   * with their ids (their row numbers), oldest first. The commit does not wait for the disk (a relaxed transaction):
   * await `sync()` before telling anyone the entries are saved.
   */
  append(sealer: Sealer, entries: readonly HistoryEntry[], batchUid: string | null, maxEntries: number, sealed?: SealedAhead): HistoryEntry[];
  /** The row number the next appended entry gets (what `sealAhead` seals for). */
  nextSeq(): number;
  /** Makes every append so far durable, the disk's wait on a thread of the pool (see `Storage.sync`). */
  sync(): Promise<void>;
  /** Entries kept now (from the counts table: no scan). */
  count(): number;
  /** The newest `limit` entries older than row `before` (all when null), newest first. */
  window(sealer: Sealer, limit: number, before?: number | null): HistoryEntry[];
  /** The newest `limit` entries whose stream uid, user id or batch id is exactly `term`, newest first. */
  exactWindow(sealer: Sealer, term: string, limit: number, before?: number | null): HistoryEntry[];
  /** How many entries have stream uid, user id or batch id `term` (an index count, proportional to the matches). */
  exactCount(sealer: Sealer, term: string): number;
  byIds(sealer: Sealer, ids: readonly string[]): HistoryEntry[];
  /** Replaces one entry's note; null when the entry is gone. */
  setNote(sealer: Sealer, id: string, note: string): HistoryEntry | null;
  /**
   * A batch's tokens: `issued`, every one written (a clear's hidden ones too, and those of a batch still marked
   * running are never purged), and `shown`, those the history shows now.
   */
  countOfBatch(batchUid: string): { issued: number; shown: number };
  /** Clears the history (every entry so far): kept hidden, for `undoClear`, until `endUndo` and `purge`. */
  clear(): void;
  /** Brings back what the last clear hid; false when there is nothing to bring back. */
  undoClear(): boolean;
  /** The last clear can no longer be undone: what it hid may be purged. */
  endUndo(): void;
  /** Deletes up to `limit` rows cleared for good, oldest first, in one transaction; answers how many (0: none left). */
  purge(limit: number): number;
  /**
   * Adds up to `limit` rows to the stream lookup (oldest not yet there first), in one transaction; returns how many
   * (0 once it is caught up). Run when no batch is writing: a row is found before it is in it too, only by a scan.
   */
  indexStreams(limit: number): number;
}

/**
 * Entries' records and stream hashes made before their transaction (on the sealing worker, see `sealAhead`), for rows
 * numbered from `first`. Used only when the rows get exactly those numbers; otherwise they are sealed again in it.
 */
export interface SealedAhead {
  first: number;
  records: Buffer[];
  streams: Buffer[];
}

/** A window reads past at most this many records that do not open before it ends where it is. */
const MAX_UNREADABLE_PER_WINDOW = 1_000;

/** Bytes of the HMAC kept for lookups: 128 bits tell millions of streams apart and halve the indexes. */
const HASH_BYTES = 16;

/**
 * What a record must look like when opened. Each record passed the full `historyEntrySchema` on its way in and is
 * authenticated by AES-GCM, so reading checks the shape only (a window of 500 is opened on every screen load).
 */
const storedEntrySchema = z.custom<HistoryEntry>((value) => {
  if (typeof value !== 'object' || value === null) return false;
  const { id, stream, issuedAt } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof stream === 'string' && typeof issuedAt === 'string';
}, { message: 'not a history entry' });

const purposeOf = (seq: number): string => `token-history:${seq}`;
/** The entry as its row keeps it: its id is its row number. */
const keptOf = (entry: HistoryEntry, seq: number): HistoryEntry => ({ ...entry, id: String(seq) });

/** Seals `entries` for rows numbered from `first` ahead of their transaction, most of the work off this thread. */
export async function sealAhead(sealer: Sealer, entries: readonly HistoryEntry[], first: number): Promise<SealedAhead> {
  const { sealed, hashed } = await sealer.sealMany(
    entries.map((entry, i) => ({ value: keptOf(entry, first + i), purpose: purposeOf(first + i) })),
    entries.map((entry) => ['stream-uid', entry.stream]),
  );
  return { first, records: sealed, streams: hashed.map((hash) => hash.subarray(0, HASH_BYTES)) };
}
export const streamHash = (sealer: Sealer, stream: string): Buffer => sealer.hash('stream-uid', stream).subarray(0, HASH_BYTES);
export const userHash = (sealer: Sealer, user: string): Buffer => sealer.hash('user-id', user).subarray(0, HASH_BYTES);

type Row = { seq: number; record: Uint8Array };

const seqOf = (id: string): number | null => (/^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : null);

export function createTokenHistoryRepository(storage: Storage): TokenHistoryRepository {
  const setCount = (change: number): void => void storage.statement("UPDATE token_history_counts SET n = n + ? WHERE name = 'entries'").run(change);
  /** The kept count (rows copied out of a damaged database are counted by the salvage, see salvage.ts). */
  const counted = (): number => (storage.statement("SELECT n FROM token_history_counts WHERE name = 'entries'").get() as { n: number }).n;
  const open = (sealer: Sealer, row: Row): HistoryEntry => ({ ...sealer.openJson(row.record, purposeOf(row.seq), storedEntrySchema, 'the token history'), id: String(row.seq) });
  const opened = (sealer: Sealer, rows: Row[]): HistoryEntry[] => readableRows(storage, 'token_history', rows, (row) => open(sealer, row), true);
  const below = (before: number | null | undefined): number => before ?? Number.MAX_SAFE_INTEGER;
  /** Rows numbered up to this were cleared: no read shows them (0: nothing was cleared). */
  const floor = (): number => (storage.statement('SELECT upto FROM token_history_cleared WHERE id = 1').get() as { upto: number } | undefined)?.upto ?? 0;
  // Rows are numbered on from the newest (max of the rowid: one step down the table's tree), and never at or below a
  // clear's watermark: rows purged after a clear leave it where it was, and a new row under it would not show.
  const topSeq = (): number => Math.max((storage.statement('SELECT max(seq) AS top FROM token_history').get() as { top: number | null }).top ?? 0, floor());
  const indexedUpto = (): number => (storage.statement("SELECT n FROM token_history_counts WHERE name = 'streams_indexed_upto'").get() as { n: number }).n;
  /** Rows of one stream, newest first: the lookup table, then the newest rows not in it yet (a rowid range scan). */
  const STREAM_SEQS = `SELECT seq FROM token_history_streams WHERE stream_hash = :hash AND seq < :below AND seq > :floor
    UNION ALL SELECT seq FROM token_history WHERE seq > max(:upto, :floor) AND seq < :below AND stream_hash = :hash`;
  const batchSeq = (uid: string): number | null => (storage.statement('SELECT seq FROM token_batches WHERE uid = ?').get(uid) as { seq: number } | undefined)?.seq ?? null;

  /** Drops the oldest entries beyond `max`, in the caller's transaction. */
  const trim = (max: number): void => {
    const over = counted() - max;
    if (over <= 0) return;
    const cleared = floor();
    const cut = storage.statement('SELECT seq FROM token_history WHERE seq > ? ORDER BY seq LIMIT 1 OFFSET ?').get(cleared, over) as { seq: number } | undefined;
    if (!cut) return;
    // Shown rows only: those a clear hides are not counted (the count would go below what is shown), and they are the
    // undo's to bring back or the purge's to delete.
    const { changes } = storage.statement('DELETE FROM token_history WHERE seq > ? AND seq < ?').run(cleared, cut.seq);
    // Past a cap of millions only: a scan of the lookup table, once in a long while.
    storage.statement('DELETE FROM token_history_streams WHERE seq > ? AND seq < ?').run(cleared, cut.seq);
    setCount(-Number(changes));
  };

  /**
   * A cleared row the purge may delete: not one of a batch still marked running. After a kill mid-batch, the next
   * start tells how many of the batch's tokens were issued, and a clear made while it ran must not make that 0 (the
   * operator would issue them all again). Such rows stay hidden and go with a purge after the batch is dismissed.
   */
  const PURGEABLE = "(batch_seq IS NULL OR batch_seq NOT IN (SELECT seq FROM token_batches WHERE state = 'running'))";

  /**
   * Rows up to this one were looked at by the purge under way: the next slice starts after them. Kept rows (above) stay
   * at the bottom, and a slice that read past them again each time made 1,000,000 rows around 100,000 kept take 11.6 s
   * (slices up to 50 ms) instead of 0.5.
   */
  let purgedUpto = 0;
  const purgeableFrom = (after: number, upto: number, limit: number) =>
    storage.all<{ seq: number; hash: Uint8Array }>(`SELECT seq, stream_hash AS hash FROM token_history WHERE seq > ? AND seq <= ? AND ${PURGEABLE} ORDER BY seq LIMIT ?`, after, upto, limit);

  /** One slice of the purge: up to `limit` rows cleared for good, oldest first. */
  const purgeSlice = (limit: number): number =>
    // Relaxed: nothing here is acknowledged; a purge lost with a power cut is done again.
    storage.relaxedTransaction(() => {
      const marks = storage.get<{ upto: number; undo: number | null }>('SELECT upto, undo_upto AS undo FROM token_history_cleared WHERE id = 1');
      if (!marks) return 0;
      const upto = marks.undo ?? marks.upto;
      let from = purgedUpto;
      let rows = purgeableFrom(from, upto, limit);
      // Done only once a look from the bottom finds nothing: rows below may have become purgeable meanwhile (a batch
      // dismissed), or a clear moved the marks.
      if (rows.length === 0 && from > 0) rows = purgeableFrom((from = 0), upto, limit);
      purgedUpto = rows.at(-1)?.seq ?? 0;
      if (rows.length === 0) return 0;
      // The lookup by its key (a range on seq alone would read all of it), then the rows themselves by their range.
      const lookup = storage.statement('DELETE FROM token_history_streams WHERE stream_hash = ? AND seq = ?');
      for (const row of rows) lookup.run(row.hash, row.seq);
      storage.statement(`DELETE FROM token_history WHERE seq > ? AND seq <= ? AND ${PURGEABLE}`).run(from, rows.at(-1)!.seq);
      return rows.length;
    });

  return {
    nextSeq: () => storage.read(topSeq) + 1,
    append(sealer, entries, batchUid, maxEntries, sealed) {
      // A batch appends thousands of rows a second: its commits must not hold the event loop for the disk's fsync.
      return storage.relaxedTransaction(() => {
        const batch = batchUid ? batchSeq(batchUid) : null;
        const first = topSeq() + 1;
        let seq = first;
        const ahead = sealed?.first === first && sealed.records.length === entries.length ? sealed : null;
        const insert = storage.statement('INSERT INTO token_history (seq, issued_at, stream_hash, user_hash, batch_seq, record) VALUES (?, ?, ?, ?, ?, ?)');
        // A batch's rows share one user: its hash is made once per append, not once per row.
        const users = new Map<string, Buffer>();
        const userOf = (user: string): Buffer => users.get(user) ?? users.set(user, userHash(sealer, user)).get(user)!;
        const stored = entries.map((entry, i) => {
          const kept = keptOf(entry, seq);
          const stream = ahead ? ahead.streams[i]! : streamHash(sealer, entry.stream);
          insert.run(seq, Date.parse(entry.issuedAt), stream, entry.user === null ? null : userOf(entry.user), batch, ahead ? ahead.records[i]! : sealer.sealJson(kept, purposeOf(seq)));
          seq += 1;
          return kept;
        });
        setCount(stored.length);
        trim(maxEntries);
        return stored;
      });
    },
    sync: () => storage.sync(),
    count: () => storage.read(counted),
    window(sealer, limit, before) {
      // Rows that do not open (damaged on disk) are left out, and the window is filled from the rows below them:
      // callers read a window shorter than `limit` as the end of the history.
      const read: ReadRows<HistoryEntry> = { kept: [], failures: [] };
      let from = below(before);
      const cleared = storage.read(floor);
      for (;;) {
        const wanted = limit - read.kept.length;
        const rows = storage.all<Row>('SELECT seq, record FROM token_history WHERE seq < ? AND seq > ? ORDER BY seq DESC LIMIT ?', from, cleared, wanted);
        readEach(rows, (row) => open(sealer, row), read);
        // Not one row opened (most likely another data key: its refusal is thrown), or damage this wide: the window
        // ends here, rather than reading on through a history of millions.
        const stop = (read.kept.length === 0 && read.failures.length > 0) || read.failures.length >= MAX_UNREADABLE_PER_WINDOW;
        if (stop || rows.length < wanted || read.kept.length >= limit) return keepReadable(storage, 'token_history', read, true);
        from = rows.at(-1)!.seq;
      }
    },
    exactWindow(sealer, term, limit, before) {
      return storage.read(() => {
        // Three index ranges, each read newest first and merged: an OR in one query would sort every match.
        const cleared = floor();
        const from = (sql: string, key: unknown): Row[] => (key === null ? [] : (storage.statement(sql).all(key as Buffer, below(before), cleared, limit) as Row[]));
        const stream = storage
          .statement(`SELECT seq, record FROM token_history WHERE seq IN (${STREAM_SEQS} ORDER BY seq DESC LIMIT :limit) ORDER BY seq DESC`)
          .all({ hash: streamHash(sealer, term), below: below(before), upto: indexedUpto(), floor: cleared, limit }) as Row[];
        const rows = [
          ...stream,
          ...from('SELECT seq, record FROM token_history WHERE user_hash = ? AND seq < ? AND seq > ? ORDER BY seq DESC LIMIT ?', userHash(sealer, term)),
          ...from('SELECT seq, record FROM token_history WHERE batch_seq = ? AND seq < ? AND seq > ? ORDER BY seq DESC LIMIT ?', batchSeq(term)),
        ];
        const unique = new Map(rows.map((row) => [row.seq, row]));
        return opened(sealer, [...unique.values()].sort((a, b) => b.seq - a.seq).slice(0, limit));
      });
    },
    exactCount(sealer, term) {
      const sql = `SELECT count(*) AS n FROM (${STREAM_SEQS} UNION SELECT seq FROM token_history WHERE user_hash = :user AND seq > :floor
        UNION SELECT seq FROM token_history WHERE batch_seq = :batch AND seq > :floor)`;
      const keys = { hash: streamHash(sealer, term), below: Number.MAX_SAFE_INTEGER, user: userHash(sealer, term) };
      return storage.read(() => (storage.statement(sql).get({ ...keys, upto: indexedUpto(), floor: floor(), batch: batchSeq(term) }) as { n: number }).n);
    },
    byIds(sealer, ids) {
      const cleared = storage.read(floor);
      return opened(sealer, ids.map(seqOf).flatMap((seq) => (seq === null || seq <= cleared ? [] : storage.all<Row>('SELECT seq, record FROM token_history WHERE seq = ?', seq))));
    },
    setNote(sealer, id, note) {
      const seq = seqOf(id);
      if (seq === null) return null;
      return storage.transaction(() => {
        const row = storage.get<Row>('SELECT seq, record FROM token_history WHERE seq = ? AND seq > ?', seq, floor());
        if (!row) return null;
        const updated = { ...open(sealer, row), note };
        storage.statement('UPDATE token_history SET record = ? WHERE seq = ?').run(sealer.sealJson(updated, purposeOf(seq)), seq);
        return updated;
      });
    },
    countOfBatch(batchUid) {
      const sql = 'SELECT count(*) AS issued, count(*) FILTER (WHERE seq > ?) AS shown FROM token_history WHERE batch_seq = (SELECT seq FROM token_batches WHERE uid = ?)';
      return storage.get<{ issued: number; shown: number }>(sql, floor(), batchUid)!;
    },
    clear() {
      // A watermark, not a delete (2,000,000 rows would hold main for seconds): what an earlier clear hid becomes
      // purgeable, what this one hides can be brought back until `endUndo`.
      storage.transaction(() => {
        storage
          .statement(
            `INSERT INTO token_history_cleared (id, upto, undo_upto, undo_entries) VALUES (1, ?, ?, ?)
             ON CONFLICT (id) DO UPDATE SET upto = excluded.upto, undo_upto = excluded.undo_upto, undo_entries = excluded.undo_entries`,
          )
          .run(topSeq(), floor(), counted());
        storage.statement("UPDATE token_history_counts SET n = 0 WHERE name = 'entries'").run();
      });
    },
    undoClear() {
      return storage.transaction(() => {
        const undo = storage.get<{ entries: number }>('SELECT undo_entries AS entries FROM token_history_cleared WHERE id = 1 AND undo_upto IS NOT NULL');
        if (!undo) return false;
        storage.statement('UPDATE token_history_cleared SET upto = undo_upto, undo_upto = NULL, undo_entries = 0 WHERE id = 1').run();
        setCount(undo.entries);
        return true;
      });
    },
    endUndo() {
      storage.transaction(() => storage.statement('UPDATE token_history_cleared SET undo_upto = NULL, undo_entries = 0 WHERE id = 1 AND undo_upto IS NOT NULL').run());
    },
    purge(limit) {
      // secure_delete: the cleared rows' bytes (sealed tokens, keyed hashes) are zeroed in their pages, not left in the
      // file's free space for whoever copies it with the data key.
      storage.statement('PRAGMA secure_delete = 1').run();
      try {
        return purgeSlice(limit);
      } finally {
        storage.statement('PRAGMA secure_delete = 0').run();
      }
    },
    indexStreams(limit) {
      // Relaxed: nothing here is acknowledged to anyone, and a catch-up lost with a power cut (its count with it, in the
      // same transaction) is done again at the next start. A synced commit held the event loop for the disk's fsync.
      return storage.relaxedTransaction(() => {
        const rows = storage.statement('SELECT seq, stream_hash FROM token_history WHERE seq > ? ORDER BY seq LIMIT ?').all(indexedUpto(), limit) as Array<{ seq: number; stream_hash: Uint8Array }>;
        if (rows.length === 0) return 0;
        // OR IGNORE: rows copied out of a damaged database may bring their lookup rows along.
        const add = storage.statement('INSERT OR IGNORE INTO token_history_streams (stream_hash, seq) VALUES (?, ?)');
        for (const row of rows) add.run(row.stream_hash, row.seq);
        storage.statement("UPDATE token_history_counts SET n = ? WHERE name = 'streams_indexed_upto'").run(rows.at(-1)!.seq);
        return rows.length;
      });
    },
  };
}
