import { mkdir, open, stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { z } from 'zod';
import { readFileIfExists, syncDirectory, writeFileAtomic } from '../shared/atomic-file';
import { log } from '../shared/log';
import { createSerialQueue } from '../shared/serial-queue';
import { checkedForSaving, decryptJson, encrypt } from './crypto';

/**
 * An append-only file of encrypted records, for data that grows by small steps (the token history): adding a record
 * costs what the record costs, not what the whole file costs. Each record is `uint32 length | encrypted blob`
 * (AES-256-GCM with the vault's data key, see crypto.ts). A record cut short by a crash while it was being appended
 * is ignored on reading; every record before it is intact, because each append is synced before it is reported done.
 */
export interface EncryptedJournal<R> {
  /** Every record in order; [] when the file does not exist. Throws AppFailure('Internal') when a record cannot be read. */
  read(): Promise<R[]>;
  /** Adds one record (validated, encrypted, synced). Appends and replacements are applied in call order. */
  append(record: R): Promise<void>;
  /** Replaces the whole file atomically (compaction, clearing). */
  replace(records: R[]): Promise<void>;
}

const LENGTH_BYTES = 4;

export function createEncryptedJournal<R>(
  path: string,
  schema: z.ZodType<R>,
  getKey: () => Promise<Buffer>,
  options: { aad?: string } = {},
): EncryptedJournal<R> {
  const aad = options.aad ?? `watchdesk:${basename(path)}`;
  const queue = createSerialQueue();

  function frame(key: Buffer, record: R): Buffer {
    const blob = encrypt(key, Buffer.from(JSON.stringify(checkedForSaving(schema, record, basename(path))), 'utf8'), aad);
    const length = Buffer.alloc(LENGTH_BYTES);
    length.writeUInt32BE(blob.length);
    return Buffer.concat([length, blob]);
  }

  return {
    async read() {
      const bytes = await readFileIfExists(path);
      if (bytes === null) return [];
      const key = await getKey();
      const records: R[] = [];
      let offset = 0;
      while (offset < bytes.length) {
        const remaining = bytes.length - offset;
        const length = remaining >= LENGTH_BYTES ? bytes.readUInt32BE(offset) : Number.POSITIVE_INFINITY;
        if (LENGTH_BYTES + length > remaining) {
          log.warn('journal', `${basename(path)}: ignoring an incomplete last record (${remaining} bytes), probably cut off by a crash`);
          break;
        }
        const blob = bytes.subarray(offset + LENGTH_BYTES, offset + LENGTH_BYTES + length);
        records.push(decryptJson(key, blob, aad, schema, basename(path), 'a record'));
        offset += LENGTH_BYTES + length;
      }
      return records;
    },

    append(record) {
      return queue.run(async () => {
        const data = frame(await getKey(), record);
        const existed = await stat(path).then(
          () => true,
          () => false,
        );
        if (!existed) await mkdir(dirname(path), { recursive: true });
        const handle = await open(path, 'a', 0o600);
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        if (!existed) await syncDirectory(dirname(path));
      });
    },

    replace(records) {
      return queue.run(async () => {
        const key = await getKey();
        await writeFileAtomic(path, Buffer.concat(records.map((record) => frame(key, record))), { mode: 0o600 });
      });
    },
  };
}
