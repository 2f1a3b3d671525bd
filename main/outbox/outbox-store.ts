import { createSecretKey, type KeyObject } from 'node:crypto';
import { mkdir, open, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { z } from 'zod';
import { outboxEntrySchema, type OutboxEntry } from '../../preload/contract/onboarding';
import { cameraCreateRequestSchema } from '../../preload/contract/wire/platform';
import { cameraRequestJson } from '../platform/client';
import { queuedEntry } from './outbox-state';
import { decryptJson, encryptedParts } from '../secrets/crypto';
import { readFileIfExists, syncDirectory, writeFileAtomic } from '../shared/atomic-file';
import { log } from '../shared/log';

/**
 * Where outbox entries live between restarts. Every change of an entry is one record (`put` the entry as it now is,
 * or `remove` it); reading replays them. An entry is acknowledged (queued) only after its record is synced, and goes
 * on the wire only after a synced `dispatch` record says it may (many entries are dispatched by one record).
 */
export interface OutboxStore {
  /** Every entry, in the order they were first written. Throws AppFailure('Internal') when the file cannot be read. */
  load(): Promise<OutboxEntry[]>;
  /** Writes the records durably; concurrent calls share one write and one fsync. */
  put(entries: OutboxEntry[]): Promise<void>;
  /**
   * Writes what a send changed in entries whose request is the one their last `put` holds: everything but the
   * request and the fields fixed when the entry was queued. The request, with its ONVIF password, is encrypted and
   * written once per entry, not once per answer.
   */
  update(entries: OutboxEntry[]): Promise<void>;
  remove(ids: string[]): Promise<void>;
  /**
   * Writes durably that these entries may be on the wire from now on. Until a later `put` of the entry, a reload
   * returns it as `sending` (perhaps created: a retry then lets the external id decide).
   */
  dispatch(ids: string[]): Promise<void>;
  /** Rewrites the file as one snapshot of these entries (compaction). */
  compact(entries: OutboxEntry[]): Promise<void>;
  /** Waits for the writes under way and lets go of the file. */
  close(): Promise<void>;
}

/**
 * The fields of an entry an `update` record holds: what a send changed. Fields at the value a queued entry has are
 * left out (a created entry's record is its id, state, attempts, time and answer), and reading puts that value back.
 */
const entryChangeSchema = outboxEntrySchema
  .pick({ id: true, state: true, attempts: true, updatedAt: true })
  .extend(outboxEntrySchema.pick({ maybeCreated: true, nextAttemptAt: true, lastError: true, fieldErrors: true, response: true, recognisedByExternalId: true, clearedAt: true }).partial().shape);
type EntryChange = z.infer<typeof entryChangeSchema>;

/** What an `update` record's change leaves out stands for these values. */
const UNCHANGED = { maybeCreated: false, nextAttemptAt: null, lastError: null, fieldErrors: {}, response: null, recognisedByExternalId: false, clearedAt: null } as const;

function hasKeys(record: Record<string, unknown>): boolean {
  for (const _ in record) return true;
  return false;
}

function changeOf(entry: OutboxEntry): EntryChange {
  const change: EntryChange = { id: entry.id, state: entry.state, attempts: entry.attempts, updatedAt: entry.updatedAt };
  if (entry.maybeCreated) change.maybeCreated = true;
  if (entry.nextAttemptAt !== null) change.nextAttemptAt = entry.nextAttemptAt;
  if (entry.lastError !== null) change.lastError = entry.lastError;
  if (hasKeys(entry.fieldErrors)) change.fieldErrors = entry.fieldErrors;
  if (entry.response !== null) change.response = entry.response;
  if (entry.recognisedByExternalId) change.recognisedByExternalId = true;
  if (entry.clearedAt !== null) change.clearedAt = entry.clearedAt;
  return change;
}

/**
 * A `put` of entries just queued together (one batch: same profile, import and time, nothing sent yet) in its short
 * form: what they share once, then their ids and requests. Each request is written as the JSON text made when it was
 * checked, the very text that is later sent: it is not serialised a second time.
 */
const queuedSchema = z
  .object({
    type: z.literal('queued'),
    at: z.iso.datetime(),
    profileId: z.string(),
    profileName: z.string(),
    importId: z.string().nullable(),
    ids: z.array(z.string().min(1)),
    requests: z.array(cameraCreateRequestSchema),
  })
  .refine((record) => record.ids.length === record.requests.length, { message: 'as many ids as requests' });

const recordSchema = z.union([
  queuedSchema,
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('put'), entries: z.array(outboxEntrySchema) }),
    z.object({ type: z.literal('update'), changes: z.array(entryChangeSchema) }),
    z.object({ type: z.literal('remove'), ids: z.array(z.string()) }),
    z.object({ type: z.literal('dispatch'), ids: z.array(z.string()) }),
  ]),
]);
type OutboxRecord = z.infer<typeof recordSchema>;

/** True when every entry is as `queuedEntry` made it, all in the same batch as the first. */
function isOneQueuedBatch(entries: OutboxEntry[]): boolean {
  const first = entries[0]!;
  for (const entry of entries) {
    if (
      entry.state !== 'queued' ||
      entry.attempts !== 0 ||
      entry.maybeCreated ||
      entry.createdAt !== first.createdAt ||
      entry.updatedAt !== first.createdAt ||
      entry.nextAttemptAt !== null ||
      entry.lastError !== null ||
      entry.response !== null ||
      entry.recognisedByExternalId ||
      entry.clearedAt !== null ||
      entry.profileId !== first.profileId ||
      entry.profileName !== first.profileName ||
      entry.importId !== first.importId ||
      hasKeys(entry.fieldErrors)
    ) {
      return false;
    }
  }
  return true;
}

/** A record as JSON text: a put of one queued batch in its short form, with each request's JSON as it was made. */
function recordJson(record: OutboxRecord): string {
  if (record.type !== 'put' || record.entries.length === 0 || !isOneQueuedBatch(record.entries)) return JSON.stringify(record);
  const { createdAt: at, profileId, profileName, importId } = record.entries[0]!;
  const head = JSON.stringify({ type: 'queued', at, profileId, profileName, importId, ids: record.entries.map((entry) => entry.id) });
  return `${head.slice(0, -1)},"requests":[${record.entries.map((entry) => cameraRequestJson(entry.request)).join(',')}]}`;
}

const LENGTH_BYTES = 4;

function replay(records: OutboxRecord[]): OutboxEntry[] {
  const entries = new Map<string, OutboxEntry>();
  /** Dispatched and not written since: the request may have left before the process ended. */
  const dispatched = new Set<string>();
  for (const record of records) {
    if (record.type === 'queued') {
      const meta = { profileId: record.profileId, profileName: record.profileName, importId: record.importId };
      for (let i = 0; i < record.ids.length; i++) {
        entries.set(record.ids[i]!, queuedEntry(record.ids[i]!, record.requests[i]!, meta, record.at));
        dispatched.delete(record.ids[i]!);
      }
    } else if (record.type === 'put') {
      for (const entry of record.entries) {
        entries.set(entry.id, entry);
        dispatched.delete(entry.id);
      }
    } else if (record.type === 'update') {
      for (const change of record.changes) {
        const entry = entries.get(change.id);
        // An entry removed since is not brought back by a late answer.
        if (!entry) continue;
        entries.set(change.id, { ...entry, ...UNCHANGED, ...change });
        dispatched.delete(change.id);
      }
    } else if (record.type === 'dispatch') {
      for (const id of record.ids) dispatched.add(id);
    } else {
      for (const id of record.ids) {
        entries.delete(id);
        dispatched.delete(id);
      }
    }
  }
  return [...entries.values()].map((entry) =>
    dispatched.has(entry.id) && (entry.state === 'queued' || entry.state === 'retrying') ? { ...entry, state: 'sending' } : entry,
  );
}

/** The pieces not yet written after a gathering write of `written` bytes (the first of them perhaps in part). */
function unwritten(pieces: Buffer[], written: number): Buffer[] {
  let index = 0;
  while (index < pieces.length && written >= pieces[index]!.length) written -= pieces[index++]!.length;
  if (index === pieces.length) return [];
  return [pieces[index]!.subarray(written), ...pieces.slice(index + 1)];
}

/** Consecutive records of one kind as one record: a batch is encrypted and written once. */
function merged(records: OutboxRecord[]): OutboxRecord[] {
  const out: OutboxRecord[] = [];
  for (const record of records) {
    const last = out.at(-1);
    if (last?.type === 'put' && record.type === 'put') last.entries = last.entries.concat(record.entries);
    else if (last?.type === 'update' && record.type === 'update') last.changes = last.changes.concat(record.changes);
    else if ((last?.type === 'remove' || last?.type === 'dispatch') && last.type === record.type) last.ids = last.ids.concat(record.ids);
    else out.push(record);
  }
  return out;
}

/**
 * The saved outbox: an append-only file of records, each `uint32 length | AES-256-GCM blob` under the vault's data
 * key (entries hold ONVIF passwords). A record cut short by a crash is ignored on reading; every record before it
 * was synced before anyone was told it was saved. Appends that arrive while one is being written are written
 * together (group commit): a thousand-camera import costs a handful of fsyncs, not a thousand.
 */
export function createSavedOutboxStore(path: string, getKey: () => Promise<Buffer>): OutboxStore {
  const aad = 'watchdesk:outbox';
  const name = basename(path);
  let pending: Array<{ record: OutboxRecord; done: { resolve(): void; reject(error: unknown): void } }> = [];
  let writing: Promise<void> | null = null;
  /** Compaction must not interleave with appends. */
  let chain: Promise<unknown> = Promise.resolve();

  /**
   * One record as written: its length prefix, then the encrypted blob's header and ciphertext, not joined (a batch's
   * put is most of a megabyte: joining its pieces, then the group's records, copied it twice more for nothing).
   * Records are not checked against the schema here: their entries are built by the Outbox from a request checked
   * against the wire schema as it was queued, an answer checked by the platform client, and the state machine's
   * own fields. Checking a thousand entries again on every write cost more than the encryption and the write.
   * Reading checks every record.
   */
  function frameParts(key: KeyObject, record: OutboxRecord): Buffer[] {
    const [header, ciphertext] = encryptedParts(key, Buffer.from(recordJson(record), 'utf8'), aad);
    const length = Buffer.alloc(LENGTH_BYTES);
    length.writeUInt32BE(header.length + ciphertext.length);
    return [length, header, ciphertext];
  }

  /** The data key as a KeyObject, made once and kept while the vault hands out the same bytes. */
  let keyObject: { bytes: Buffer; key: KeyObject } | null = null;

  async function encryptionKey(): Promise<KeyObject> {
    const bytes = await getKey();
    if (keyObject === null || !keyObject.bytes.equals(bytes)) keyObject = { bytes, key: createSecretKey(bytes) };
    return keyObject.key;
  }

  /** Kept open between appends (a handful of system calls fewer per batch); closed before a compaction replaces the file. */
  let handle: FileHandle | null = null;

  async function closeHandle(): Promise<void> {
    const current = handle;
    handle = null;
    await current?.close().catch(() => undefined);
  }

  async function appendFrames(pieces: Buffer[]): Promise<void> {
    if (!handle) {
      const existed = await stat(path).then(
        () => true,
        () => false,
      );
      if (!existed) await mkdir(dirname(path), { recursive: true });
      handle = await open(path, 'a', 0o600);
      if (!existed) await syncDirectory(dirname(path));
    }
    try {
      // One gathering write for all the pieces; what a short write left behind is written again from where it stopped.
      let rest = pieces;
      while (rest.length > 0) rest = unwritten(rest, (await handle.writev(rest)).bytesWritten);
      await handle.datasync();
    } catch (error) {
      await closeHandle();
      throw error;
    }
  }

  async function flush(): Promise<void> {
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      try {
        const key = await encryptionKey();
        await appendFrames(merged(batch.map((item) => item.record)).flatMap((record) => frameParts(key, record)));
        for (const item of batch) item.done.resolve();
      } catch (error) {
        for (const item of batch) item.done.reject(error);
      }
    }
  }

  /** Starts a writer unless one runs; a writer that finishes with records left behind starts the next. */
  function schedule(): void {
    if (writing) return;
    const run = chain.then(flush);
    writing = run;
    chain = run;
    void run.finally(() => {
      writing = null;
      if (pending.length > 0) schedule();
    });
  }

  function append(record: OutboxRecord): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      pending.push({ record, done: { resolve, reject } });
      schedule();
    });
  }

  return {
    async load() {
      const bytes = await readFileIfExists(path);
      if (bytes === null) return [];
      const key = await getKey();
      const records: OutboxRecord[] = [];
      let offset = 0;
      while (offset < bytes.length) {
        const remaining = bytes.length - offset;
        const length = remaining >= LENGTH_BYTES ? bytes.readUInt32BE(offset) : Number.POSITIVE_INFINITY;
        if (LENGTH_BYTES + length > remaining) {
          log.warn('outbox', `${name}: ignoring an incomplete last record (${remaining} bytes), probably cut off by a crash`);
          break;
        }
        records.push(decryptJson(key, bytes.subarray(offset + LENGTH_BYTES, offset + LENGTH_BYTES + length), aad, recordSchema, name, 'a record'));
        offset += LENGTH_BYTES + length;
      }
      return replay(records);
    },
    put: (entries) => (entries.length === 0 ? Promise.resolve() : append({ type: 'put', entries })),
    update: (entries) => (entries.length === 0 ? Promise.resolve() : append({ type: 'update', changes: entries.map(changeOf) })),
    remove: (ids) => (ids.length === 0 ? Promise.resolve() : append({ type: 'remove', ids })),
    dispatch: (ids) => (ids.length === 0 ? Promise.resolve() : append({ type: 'dispatch', ids })),
    compact(entries) {
      const run = chain.then(async () => {
        await closeHandle();
        const key = await encryptionKey();
        await writeFileAtomic(path, frameParts(key, { type: 'put', entries }), { mode: 0o600 });
      });
      chain = run.catch(() => undefined);
      return run;
    },
    close() {
      // Every write, compaction included, is chained: closing after the chain waits for all of them.
      const run = chain.then(closeHandle, closeHandle);
      chain = run;
      return run;
    },
  };
}

/** Session-only mode (no keychain, so no data key): entries live in memory until Watchdesk closes. */
export function createSessionOutboxStore(): OutboxStore {
  let entries = new Map<string, OutboxEntry>();
  return {
    load: async () => [...entries.values()],
    put: async (list) => {
      for (const entry of list) entries.set(entry.id, entry);
    },
    update: async (list) => {
      for (const entry of list) if (entries.has(entry.id)) entries.set(entry.id, entry);
    },
    remove: async (ids) => {
      for (const id of ids) entries.delete(id);
    },
    // Nothing survives the process here, so there is nothing to recover after a crash.
    dispatch: async () => undefined,
    close: async () => undefined,
    compact: async (list) => {
      entries = new Map(list.map((entry) => [entry.id, entry]));
    },
  };
}
