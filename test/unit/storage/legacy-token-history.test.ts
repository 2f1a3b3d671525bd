import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSealer, importLegacyData, legacySources, migrations, openStorage } from '../../../main/storage';
import { createTokenBatchesRepository } from '../../../main/storage/repositories/token-batches-repository';
import { createTokenHistoryRepository } from '../../../main/storage/repositories/token-history-repository';
import { createTokenHistory } from '../../../main/tokens/history-store';

/** The data key the fixture was written with (see test/fixtures/legacy/make-token-history-fixture.ts). */
const LEGACY_KEY = Buffer.alloc(32, 0x2a);
const fixture = join(import.meta.dirname, '..', '..', 'fixtures', 'legacy', 'token-history');

/** A data folder holding what the console before the database left, opened and taken in as at the first start. */
async function firstStart(key = LEGACY_KEY, damage?: (dir: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'wd-legacy-history-'));
  cpSync(fixture, dir, { recursive: true });
  damage?.(dir);
  const storage = openStorage({ folder: dir, migrations });
  const notices: string[] = [];
  await importLegacyData(storage, { dataDir: dir, getDataKey: async () => key }, legacySources, (sentence) => notices.push(sentence()));
  const sealer = createSealer(key);
  const history = createTokenHistory(createTokenHistoryRepository(storage), async () => sealer);
  const batches = createTokenBatchesRepository(storage);
  return { dir, storage, notices, sealer, history, batches };
}

describe('the token history of the console before the database', () => {
  it('is taken in whole on the first start: every entry in order, notes, user-bound tokens, batches', async () => {
    const { dir, history, batches, sealer, storage } = await firstStart();
    const page = await history.page('', 500);
    expect(page.total).toBe(13);
    expect(page.entries.map((entry) => entry.stream)).toEqual([
      'cam-001-hd', 'cam-022-hd', 'cam-021-hd', 'cam-020-hd', 'cam-004-hd', 'cam-014-hd', 'cam-013-hd', 'cam-012-hd', 'cam-011-hd', 'cam-010-hd', 'cam-003-hd', 'cam-002-hd', 'cam-001-hd',
    ]);
    expect(page.entries.find((entry) => entry.token === 'st_legacy_secret_2')?.note).toBe('handed to the night shift');
    expect(page.entries.find((entry) => entry.token === 'st_legacy_secret_1')?.note).toBe('gate');
    // Found by index afterwards: a user, a stream, a finished batch.
    expect((await history.page('operator-anna', 500)).entries.map((entry) => entry.token)).toEqual(['st_legacy_secret_3']);
    expect((await history.page('cam-001-hd', 500)).matched).toBe(2);
    expect((await history.page('0f1e2d3c-0000-4000-8000-00000000b001', 500)).matched).toBe(5);
    // The batch that was running is told as interrupted, with its 3 issued tokens.
    const interrupted = batches.leftovers(sealer, new Set());
    expect(interrupted).toEqual([{ uid: '0f1e2d3c-0000-4000-8000-00000000b002', startedAt: '2026-11-20T08:00:19.000Z', total: 40, profileName: 'Head office' }]);
    expect(createTokenHistoryRepository(storage).countOfBatch('0f1e2d3c-0000-4000-8000-00000000b002')).toEqual({ issued: 3, shown: 3 });
    // The old files are set aside, not deleted, and the next start takes nothing in twice.
    expect(readdirSync(dir).sort()).toEqual(expect.arrayContaining(['running-batches.before-database', 'token-history.enc.before-database']));
    expect(existsSync(join(dir, 'token-history.enc'))).toBe(false);
    await importLegacyData(storage, { dataDir: dir, getDataKey: async () => LEGACY_KEY }, legacySources, () => undefined);
    expect((await history.page('', 500)).total).toBe(13);
  });

  it('takes in the intact records of a journal with a torn tail', async () => {
    const { history } = await firstStart(LEGACY_KEY, (dir) => appendFileSync(join(dir, 'token-history.enc'), Buffer.from([0, 0, 1, 0, 7, 7, 7])));
    expect((await history.page('', 500)).total).toBe(13);
  });

  it('leaves a journal it cannot read (another key) in place, and says so', async () => {
    const { dir, notices, storage } = await firstStart(Buffer.alloc(32, 1));
    expect(existsSync(join(dir, 'token-history.enc'))).toBe(true);
    expect(notices.join(' ')).toMatch(/token history/);
    expect(createTokenHistoryRepository(storage).count()).toBe(0);
  });
});
