import { mkdir, open, stat, truncate, type FileHandle } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { z } from 'zod';
import { byteRange, openIfExists, readFileIfExists, syncDirectory, writeFileAtomic } from '../shared/atomic-file';
import { log } from '../shared/log';
import { createSerialQueue } from '../shared/serial-queue';
import { checkedForSaving, decrypt, encryptedParts, parseDecryptedJson } from './crypto';

/**
 * An append-only file of encrypted records, for data that grows by small steps (the token history): adding a record
 * costs what the record costs, not what the whole file costs. Each record is `uint32 length | encrypted blob`
 * (AES-256-GCM with the vault's data key, see crypto.ts); each append is synced before it is reported done.
 *
 * A damaged tail (a record cut short by a crash or a full disk, a garbled record, a length prefix larger than the
 * file) is never read as "the end" nor appended after: on first use it is cut off into `<file>.damaged-<time>`
 * (kept for support), the file is truncated to its intact records, and `read()` tells how many records went aside.
 */
export interface EncryptedJournal<R> {
  /** Every intact record in order; [] when the file does not exist. Throws AppFailure('Internal') when not even the first record can be read (another key, or damage from the first byte). */
  read(): Promise<R[]>;
  /** Like read, plus what was set aside from a damaged tail (null when the file was whole). */
  readRecovering?(options?: ReadOptions<R>): Promise<JournalRead<R>>;
  /** Adds one record (validated, encrypted, synced). Appends and replacements are applied in call order. */
  append(record: R): Promise<void>;
  /** Replaces the whole file atomically (compaction, clearing). */
  replace(records: R[]): Promise<void>;
  /**
   * Replaces the first `count` records with `head` and adds `after` at the end, in one atomic rewrite. The records
   * in between are copied as they are on disk (not decrypted, checked or encrypted again): compacting a long journal
   * then costs what the dropped and the new records cost, not what the whole retained history costs.
   */
  replaceHead?(count: number, head: R[], after: R[]): Promise<void>;
  /** Moves the whole file aside as `<file>.damaged-<time>` (clearing an unreadable file keeps a backup). */
  setAsideWhole?(): Promise<string | null>;
}

export interface SetAside {
  /** Records in the damaged part, as far as their length prefixes can be followed (at least 1). */
  records: number;
  bytes: number;
  /** The file the damaged part was moved to. */
  file: string;
}

export interface JournalRead<R> {
  /** The records read, in file order: all of them, or the newest ones `ReadOptions.enough` asked for. */
  records: R[];
  setAside: SetAside | null;
  /**
   * With `ReadOptions.enough`: the records before `records` in the file that were left unread, their bytes, and the
   * bytes of the records read (the caller can estimate what the unread ones hold).
   */
  unread?: { records: number; bytes: number; readBytes: number };
}

export interface ReadOptions<R> {
  /**
   * For data where only the newest records count (a history keeping its newest entries): called to start a count,
   * the function it returns is told each record from the newest back, and once it answers true the older records
   * are not parsed nor returned. They are still decrypted, so a wrong key or a damaged record is found as before.
   */
  enough?: () => (record: R) => boolean;
}

const LENGTH_BYTES = 4;
/** How long the file stays open after the last append (a batch's appends follow each other within milliseconds). */
const APPEND_HANDLE_IDLE_MS = 2_000;

/** `<path>.damaged-2026-11-22T18-40-00-000Z` (colons are not allowed in Windows file names). */
export function damagedName(path: string, now = new Date()): string {
  return `${path}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`;
}

/** How many length-prefixed frames the damaged region seems to hold: at least one. */
function framesIn(bytes: Buffer): number {
  let count = 0;
  let offset = 0;
  while (offset < bytes.length) {
    count += 1;
    if (bytes.length - offset < LENGTH_BYTES) break;
    const length = bytes.readUInt32BE(offset);
    offset += LENGTH_BYTES + length;
  }
  return Math.max(1, count);
}

export function createEncryptedJournal<R>(
  path: string,
  schema: z.ZodType<R>,
  getKey: () => Promise<Buffer>,
  options: { aad?: string } = {},
): EncryptedJournal<R> & Required<Pick<EncryptedJournal<R>, 'readRecovering' | 'setAsideWhole' | 'replaceHead'>> {
  const aad = options.aad ?? `watchdesk:${basename(path)}`;
  const queue = createSerialQueue();
  /** True once the file on disk is known to end on a whole record (read, or written by us since). */
  let tailChecked = false;
  /**
   * The file kept open between appends while they keep coming (a batch appends hundreds of times): opening, checking
   * and closing the file for each record cost more than writing it. Closed after a quiet moment, and before anything
   * that replaces, truncates or copies the file (a rename over an open file fails on Windows).
   */
  let appendHandle: FileHandle | null = null;
  let closeTimer: NodeJS.Timeout | undefined;

  async function closeAppendHandle(): Promise<void> {
    clearTimeout(closeTimer);
    closeTimer = undefined;
    const handle = appendHandle;
    appendHandle = null;
    await handle?.close();
  }

  /** The open append handle; opening creates the file (and its folder) and makes the new name durable. */
  async function openForAppend(): Promise<FileHandle> {
    if (appendHandle) return appendHandle;
    const existed = await stat(path).then(
      () => true,
      () => false,
    );
    if (!existed) await mkdir(dirname(path), { recursive: true });
    const handle = await open(path, 'a', 0o600);
    if (!existed) {
      try {
        await syncDirectory(dirname(path));
      } catch (error) {
        await handle.close();
        throw error;
      }
    }
    appendHandle = handle;
    return handle;
  }

  /** Closes the append handle once no change has come for a while (queued, so never under a running change). */
  function closeWhenQuiet(): void {
    clearTimeout(closeTimer);
    closeTimer = setTimeout(() => void queue.run(closeAppendHandle).catch(() => undefined), APPEND_HANDLE_IDLE_MS);
    closeTimer.unref();
  }

  /** One record as written: its length prefix, then the encrypted blob's header and ciphertext (not joined). */
  function frameParts(key: Buffer, record: R): Buffer[] {
    const [header, ciphertext] = encryptedParts(key, Buffer.from(JSON.stringify(checkedForSaving(schema, record, basename(path))), 'utf8'), aad);
    const length = Buffer.alloc(LENGTH_BYTES);
    length.writeUInt32BE(header.length + ciphertext.length);
    return [length, header, ciphertext];
  }

  /**
   * The frames of `records`, each encrypted only when the writer asks for it: a compaction of 20,000 entries in
   * records of a thousand never holds more than one record's text and ciphertext at a time.
   */
  async function* framesOf(key: Buffer, records: readonly R[]): AsyncGenerator<Buffer> {
    for (const record of records) yield* frameParts(key, record);
  }

  /**
   * Parses the file; where it stops being whole, the rest is moved aside and the file truncated. Every record is
   * decrypted front to back (the first one failing means another key); then parsed from the newest back, as far as
   * `options.enough` wants.
   */
  async function recover(options: ReadOptions<R> = {}): Promise<JournalRead<R>> {
    // The key is asked for while the file is read (a keychain round trip beside a read of megabytes), but only when
    // the file exists: a console with no history yet must not create a data key just by looking at it.
    const exists = await stat(path).then(
      () => true,
      () => false,
    );
    const keyRead = exists ? getKey() : null;
    // A failed read below is the error to report; the key's own failure is reported when it is awaited.
    keyRead?.catch(() => undefined);
    const bytes = await readFileIfExists(path);
    if (bytes === null) {
      tailChecked = true;
      return { records: [], setAside: null };
    }
    const key = await (keyRead ?? getKey());
    const plaintexts: Buffer[] = [];
    const starts: number[] = [];
    let offset = 0;
    let damage: string | null = null;
    while (offset < bytes.length) {
      const remaining = bytes.length - offset;
      if (remaining < LENGTH_BYTES) {
        damage = `${remaining} stray bytes after the last record`;
        break;
      }
      const length = bytes.readUInt32BE(offset);
      if (LENGTH_BYTES + length > remaining) {
        damage = `a record announces ${length} bytes but only ${remaining - LENGTH_BYTES} follow`;
        break;
      }
      const blob = bytes.subarray(offset + LENGTH_BYTES, offset + LENGTH_BYTES + length);
      try {
        plaintexts.push(decrypt(key, blob, aad));
        starts.push(offset);
      } catch (error) {
        // The first record not opening means another key (or a file damaged from its start): nothing to cut, the
        // caller says the file cannot be read. After a good record the key is right, so this is damage.
        if (plaintexts.length === 0) throw error;
        damage = `record ${plaintexts.length + 1} cannot be decrypted or read`;
        break;
      }
      offset += LENGTH_BYTES + length;
    }
    // Newest first; a record that does not parse cuts the file there, dropping the newer ones read so far.
    const newestFirst: R[] = [];
    let enough = options.enough?.();
    let oldest = plaintexts.length;
    for (let i = plaintexts.length - 1; i >= 0; i--) {
      let record: R;
      try {
        record = parseDecryptedJson(plaintexts[i]!, schema, basename(path), 'a record');
      } catch (error) {
        if (i === 0) throw error;
        damage = `record ${i + 1} cannot be decrypted or read`;
        offset = starts[i]!;
        newestFirst.length = 0;
        enough = options.enough?.();
        continue;
      }
      newestFirst.push(record);
      oldest = i;
      if (enough?.(record)) break;
    }
    const records = newestFirst.reverse();
    const skipped = records.length === 0 ? 0 : oldest;
    const unread = options.enough ? { records: skipped, bytes: starts[skipped] ?? 0, readBytes: offset - (starts[skipped] ?? 0) } : undefined;
    if (damage === null) {
      tailChecked = true;
      return { records, setAside: null, ...(unread ? { unread } : {}) };
    }
    const tail = bytes.subarray(offset);
    await closeAppendHandle();
    const file = damagedName(path);
    await writeFileAtomic(file, tail, { mode: 0o600 });
    await truncate(path, offset);
    const handle = await open(path, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    tailChecked = true;
    const setAside = { records: framesIn(tail), bytes: tail.length, file };
    log.warn('journal', `${basename(path)}: ${damage}; kept ${records.length + skipped} intact records, moved the damaged ${tail.length} bytes to ${basename(file)}`);
    return { records, setAside, ...(unread ? { unread } : {}) };
  }

  const readRecovering = (options?: ReadOptions<R>): Promise<JournalRead<R>> => queue.run(() => recover(options));

  return {
    readRecovering,

    async read() {
      return (await readRecovering()).records;
    },

    append(record) {
      return queue.run(async () => {
        // Never append after a torn record: the new one would be unreadable behind it.
        if (!tailChecked) await recover();
        // One buffer, one write: a record of a batch is a few kilobytes.
        const data = Buffer.concat(frameParts(await getKey(), record));
        const handle = await openForAppend();
        try {
          await handle.writeFile(data);
          // The data and the file's new length (what a reader needs to find the record), not its times.
          await handle.datasync();
        } catch (error) {
          // A partial write (a full disk) leaves a torn tail: check it again before the next append.
          tailChecked = false;
          await closeAppendHandle().catch(() => undefined);
          throw error;
        }
        closeWhenQuiet();
      });
    },

    replace(records) {
      return queue.run(async () => {
        await closeAppendHandle();
        const key = await getKey();
        await writeFileAtomic(path, framesOf(key, records), { mode: 0o600 });
        tailChecked = true;
      });
    },

    replaceHead(count, head, after) {
      return queue.run(async () => {
        await closeAppendHandle();
        if (!tailChecked) await recover();
        const source = await openIfExists(path);
        try {
          const size = source ? (await source.stat()).size : 0;
          const prefix = Buffer.alloc(LENGTH_BYTES);
          let offset = 0;
          for (let i = 0; i < count; i++) {
            if (size - offset < LENGTH_BYTES) throw new Error(`${basename(path)}: ${count} records to replace, the file holds ${i}`);
            await source!.read(prefix, 0, LENGTH_BYTES, offset);
            offset += LENGTH_BYTES + prefix.readUInt32BE(0);
          }
          if (offset > size) throw new Error(`${basename(path)}: record ${count} runs past the end of the file`);
          const key = await getKey();
          async function* pieces(): AsyncGenerator<Uint8Array> {
            yield* framesOf(key, head);
            if (source) yield* byteRange(source, offset, size);
            // The old file is closed before the new one is renamed over it (a rename over an open file fails on Windows).
            await source?.close();
            yield* framesOf(key, after);
          }
          await writeFileAtomic(path, pieces(), { mode: 0o600 });
        } finally {
          await source?.close().catch(() => undefined);
        }
        tailChecked = true;
      });
    },

    setAsideWhole() {
      return queue.run(async () => {
        await closeAppendHandle();
        const bytes = await readFileIfExists(path);
        if (bytes === null || bytes.length === 0) return null;
        const file = damagedName(path);
        await writeFileAtomic(file, bytes, { mode: 0o600 });
        return file;
      });
    },
  };
}
