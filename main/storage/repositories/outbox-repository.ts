import { outboxStates, type CameraCreateRequest, type OutboxEntry, type OutboxState } from '../../../preload/contract/onboarding';
import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import { AppFailure } from '../../shared/app-failure';
import { said } from '../../shared/i18n';
import type { Storage } from '../database';
import type { Sealer } from '../sealer';
import { clearAnswerOf } from './outbox-answer';
import { CameraKeys, type KnownCamera } from './outbox-camera-keys';
import { EntryReader, outcomeBlobOf } from './outbox-entries';
import { OutboxReads } from './outbox-reads';
import { GroupFiller, RequestGroups, type OpenedGroups, type RequestRef } from './outbox-request-groups';
import { arraysOf, COLUMNS, dueAtOf, LIVE, rowOf, TO_SEND, type Row } from './outbox-rows';

export type { CameraKeyKind } from './outbox-camera-keys';
export type { StateCounts } from './outbox-reads';

/** A plain "created" answer as `#writePlainAnswers` hands it over (see outbox-answer.ts for `answer`). */
type PlainAnswer = [id: string, attempts: number, maybeCreated: number, updatedAt: string, clearedAt: string | null, answer: string];

/** No entries held by the caller: every due row is read. */
const NONE_HELD: ReadonlyMap<string, unknown> = new Map();

/**
 * The outbox in the database. Every method that changes something is one transaction, committed before it returns;
 * a throw changes nothing. Entries are read back sealed and opened only when asked for (a send, a screen); the reads
 * of the screens are in outbox-reads.ts.
 */
export class OutboxRepository extends OutboxReads {
  /**
   * Committed state and tries of entries this repository wrote or read lately, by id: the outbox asks `stateOf` for
   * each entry it just queued or sent, and a read of the database per call cost more than the change that wrote it.
   * Filled only after a top-level commit (a write nested in another transaction may still be rolled back), and
   * emptied by every change that is not made entry by entry (recover, retry all, undispatch, discard and its undo).
   * This repository is the only writer of the outbox's rows; another one on the same database (the legacy import)
   * only adds rows, which this one then reads. Kept as one small integer each (tries × 8 + the state's place in
   * outboxStates): no object per change for the young generation to copy into the old one, where the map lives.
   */
  readonly #states = new Map<string, number>();

  readonly #groups: RequestGroups;
  readonly #keys: CameraKeys;

  constructor(
    storage: Storage,
    private readonly sealer: Sealer,
  ) {
    const groups = new RequestGroups(storage, sealer);
    super(storage, new EntryReader(storage, sealer, groups));
    this.#groups = groups;
    this.#keys = new CameraKeys(storage, sealer);
  }

  /** Makes every relaxed commit of the outbox so far durable, off the event loop (see `Storage.sync`). */
  sync(): Promise<void> {
    return this.storage.sync();
  }

  #committed(id: string, state: OutboxState, attempts: number): void {
    if (this.#states.size >= 20_000) this.#states.clear();
    this.#states.set(id, attempts * 8 + outboxStates.indexOf(state));
    if (!TO_SEND.has(state)) this.reader.letGo(id);
  }

  /**
   * Adds entries in one transaction. An entry whose external id this profile already has is not added (the unique
   * index decides, so concurrent submits cannot both pass): its index in `entries` is returned in `refused`. With
   * `skipKnown`, so is an entry whose MAC or serial this profile has (checked in the same transaction); with
   * `'pending'`, only one whose MAC or serial is in an entry not created (a camera created before may be created
   * again, one still in the outbox is not queued twice). Past
   * `deadline` (a time of `performance.now()`) it stops after the entry under way: `done` says how many it looked at.
   */
  insert(entries: readonly OutboxEntry[], skipKnown: boolean | 'pending' = false, relaxed = false, deadline = Number.POSITIVE_INFINITY): { added: OutboxEntry[]; refused: number[]; done: number } {
    const insert = this.storage.statement(
      `INSERT INTO outbox_entries (id, profile_id, external_id_hash, mac_hash, serial_hash, import_id, state, attempts, maybe_created, due_at, created_at, updated_at, cleared_at, answer, outcome, request_seq, request_index)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    );
    const added: OutboxEntry[] = [];
    const refused: number[] = [];
    let done = 0;
    const nested = this.storage.inTransaction;
    (relaxed ? this.storage.relaxedTransaction.bind(this.storage) : this.storage.transaction.bind(this.storage))(() => {
      // The requests of the entries added are sealed together, a few to a row (see outbox-request-groups.ts).
      const groups = new GroupFiller(this.#groups);
      // The first entry always goes in: a slice makes progress however late it started.
      for (; done < entries.length && !(done > 0 && performance.now() > deadline); done++) {
        const entry = entries[done]!;
        if (skipKnown && this.#keys.known(entry.profileId, entry.request, skipKnown === 'pending')) {
          refused.push(done);
          continue;
        }
        const answer = clearAnswerOf(entry);
        const { seq, index: place } = groups.place;
        const result = insert.run(
          entry.id, entry.profileId, ...this.#keys.hashesOf(entry), entry.importId, entry.state, entry.attempts, entry.maybeCreated ? 1 : 0,
          dueAtOf(entry), entry.createdAt, entry.updatedAt, entry.clearedAt, answer, outcomeBlobOf(this.sealer, entry, answer), seq, place,
        );
        if (result.changes === 0) {
          refused.push(done);
          continue;
        }
        // Only entries that went in: a refused one leaves nothing of its request in the file.
        const plain = { profileName: entry.profileName, request: entry.request };
        groups.add([entry.id, plain]);
        this.reader.remember(entry.id, plain);
        added.push(entry);
      }
      groups.done();
    });
    if (!nested) for (const entry of added) this.#committed(entry.id, entry.state, entry.attempts);
    return { added, refused, done };
  }

  /**
   * Which identifier of `request` this profile already has a live entry for (queued, sent or created), if any; with
   * `pendingOnly`, one not created yet; with `except`, an entry other than that one.
   */
  known(profileId: string, request: CameraCreateRequest, pendingOnly = false, except?: string): KnownCamera | null {
    return this.#keys.known(profileId, request, pendingOnly, except);
  }

  /** An entry's state and tries, without opening it. */
  stateOf(id: string): { state: OutboxState; attempts: number } | null {
    const known = this.#states.get(id);
    if (known !== undefined) return { state: outboxStates[known % 8]!, attempts: Math.floor(known / 8) };
    const row = this.storage.statement(`SELECT state, attempts FROM outbox_entries WHERE id = ? AND ${LIVE}`).get(id) as { state: OutboxState; attempts: number } | undefined;
    if (!row) return null;
    if (!this.storage.inTransaction) this.#committed(id, row.state, row.attempts);
    return { state: row.state, attempts: row.attempts };
  }

  get(id: string): OutboxEntry | null {
    return this.storage.read(() => {
      const row = arraysOf(this.storage, `SELECT ${COLUMNS} FROM outbox_entries WHERE id = ? AND ${LIVE}`).get(id) as unknown as SQLOutputValue[] | undefined;
      return row ? this.reader.entry(rowOf(row)) : null;
    });
  }

  /**
   * Marks up to `limit` entries due at `now` as on the wire (attempts + 1), oldest first, in one transaction that also
   * writes `outcomes`: once it returns, a restart reads them as "maybe sent" and lets their external id decide. A
   * runner that holds entries it queued and has not sent passes them by id (`held`, relaxed): a due row it holds, still
   * queued and never tried, comes back as its id alone, for the runner to mark its own entry as on the wire, instead of
   * being read with its sealed columns and opened again; any other due row comes back read.
   */
  dispatch(limit: number, now: number, outcomes: OutboxEntry[], probe: boolean, relaxed?: boolean): OutboxEntry[];
  dispatch(limit: number, now: number, outcomes: OutboxEntry[], probe: boolean, relaxed: true, held: ReadonlyMap<string, unknown>): Array<OutboxEntry | string>;
  dispatch(limit: number, now: number, outcomes: OutboxEntry[], probe: boolean, relaxed = false, held = NONE_HELD): Array<OutboxEntry | string> {
    if (limit <= 0 && outcomes.length === 0) return [];
    const nested = this.storage.inTransaction;
    let written: OutboxEntry[] = [];
    const marked: Array<[id: string, attempts: number]> = [];
    const sent = (relaxed ? this.storage.relaxedTransaction.bind(this.storage) : this.storage.transaction.bind(this.storage))(() => {
      written = this.#writeOutcomes(outcomes);
      if (limit <= 0) return [];
      // The narrow columns first: a row the caller holds is not read with its sealed columns.
      const due = arraysOf(this.storage, `SELECT seq, id, state, attempts FROM outbox_entries INDEXED BY outbox_due WHERE state IN ('queued', 'retrying') AND ${LIVE} AND due_at <= ? ORDER BY due_at, seq LIMIT ?`).all(
        probe ? Number.MAX_SAFE_INTEGER : now,
        limit,
      ) as unknown as Array<[seq: number, id: string, state: OutboxState, attempts: number]>;
      if (due.length === 0) return [];
      const read = arraysOf(this.storage, `SELECT ${COLUMNS} FROM outbox_entries WHERE seq = ?`);
      const at = new Date(now).toISOString();
      // Requests are opened only for rows whose request this process has not seen (after a restart), a group once.
      const opened: OpenedGroups = new Map();
      const going: Array<Row | string> = [];
      const seqs: number[] = [];
      const unreadable: OutboxEntry[] = [];
      for (const [seq, id, state, attempts] of due) {
        const row = state === 'queued' && attempts === 0 && held.has(id) ? id : rowOf(read.get(seq) as unknown as SQLOutputValue[]);
        if (typeof row !== 'string' && !this.reader.readable(row, opened)) {
          // A request that no longer reads never goes on the wire: the entry is held, with its sentence, as it is listed.
          row.updated_at = at;
          unreadable.push(this.reader.entry(row, opened));
          continue;
        }
        going.push(row);
        seqs.push(seq);
        marked.push([id, attempts + 1]);
      }
      written = written.concat(this.#writeOutcomes(unreadable));
      // One statement for the whole group (the rows by their seq, handed over as one JSON array).
      this.storage
        .statement("UPDATE outbox_entries SET state = 'sending', attempts = attempts + 1, due_at = NULL, updated_at = ? WHERE seq IN (SELECT value FROM json_each(?))")
        .run(at, JSON.stringify(seqs));
      return going.map((row) => {
        if (typeof row === 'string') return row;
        // The rows read are this call's own objects: changed in place to what the update made them.
        row.state = 'sending';
        row.attempts += 1;
        row.due_at = null;
        row.updated_at = at;
        return this.reader.entry(row, opened);
      });
    });
    if (nested) this.#states.clear();
    else {
      for (const entry of written) this.#committed(entry.id, entry.state, entry.attempts);
      for (const [id, attempts] of marked) this.#committed(id, 'sending', attempts);
    }
    return sent;
  }

  /**
   * Writes each entry's state and outcome; answers those whose row was there to change and is live. A discarded row is
   * written too (an undo brings it back as its answer left it), but its state is not one `stateOf` may answer.
   */
  #writeOutcomes(entries: OutboxEntry[]): OutboxEntry[] {
    const update = arraysOf(
      this.storage,
      'UPDATE outbox_entries SET state = ?, attempts = ?, maybe_created = ?, due_at = ?, updated_at = ?, cleared_at = ?, answer = ?, outcome = ? WHERE id = ? RETURNING discarded_at IS NULL',
    );
    const live = new Set<string>();
    // Plain "created" answers (the most of an import's) go in one statement, the rest one by one; all one by one, in
    // order, when an entry is given twice (one statement would keep either of its answers).
    const together = entries.length > 1 && new Set(entries.map((entry) => entry.id)).size === entries.length;
    const plain: PlainAnswer[] = [];
    for (const entry of entries) {
      const answer = clearAnswerOf(entry);
      if (together && answer !== null && entry.state === 'created') {
        plain.push([entry.id, entry.attempts, entry.maybeCreated ? 1 : 0, entry.updatedAt, entry.clearedAt, answer]);
        continue;
      }
      const row = update.get(entry.state, entry.attempts, entry.maybeCreated ? 1 : 0, dueAtOf(entry), entry.updatedAt, entry.clearedAt, answer, outcomeBlobOf(this.sealer, entry, answer), entry.id) as unknown as [number] | undefined;
      if (row?.[0] === 1) live.add(entry.id);
      else live.delete(entry.id);
    }
    if (plain.length > 0) for (const [id, isLive] of this.#writePlainAnswers(plain)) if (isLive === 1) live.add(id);
    return entries.filter((entry) => live.has(entry.id));
  }

  /**
   * Plain "created" answers written by one statement, the rows by their ids from one JSON array (a statement per
   * answer cost its parameters and its returned row each): the same columns `#writeOutcomes` writes one by one (no
   * due time, no sealed outcome). Answers each changed row's id and whether it is live.
   */
  #writePlainAnswers(answers: PlainAnswer[]): Array<[id: string, live: number]> {
    return arraysOf(
      this.storage,
      `UPDATE outbox_entries SET state = 'created', attempts = j.value ->> 1, maybe_created = j.value ->> 2, due_at = NULL, updated_at = j.value ->> 3,
         cleared_at = j.value ->> 4, answer = j.value ->> 5, outcome = NULL
       FROM json_each(?) AS j WHERE outbox_entries.id = j.value ->> 0 RETURNING outbox_entries.id, outbox_entries.discarded_at IS NULL`,
    ).all(JSON.stringify(answers)) as unknown as Array<[string, number]>;
  }

  /** Writes what changed in these entries (state, outcome, and the request when `withRequest`), in one transaction. */
  save(entries: OutboxEntry[], withRequest = false): void {
    if (entries.length === 0) return;
    const nested = this.storage.inTransaction;
    let written: OutboxEntry[] = [];
    this.storage.transaction(() => {
      written = this.#writeOutcomes(entries);
      if (!withRequest) return;
      // The new requests in a group of their own; the old ones forgotten (not left sealed beside the new).
      const where = this.storage.statement('SELECT request_seq AS seq, request_index AS "index" FROM outbox_entries WHERE id = ? AND request_seq IS NOT NULL');
      const change = this.storage.statement('UPDATE outbox_entries SET external_id_hash = ?, mac_hash = ?, serial_hash = ?, request_seq = ?, request_index = ? WHERE id = ?');
      const groups = new GroupFiller(this.#groups);
      const old: RequestRef[] = [];
      for (const entry of entries) {
        this.reader.letGo(entry.id);
        const ref = where.get(entry.id) as RequestRef | undefined;
        if (ref) old.push(ref);
        const { seq, index } = groups.place;
        const changed = change.run(...this.#keys.hashesOf(entry), seq, index, entry.id);
        if (changed.changes > 0) groups.add([entry.id, { profileName: entry.profileName, request: entry.request }]);
      }
      groups.done();
      this.#groups.forget(old);
    });
    if (nested) this.#states.clear();
    else for (const entry of written) this.#committed(entry.id, entry.state, entry.attempts);
  }

  /** One statement that changes many rows, as one transaction; answers how many rows it changed. */
  #change(sql: string, ...params: SQLInputValue[]): number {
    return this.storage.transaction(() => Number(this.storage.statement(sql).run(...params).changes));
  }

  // Changes of many entries at once: they change rows by state or by mark, not entry by entry, so those that change
  // states forget the states remembered first.

  /** Entries found mid-send at start (the process ended while they were on the wire): retried, perhaps created. */
  recover(now: number): number {
    this.#states.clear();
    return this.#change("UPDATE outbox_entries SET state = 'retrying', maybe_created = 1, due_at = ?, updated_at = ? WHERE state = 'sending'", now, new Date(now).toISOString());
  }

  /**
   * Entries not created yet are marked as perhaps created: another outbox (session-only mode) took them over and may
   * create them without this database hearing of it.
   */
  handedOver(): number {
    this.#states.clear();
    return this.#change(`UPDATE outbox_entries SET maybe_created = 1 WHERE state <> 'created' AND maybe_created = 0 AND ${LIVE}`);
  }

  /** Every waiting (retrying or held) entry is queued again, due now; with `profileId`, those of that server only. */
  retryAll(now: number, profileId?: string): number {
    this.#states.clear();
    const sql = `UPDATE outbox_entries SET state = 'queued', due_at = ?, updated_at = ? WHERE state IN ('retrying', 'held') AND ${LIVE}`;
    if (profileId === undefined) return this.#change(sql, now, new Date(now).toISOString());
    return this.#change(`${sql} AND profile_id = ?`, now, new Date(now).toISOString(), profileId);
  }

  /** Entries marked as on the wire that never left (the outbox stopped first): waiting again, as they were. */
  undispatch(ids: string[]): void {
    if (ids.length === 0) return;
    this.#states.clear();
    this.storage.transaction(() => {
      const one = this.storage.statement(
        "UPDATE outbox_entries SET state = CASE WHEN attempts > 1 OR maybe_created = 1 THEN 'retrying' ELSE 'queued' END, attempts = attempts - 1, due_at = ? WHERE id = ? AND state = 'sending'",
      );
      for (const id of ids) one.run(Date.now(), id);
    });
  }

  /** The clock was set back by `back` ms: waiting entries due after `now` are due that much earlier (none before `now`). */
  clockSetBack(now: number, back: number): number {
    return this.#change(`UPDATE outbox_entries INDEXED BY outbox_due SET due_at = max(?, due_at - ?) WHERE state IN ('queued', 'retrying') AND ${LIVE} AND due_at > ?`, now, back, now);
  }

  /** Waiting entries due after `latest` (only a clock that ran ahead wrote such a time) are due at `now`. */
  dueBy(latest: number, now: number): number {
    return this.#change(`UPDATE outbox_entries INDEXED BY outbox_due SET due_at = ? WHERE state IN ('queued', 'retrying') AND ${LIVE} AND due_at > ?`, now, latest);
  }

  /** Retrying entries become due now (the server answered again). */
  wake(now: number): number {
    return this.#change(`UPDATE outbox_entries INDEXED BY outbox_retry SET due_at = ? WHERE state = 'retrying' AND ${LIVE} AND due_at > ?`, now, now);
  }

  /**
   * Takes entries out of the outbox under `mark` (kept until the next discard, so it can be undone). Entries discarded
   * before are forgotten now.
   */
  discard(ids: string[], mark: string): void {
    this.#states.clear();
    this.storage.transaction(() => {
      // Forgotten with their requests (see outbox-request-groups.ts).
      const gone = this.storage.statement('SELECT request_seq AS seq, request_index AS "index" FROM outbox_entries WHERE discarded_at IS NOT NULL AND request_seq IS NOT NULL').all() as unknown as RequestRef[];
      this.storage.statement('DELETE FROM outbox_entries WHERE discarded_at IS NOT NULL').run();
      this.#groups.forget(gone);
      const one = this.storage.statement(`UPDATE outbox_entries SET discarded_at = ? WHERE id = ? AND ${LIVE}`);
      for (const id of ids) one.run(mark, id);
    });
  }

  /**
   * Brings back the entries of one discard; refused (nothing changes) when their external ids (the unique index), MACs
   * or serials (Conflict) were queued again meanwhile: both entries would be sent, two cameras for one.
   */
  undoDiscard(mark: string): number {
    this.#states.clear();
    return this.storage.transaction(() => {
      if (this.#keys.takenSince(mark)) throw new AppFailure('Conflict', said('onboarding.errors.undoTaken'));
      return Number(this.storage.statement('UPDATE outbox_entries SET discarded_at = NULL WHERE discarded_at = ?').run(mark).changes);
    });
  }

  clearCreated(at: string): number {
    return this.#change(`UPDATE outbox_entries SET cleared_at = ? WHERE state = 'created' AND cleared_at IS NULL AND ${LIVE}`, at);
  }

  undoClear(at: string): number {
    return this.#change('UPDATE outbox_entries INDEXED BY outbox_cleared SET cleared_at = NULL WHERE cleared_at = ?', at);
  }
}
