import { appendFileSync, mkdtempSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createEncryptedJournal } from '../../../main/secrets/encrypted-journal';

const key = Buffer.alloc(32, 3);
const getKey = async () => key;
const schema = z.object({ n: z.number(), text: z.string() });
const freshPath = () => join(mkdtempSync(join(tmpdir(), 'wd-journal-')), 'nested', 'journal.enc');

describe('encrypted journal', () => {
  it('reads back appended records in order, through a new journal over the same file', async () => {
    const path = freshPath();
    const journal = createEncryptedJournal(path, schema, getKey);
    await journal.append({ n: 1, text: 'one' });
    await journal.append({ n: 2, text: 'two' });
    expect(await createEncryptedJournal(path, schema, getKey).read()).toEqual([{ n: 1, text: 'one' }, { n: 2, text: 'two' }]);
  });

  it('keeps the records encrypted on disk', async () => {
    const path = freshPath();
    await createEncryptedJournal(path, schema, getKey).append({ n: 1, text: 'st_secret_token' });
    expect(readFileSync(path).includes(Buffer.from('st_secret_token'))).toBe(false);
  });

  it('grows by the size of one record per append, not by the size of the file', async () => {
    const path = freshPath();
    const journal = createEncryptedJournal(path, schema, getKey);
    await journal.append({ n: 0, text: 'x'.repeat(50_000) });
    const before = statSync(path).size;
    await journal.append({ n: 1, text: 'small' });
    expect(statSync(path).size - before).toBeLessThan(200);
  });

  it('cuts a last record torn by a crash aside, keeps every record before it, and says so', async () => {
    const path = freshPath();
    const journal = createEncryptedJournal(path, schema, getKey);
    await journal.append({ n: 1, text: 'kept' });
    const whole = statSync(path).size;
    appendFileSync(path, Buffer.from([0, 0, 1, 0, 1, 2, 3]));
    const read = await createEncryptedJournal(path, schema, getKey).readRecovering();
    expect(read.records).toEqual([{ n: 1, text: 'kept' }]);
    expect(read.setAside).toMatchObject({ records: 1, bytes: 7 });
    expect(statSync(path).size).toBe(whole);
    expect(readFileSync(read.setAside!.file)).toEqual(Buffer.from([0, 0, 1, 0, 1, 2, 3]));
    expect(statSync(read.setAside!.file).mode & 0o777).toBe(0o600);
  });

  it('never appends after a torn record: the new record stays readable after a restart', async () => {
    const path = freshPath();
    await createEncryptedJournal(path, schema, getKey).append({ n: 1, text: 'one' });
    await createEncryptedJournal(path, schema, getKey).append({ n: 2, text: 'two' });
    truncateSync(path, statSync(path).size - 50);
    await createEncryptedJournal(path, schema, getKey).append({ n: 3, text: 'three' });
    const read = await createEncryptedJournal(path, schema, getKey).readRecovering();
    expect(read).toEqual({ records: [{ n: 1, text: 'one' }, { n: 3, text: 'three' }], setAside: null });
    expect(readdirSync(dirname(path)).filter((name) => name.includes('.damaged-'))).toHaveLength(1);
  });

  it('treats a huge length prefix as damage, not as an empty file', async () => {
    const path = freshPath();
    await createEncryptedJournal(path, schema, getKey).append({ n: 1, text: 'one' });
    writeFileSync(path, Buffer.concat([Buffer.from([0xff, 0xff, 0xff, 0xf0]), readFileSync(path)]));
    const read = await createEncryptedJournal(path, schema, getKey).readRecovering();
    expect(read.records).toEqual([]);
    expect(read.setAside?.bytes).toBeGreaterThan(4);
    expect(statSync(path).size).toBe(0);
  });

  it('cuts a garbled record after good ones aside with everything after it', async () => {
    const path = freshPath();
    const journal = createEncryptedJournal(path, schema, getKey);
    await journal.append({ n: 1, text: 'one' });
    const firstEnd = statSync(path).size;
    await journal.append({ n: 2, text: 'two' });
    await journal.append({ n: 3, text: 'three' });
    const bytes = readFileSync(path);
    bytes[firstEnd + 10] = bytes[firstEnd + 10]! ^ 0xff;
    writeFileSync(path, bytes);
    const read = await createEncryptedJournal(path, schema, getKey).readRecovering();
    expect(read.records).toEqual([{ n: 1, text: 'one' }]);
    expect(read.setAside?.records).toBe(2);
  });

  it('refuses a tampered record with a readable error', async () => {
    const path = freshPath();
    await createEncryptedJournal(path, schema, getKey).append({ n: 1, text: 'one' });
    const bytes = readFileSync(path);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    writeFileSync(path, bytes);
    await expect(createEncryptedJournal(path, schema, getKey).read()).rejects.toThrow(/could not be read/);
  });

  it('replaces everything atomically', async () => {
    const path = freshPath();
    const journal = createEncryptedJournal(path, schema, getKey);
    await journal.append({ n: 1, text: 'one' });
    await journal.replace([{ n: 9, text: 'snapshot' }]);
    expect(await createEncryptedJournal(path, schema, getKey).read()).toEqual([{ n: 9, text: 'snapshot' }]);
  });

  it('replaces the first records and copies the rest as they are, across many copy pieces', async () => {
    const path = freshPath();
    const journal = createEncryptedJournal(path, schema, getKey);
    // Records of about 40 KB: the part copied as it is spans several of the copy's 64 KB pieces.
    const big = (n: number) => ({ n, text: String(n).repeat(40_000 / String(n).length) });
    for (let n = 1; n <= 6; n++) await journal.append(big(n));
    const before = readFileSync(path);
    await journal.replaceHead(2, [{ n: 0, text: 'head' }], [big(7)]);
    expect((await createEncryptedJournal(path, schema, getKey).read()).map((record) => record.n)).toEqual([0, 3, 4, 5, 6, 7]);
    // Records 3 to 6 are the very bytes they were (not decrypted and encrypted again).
    const firstTwo = before.readUInt32BE(0) + 4 + before.readUInt32BE(before.readUInt32BE(0) + 4) + 4;
    expect(readFileSync(path).includes(before.subarray(firstTwo))).toBe(true);
    expect(readdirSync(dirname(path))).toEqual(['journal.enc']);
  });

  it('refuses to write a record that does not match its schema', async () => {
    const journal = createEncryptedJournal(freshPath(), schema, getKey);
    await expect(journal.append({ n: 'one', text: 'x' } as never)).rejects.toThrow(/not valid/);
  });
});
