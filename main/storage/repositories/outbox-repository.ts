import { z } from 'zod';
import { normalizeMac } from '../../../preload/contract/camera/mac';
import { outboxEntrySchema, outboxStates, type CameraCreateRequest, type OutboxEntry, type OutboxState } from '../../../preload/contract/onboarding';
import { AppFailure } from '../../shared/app-failure';
import { t } from '../../shared/i18n';
import type { SQLOutputValue, StatementSync } from 'node:sqlite';
import type { Storage } from '../database';
import type { Sealer } from '../sealer';
import { answerFromClear, clearAnswerOf } from './outbox-answer';
import { GroupFiller, RequestGroups, type Body, type OpenedGroups, type RequestRef } from './outbox-request-groups';

/** What the server said, sealed apart (it changes with every try; the request does not). */
const outcomeSchema = outboxEntrySchema.pick({ lastError: true, fieldErrors: true, response: true, recognisedByExternalId: true, recognisedCameraId: true });
type Outcome = z.infer<typeof outcomeSchema>;

interface Row {
  seq: number;
  id: string;
  profile_id: string;
  import_id: string | null;
  state: OutboxState;
  attempts: number;
  maybe_created: number;
  due_at: number | null;
  created_at: string;
  updated_at: string;
  cleared_at: string | null;
  /** A plain "created" answer in clear (see outbox-answer.ts), or null. */
  answer: string | null;
  outcome: Uint8Array | null;
  /** Where its request is sealed (see outbox-request-groups.ts). */
  request_seq: number | null;
  request_index: number | null;
}

export type CameraKeyKind = 'mac' | 'serial' | 'external-id';

/** A camera this console already has for a profile: which identifier matched and where its entry is. */
export interface KnownCamera {
  kind: CameraKeyKind;
  state: OutboxState;
  cleared: boolean;
}

export interface StateCounts {
  counts: Record<OutboxState, number>;
  /** The earliest retry time (ms) of a retrying entry, or null. */
  nextRetryAt: number | null;
}

/** The live entries with one identifier, through its index; a created one first. */
const KNOWN: Record<CameraKeyKind, string> = {
  mac: "SELECT state, cleared_at, id FROM outbox_entries WHERE profile_id = ? AND mac_hash = ? AND mac_hash IS NOT NULL AND discarded_at IS NULL ORDER BY state = 'created' DESC LIMIT 2",
  serial: "SELECT state, cleared_at, id FROM outbox_entries WHERE profile_id = ? AND serial_hash = ? AND serial_hash IS NOT NULL AND discarded_at IS NULL ORDER BY state = 'created' DESC LIMIT 2",
  'external-id': "SELECT state, cleared_at, id FROM outbox_entries WHERE profile_id = ? AND external_id_hash = ? AND discarded_at IS NULL ORDER BY state = 'created' DESC LIMIT 2",
};

/**
 * Bytes kept of each keyed hash (HMAC-SHA-256, truncated): 128 bits keep two cameras apart as surely as the whole 256
 * (a chance collision would need about 2^64 entries), and index entries half as long mean each commit of an import
 * rewrites fewer index pages (schema step 12 cut the hashes saved before).
 */
const KEY_HASH_BYTES = 16;

/** An entry's columns: its request is in `outbox_requests` (schema step 13), read when this process has not seen it. */
const COLUMNS = 'seq, id, profile_id, import_id, state, attempts, maybe_created, due_at, created_at, updated_at, cleared_at, answer, outcome, request_seq, request_index';

/**
 * A row read as an array (in the order of COLUMNS), made an object of one shape here: node:sqlite builds each row
 * object as a dictionary, slower to make and to read than this literal.
 */
function rowOf(a: SQLOutputValue[]): Row {
  return {
    seq: a[0] as number,
    id: a[1] as string,
    profile_id: a[2] as string,
    import_id: a[3] as string | null,
    state: a[4] as OutboxState,
    attempts: a[5] as number,
    maybe_created: a[6] as number,
    due_at: a[7] as number | null,
    created_at: a[8] as string,
    updated_at: a[9] as string,
    cleared_at: a[10] as string | null,
    answer: a[11] as string | null,
    outcome: a[12] as Uint8Array | null,
    request_seq: a[13] as number | null,
    request_index: a[14] as number | null,
  };
}
const LIVE = 'discarded_at IS NULL';
/** States of an entry whose request is still to be sent (or is on the wire). */
/** No entries held by the caller: every due row is read. */
const NONE_HELD: ReadonlyMap<string, unknown> = new Map();
const TO_SEND: ReadonlySet<OutboxState> = new Set(['queued', 'sending', 'retrying']);

/** The identifiers of a request as the schema compares them: MAC in colon form, serial and external id trimmed. */
export function cameraKeysOf(request: CameraCreateRequest): Array<[CameraKeyKind, string]> {
  const keys: Array<[CameraKeyKind, string]> = [];
  const mac = request.mac ? (normalizeMac(request.mac) ?? request.mac.trim()).toLowerCase() : '';
  if (mac) keys.push(['mac', mac]);
  const serial = request.serial_number?.trim().toLowerCase();
  if (serial) keys.push(['serial', serial]);
  const external = request.external_id?.trim();
  if (external) keys.push(['external-id', external]);
  return keys;
}

/**
 * The outbox in the database. Every method that changes something is one transaction, committed before it returns;
 * a throw changes nothing. Entries are read back sealed and opened only when asked for (a send, a screen).
 */
export class OutboxRepository {
  /**
   * Requests of entries still to be sent that this process sealed or opened, by entry id: a send opens the row it
   * just queued without decrypting and checking it again (a request never changes but by `save(…, true)`, which
   * replaces it here too). An entry answered for good (created, refused, held) is let go: kept, a thousand-camera
   * import left a megabyte of requests to the old generation, and each major collection marked them all again.
   */
  readonly #bodies = new Map<string, Body>();
  /**
   * Keyed hashes made by checks of known cameras lately, by kind and value: an import hashes each row's MAC, serial
   * and external id when it is checked, and needs them again when it is queued (an HMAC costs more than its row's
   * lookup). Only checks keep theirs: a queueing without a check would only fill it.
   */
  readonly #checked = new Map<string, Buffer>();
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

  constructor(
    private readonly storage: Storage,
    private readonly sealer: Sealer,
  ) {
    this.#groups = new RequestGroups(storage, sealer);
  }

  /** Makes every relaxed commit of the outbox so far durable, off the event loop (see `Storage.sync`). */
  sync(): Promise<void> {
    return this.storage.sync();
  }

  #keyHash(kind: CameraKeyKind, value: string, keep = false): Buffer {
    if (!keep && this.#checked.size === 0) return this.sealer.hash(kind, value, KEY_HASH_BYTES);
    const key = `${kind}\0${value}`;
    let hash = this.#checked.get(key);
    if (!hash) {
      hash = this.sealer.hash(kind, value, KEY_HASH_BYTES);
      if (keep) {
        if (this.#checked.size >= 30_000) this.#checked.clear();
        this.#checked.set(key, hash);
      }
    }
    return hash;
  }

  /** The keyed hashes of an entry's external id (its entry id when it has none), MAC and serial. */
  #hashesOf(entry: OutboxEntry): [Buffer, Buffer | null, Buffer | null] {
    let external: Buffer | null = null;
    let mac: Buffer | null = null;
    let serial: Buffer | null = null;
    for (const [kind, value] of cameraKeysOf(entry.request)) {
      const hash = this.#keyHash(kind, value);
      if (kind === 'external-id') external = hash;
      else if (kind === 'mac') mac = hash;
      else serial = hash;
    }
    return [external ?? this.#keyHash('external-id', entry.id), mac, serial];
  }

  #committed(id: string, state: OutboxState, attempts: number): void {
    if (this.#states.size >= 20_000) this.#states.clear();
    this.#states.set(id, attempts * 8 + outboxStates.indexOf(state));
    if (!TO_SEND.has(state)) this.#bodies.delete(id);
  }

  #remember(id: string, body: Body): void {
    if (this.#bodies.size >= 20_000) this.#bodies.clear();
    this.#bodies.set(id, body);
  }

  #entry(row: Row, opened?: OpenedGroups): OutboxEntry {
    let body = this.#bodies.get(row.id);
    if (!body) {
      const found = row.request_seq === null ? null : this.#groups.bodyOf({ seq: row.request_seq, index: row.request_index }, row.id, opened);
      // Rows are written with their request in one transaction: one without is what a damaged file left.
      if (!found) throw new AppFailure('Internal', t('errors.vault.unreadable'), { details: `outbox entry ${row.id}: its request is missing` });
      body = found;
      if (TO_SEND.has(row.state)) this.#remember(row.id, body);
    }
    const outcome: Outcome = row.outcome
      ? this.sealer.openJson(row.outcome, `outbox-outcome:${row.id}`, outcomeSchema, 'an outbox answer')
      : { lastError: null, fieldErrors: {}, response: row.answer === null ? null : answerFromClear(row.answer, body.request, row.id), recognisedByExternalId: false, recognisedCameraId: null };
    return {
      id: row.id,
      profileId: row.profile_id,
      profileName: body.profileName,
      request: body.request,
      state: row.state,
      attempts: row.attempts,
      maybeCreated: row.maybe_created === 1,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      nextAttemptAt: row.state === 'retrying' && row.due_at !== null ? new Date(row.due_at).toISOString() : null,
      lastError: outcome.lastError,
      fieldErrors: outcome.fieldErrors,
      response: outcome.response,
      recognisedByExternalId: outcome.recognisedByExternalId,
      recognisedCameraId: outcome.recognisedCameraId ?? null,
      importId: row.import_id,
      clearedAt: row.cleared_at,
    };
  }

  /** Entries of rows read together: each group of requests among them is opened once. */
  #entries(rows: Row[]): OutboxEntry[] {
    const opened: OpenedGroups = new Map();
    return rows.map((row) => this.#entry(row, opened));
  }

  /** Rows of a read of COLUMNS. */
  #rows(sql: string, ...params: Array<string | number>): Row[] {
    return (this.#arrays(sql).all(...params) as unknown as SQLOutputValue[][]).map(rowOf);
  }

  #arrays(sql: string): StatementSync {
    const statement = this.storage.statement(sql);
    statement.setReturnArrays(true);
    return statement;
  }

  /** The outcome sealed, or null when there is none or it is kept in clear (`answer`, see outbox-answer.ts). */
  #outcomeBlob(entry: OutboxEntry, answer: string | null): Buffer | null {
    if (answer !== null) return null;
    if (entry.lastError === null && entry.response === null && !entry.recognisedByExternalId && Object.keys(entry.fieldErrors).length === 0) return null;
    const outcome: Outcome = {
      lastError: entry.lastError,
      fieldErrors: entry.fieldErrors,
      response: entry.response,
      recognisedByExternalId: entry.recognisedByExternalId,
      recognisedCameraId: entry.recognisedCameraId ?? null,
    };
    return this.sealer.sealJson(outcome, `outbox-outcome:${entry.id}`);
  }

  #dueAt(entry: OutboxEntry): number | null {
    if (entry.state === 'queued') return Date.parse(entry.updatedAt);
    if (entry.state === 'retrying') return entry.nextAttemptAt ? Date.parse(entry.nextAttemptAt) : Date.parse(entry.updatedAt);
    return null;
  }

  /**
   * Adds entries in one transaction. An entry whose external id this profile already has is not added (the unique
   * index decides, so concurrent submits cannot both pass): its index in `entries` is returned in `refused`. With
   * `skipKnown`, so is an entry whose MAC or serial this profile has (checked in the same transaction). Past
   * `deadline` (a time of `performance.now()`) it stops after the entry under way: `done` says how many it looked at.
   */
  insert(entries: OutboxEntry[], skipKnown = false, relaxed = false, deadline = Number.POSITIVE_INFINITY): { added: OutboxEntry[]; refused: number[]; done: number } {
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
        const index = done;
        if (skipKnown && this.known(entry.profileId, entry.request)) {
          refused.push(index);
          continue;
        }
        const answer = clearAnswerOf(entry);
        const { seq, index: place } = groups.place;
        const result = insert.run(
          entry.id, entry.profileId, ...this.#hashesOf(entry), entry.importId, entry.state, entry.attempts, entry.maybeCreated ? 1 : 0,
          this.#dueAt(entry), entry.createdAt, entry.updatedAt, entry.clearedAt, answer, this.#outcomeBlob(entry, answer), seq, place,
        );
        if (result.changes === 0) {
          refused.push(index);
          continue;
        }
        // Only entries that went in: a refused one leaves nothing of its request in the file.
        const plain = { profileName: entry.profileName, request: entry.request };
        groups.add([entry.id, plain]);
        this.#remember(entry.id, plain);
        added.push(entry);
      }
      groups.done();
    });
    if (!nested) for (const entry of added) this.#committed(entry.id, entry.state, entry.attempts);
    return { added, refused, done };
  }

  /** Which identifier of `request` this profile already has a live entry for (queued, sent or created), if any. */
  known(profileId: string, request: CameraCreateRequest, except?: string): KnownCamera | null {
    for (const [kind, value] of cameraKeysOf(request)) {
      const rows = this.storage.statement(KNOWN[kind]).all(profileId, this.#keyHash(kind, value, true)) as Array<{ state: OutboxState; cleared_at: string | null; id: string }>;
      const row = rows.find((one) => one.id !== except);
      if (row) return { kind, state: row.state, cleared: row.cleared_at !== null };
    }
    return null;
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
      const row = this.#arrays(`SELECT ${COLUMNS} FROM outbox_entries WHERE id = ? AND ${LIVE}`).get(id) as unknown as SQLOutputValue[] | undefined;
      return row ? this.#entry(rowOf(row)) : null;
    });
  }

  /**
   * Marks up to `limit` entries due at `now` as on the wire (attempts + 1), oldest first, in one transaction that also
   * writes `outcomes`: once it returns, a restart reads them as "maybe sent" and lets their external id decide.
   */
  dispatch(limit: number, now: number, outcomes: OutboxEntry[], probe: boolean, relaxed = false): OutboxEntry[] {
    return this.#dispatch(limit, now, outcomes, probe, relaxed, NONE_HELD) as OutboxEntry[];
  }

  /**
   * `dispatch` (relaxed) for a runner that holds entries it queued and has not sent, by id (`held`): a due row it holds,
   * still queued and never tried, comes back as its id alone, for the runner to mark its own entry as on the wire,
   * instead of being read with its sealed columns and opened again; any other due row comes back read, as `dispatch`
   * answers it. Oldest first.
   */
  dispatchHeld(limit: number, now: number, outcomes: OutboxEntry[], probe: boolean, held: ReadonlyMap<string, unknown>): Array<OutboxEntry | string> {
    return this.#dispatch(limit, now, outcomes, probe, true, held);
  }

  #dispatch(limit: number, now: number, outcomes: OutboxEntry[], probe: boolean, relaxed: boolean, held: ReadonlyMap<string, unknown>): Array<OutboxEntry | string> {
    if (limit <= 0 && outcomes.length === 0) return [];
    const nested = this.storage.inTransaction;
    let written: OutboxEntry[] = [];
    let marked: Array<[id: string, attempts: number]> = [];
    const sent = (relaxed ? this.storage.relaxedTransaction.bind(this.storage) : this.storage.transaction.bind(this.storage))(() => {
      written = this.#writeOutcomes(outcomes);
      if (limit <= 0) return [];
      // The narrow columns first: a row the caller holds is not read with its sealed columns.
      const due = this.#arrays(`SELECT seq, id, state, attempts FROM outbox_entries INDEXED BY outbox_due WHERE state IN ('queued', 'retrying') AND ${LIVE} AND due_at <= ? ORDER BY due_at, seq LIMIT ?`).all(
        probe ? Number.MAX_SAFE_INTEGER : now,
        limit,
      ) as unknown as Array<[seq: number, id: string, state: OutboxState, attempts: number]>;
      if (due.length === 0) return [];
      const read = this.#arrays(`SELECT ${COLUMNS} FROM outbox_entries WHERE seq = ?`);
      const rows = due.map(([seq, id, state, attempts]) => (state === 'queued' && attempts === 0 && held.has(id) ? id : rowOf(read.get(seq) as unknown as SQLOutputValue[])));
      const at = new Date(now).toISOString();
      // One statement for the whole group (the rows by their seq, handed over as one JSON array).
      this.storage
        .statement("UPDATE outbox_entries SET state = 'sending', attempts = attempts + 1, due_at = NULL, updated_at = ? WHERE seq IN (SELECT value FROM json_each(?))")
        .run(at, JSON.stringify(due.map(([seq]) => seq)));
      marked = due.map(([, id, , attempts]) => [id, attempts + 1]);
      // Requests are opened only for rows whose request this process has not seen (after a restart), a group once.
      const opened: OpenedGroups = new Map();
      return rows.map((row) => {
        if (typeof row === 'string') return row;
        // The rows read are this call's own objects: changed in place to what the update made them.
        row.state = 'sending';
        row.attempts += 1;
        row.due_at = null;
        row.updated_at = at;
        return this.#entry(row, opened);
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
    const update = this.#arrays(
      'UPDATE outbox_entries SET state = ?, attempts = ?, maybe_created = ?, due_at = ?, updated_at = ?, cleared_at = ?, answer = ?, outcome = ? WHERE id = ? RETURNING discarded_at IS NULL',
    );
    const written: OutboxEntry[] = [];
    for (const entry of entries) {
      const answer = clearAnswerOf(entry);
      const live = update.get(entry.state, entry.attempts, entry.maybeCreated ? 1 : 0, this.#dueAt(entry), entry.updatedAt, entry.clearedAt, answer, this.#outcomeBlob(entry, answer), entry.id) as unknown as [number] | undefined;
      if (live?.[0] === 1) written.push(entry);
    }
    return written;
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
        this.#bodies.delete(entry.id);
        const ref = where.get(entry.id) as RequestRef | undefined;
        if (ref) old.push(ref);
        const { seq, index } = groups.place;
        const changed = change.run(...this.#hashesOf(entry), seq, index, entry.id);
        if (changed.changes > 0) groups.add([entry.id, { profileName: entry.profileName, request: entry.request }]);
      }
      groups.done();
      this.#groups.forget(old);
    });
    if (nested) this.#states.clear();
    else for (const entry of written) this.#committed(entry.id, entry.state, entry.attempts);
  }

  /** Entries found mid-send at start (the process ended while they were on the wire): retried, perhaps created. */
  recover(now: number): number {
    this.#states.clear();
    return this.storage.transaction(
      () => Number(this.storage.statement("UPDATE outbox_entries SET state = 'retrying', maybe_created = 1, due_at = ?, updated_at = ? WHERE state = 'sending'").run(now, new Date(now).toISOString()).changes),
    );
  }

  /** Every waiting (retrying or held) entry is queued again, due now. */
  retryAll(now: number): number {
    this.#states.clear();
    return this.storage.transaction(
      () => Number(this.storage.statement(`UPDATE outbox_entries SET state = 'queued', due_at = ?, updated_at = ? WHERE state IN ('retrying', 'held') AND ${LIVE}`).run(now, new Date(now).toISOString()).changes),
    );
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

  /** When the next waiting entry is due (ms), or null when none waits. */
  nextDueAt(): number | null {
    const row = this.storage.statement(`SELECT due_at AS at FROM outbox_entries INDEXED BY outbox_due WHERE state IN ('queued', 'retrying') AND ${LIVE} ORDER BY due_at, seq LIMIT 1`).get() as { at: number | null } | undefined;
    return row?.at ?? null;
  }

  /** Every live entry, oldest first (moving the outbox to another store; tests). */
  all(): OutboxEntry[] {
    return this.storage.read(() => this.#entries(this.#rows(`SELECT ${COLUMNS} FROM outbox_entries WHERE ${LIVE} ORDER BY seq`)));
  }

  /** Retrying entries become due now (the server answered again). */
  wake(now: number): number {
    return this.storage.transaction(() => Number(this.storage.statement(`UPDATE outbox_entries INDEXED BY outbox_retry SET due_at = ? WHERE state = 'retrying' AND ${LIVE} AND due_at > ?`).run(now, now).changes));
  }

  counts(): StateCounts {
    const counts: Record<OutboxState, number> = { queued: 0, sending: 0, retrying: 0, 'needs-fixing': 0, held: 0, created: 0 };
    // Cleared rows are off the outbox's list, so off its counts too (they stay in the created list and stay known).
    const rows = this.storage.read(() => this.storage.statement(`SELECT state, count(*) AS n FROM outbox_entries WHERE ${LIVE} AND cleared_at IS NULL GROUP BY state`).all()) as Array<{ state: OutboxState; n: number }>;
    for (const row of rows) counts[row.state] = row.n;
    const next = this.storage.statement(`SELECT min(due_at) AS at FROM outbox_entries INDEXED BY outbox_retry WHERE state = 'retrying' AND ${LIVE}`).get() as { at: number | null };
    return { counts, nextRetryAt: next.at };
  }

  importCounts(importId: string): Record<OutboxState, number> {
    const counts: Record<OutboxState, number> = { queued: 0, sending: 0, retrying: 0, 'needs-fixing': 0, held: 0, created: 0 };
    const rows = this.storage.statement(`SELECT state, count(*) AS n FROM outbox_entries WHERE import_id = ? AND ${LIVE} GROUP BY state`).all(importId) as Array<{ state: OutboxState; n: number }>;
    for (const row of rows) counts[row.state] = row.n;
    return counts;
  }

  /** Entries not cleared, newest first, at most `limit`, and how many there are in all. */
  visible(limit: number): { entries: OutboxEntry[]; total: number } {
    // Through `read`: a damaged page is told as a sentence, and the next start checks the file and salvages it.
    return this.storage.read(() => {
      const rows = this.#rows(`SELECT ${COLUMNS} FROM outbox_entries WHERE cleared_at IS NULL AND ${LIVE} ORDER BY seq DESC LIMIT ?`, limit);
      const total = (this.storage.statement(`SELECT count(*) AS n FROM outbox_entries WHERE cleared_at IS NULL AND ${LIVE}`).get() as { n: number }).n;
      return { entries: this.#entries(rows), total };
    });
  }

  /** Created entries changed at or after `since` (cleared ones too: the list of created cameras keeps them). */
  createdSince(since: string): OutboxEntry[] {
    return this.storage.read(() => this.#entries(this.#rows(`SELECT ${COLUMNS} FROM outbox_entries INDEXED BY outbox_created WHERE state = 'created' AND updated_at >= ? AND ${LIVE}`, since)));
  }

  /** Ids of an import's entries that certainly have not reached the server. */
  unsentOfImport(importId: string): string[] {
    const rows = this.storage
      .statement(`SELECT id FROM outbox_entries WHERE import_id = ? AND ${LIVE} AND (state = 'queued' OR (state = 'retrying' AND maybe_created = 0))`)
      .all(importId) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }

  /** States of these entries (live ones), for checks before a change. */
  states(ids: string[]): Map<string, OutboxState> {
    const one = this.storage.statement(`SELECT state FROM outbox_entries WHERE id = ? AND ${LIVE}`);
    const out = new Map<string, OutboxState>();
    for (const id of ids) {
      const row = one.get(id) as { state: OutboxState } | undefined;
      if (row) out.set(id, row.state);
    }
    return out;
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

  /** Brings back the entries of one discard; refused (nothing changes) when their external ids were queued again meanwhile. */
  undoDiscard(mark: string): number {
    this.#states.clear();
    return this.storage.transaction(() => Number(this.storage.statement('UPDATE outbox_entries SET discarded_at = NULL WHERE discarded_at = ?').run(mark).changes));
  }

  clearCreated(at: string): number {
    return this.storage.transaction(() => Number(this.storage.statement(`UPDATE outbox_entries SET cleared_at = ? WHERE state = 'created' AND cleared_at IS NULL AND ${LIVE}`).run(at).changes));
  }

  undoClear(at: string): number {
    return this.storage.transaction(() => Number(this.storage.statement('UPDATE outbox_entries INDEXED BY outbox_cleared SET cleared_at = NULL WHERE cleared_at = ?').run(at).changes));
  }
}
