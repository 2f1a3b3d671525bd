import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../../main/storage';
import type { BatchStatus } from '../../../preload/contract/tokens';
import { hasDbus } from '../../support/dbus';
import { followBatch, openDesk, privateStreams, type Desk } from './desk';

const opened: Desk[] = [];
afterEach(async () => {
  for (const desk of opened.splice(0).reverse()) await desk.close();
});

/** The database and its side files as they are on disk now: which of `secrets` any of them holds in clear. */
function inClear(dataDir: string, secrets: string[]): string[] {
  const hits: string[] = [];
  for (const suffix of ['', '-wal', '-shm']) {
    const file = join(dataDir, DATABASE_FILE + suffix);
    if (!existsSync(file)) continue;
    const bytes = readFileSync(file);
    for (const secret of secrets) {
      // As UTF-8 and as UTF-16 (SQLite stores text in either).
      if (bytes.includes(Buffer.from(secret, 'utf8')) || bytes.includes(Buffer.from(secret, 'utf16le'))) hits.push(`${DATABASE_FILE}${suffix} holds ${secret}`);
    }
  }
  return hits;
}

async function finished(desk: Desk, start: BatchStatus): Promise<BatchStatus> {
  return (await followBatch(desk, start.id)).status;
}

describe.skipIf(!hasDbus)('the token history at rest', () => {
  it('holds no issued token, stream uid, user id or note in clear in the database, its WAL or its shared-memory file', async () => {
    const desk = await openDesk();
    opened.push(desk);
    const streams = privateStreams(desk);
    const single = await desk.value('tokens.create', { stream: streams[0]!, live: true, ttl: 3600, note: 'visitor-badge-4711' });
    const bound = await desk.value('tokens.createUserBound', { uid: streams[1]!, user: 'operator-anna-k', duration: 600 });
    const batchStreams = streams.slice(2, 42);
    const batch = await finished(desk, await desk.value('tokens.batchStart', { text: batchStreams.join('\n'), live: true, ttl: 600 }));
    const tokens = [single.token!, ...(bound.token ? [bound.token] : []), ...batch.rows.flatMap((row) => (row.token ? [row.token] : []))];
    expect(tokens.length).toBeGreaterThan(40);
    const secrets = [...tokens, ...streams.slice(0, 42), 'operator-anna-k', 'visitor-badge-4711'];

    // While the console runs: the changes sit in the WAL, not yet in the main file.
    expect(existsSync(join(desk.dataDir, `${DATABASE_FILE}-wal`))).toBe(true);
    expect(inClear(desk.dataDir, secrets)).toEqual([]);
    // The scan finds what is in clear by design: the batch's random id (how the screen names it; it reveals nothing).
    expect(inClear(desk.dataDir, [batch.id]).length).toBeGreaterThan(0);
    // The history really is there: found by index, read back whole.
    const found = await desk.value('tokens.history', { search: streams[1]! });
    expect(found.entries.map((entry) => entry.token)).toEqual([bound.token]);
    // After a clean close the WAL is checkpointed into the main file: still nothing in clear.
    await desk.dispose();
    expect(inClear(desk.dataDir, secrets)).toEqual([]);
  });
});
