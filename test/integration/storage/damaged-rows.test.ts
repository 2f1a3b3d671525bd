import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type WatchdeskApp } from '../../../main/app/create-app';
import { createRegistry } from '../../../main/ipc/registry';
import { createTokenHistoryRepository } from '../../../main/storage/repositories/token-history-repository';
import { createSealer, type Sealer } from '../../../main/storage';
import { createWatchRepository, type StoredList } from '../../../main/storage/repositories/watch-repository';
import { historyEntry } from '../../support/history-entry';
import { startRegistryApp, testSender } from '../../support/registry-app';
import { openHistoryDb } from '../../support/history-db';

/**
 * Bytes of one saved row changed on disk (a bad sector, a bit flipped by failing memory or cable) after a clean close:
 * SQLite's structure is whole, so the start-up check finds nothing, but that row's JSON or seal no longer reads.
 * The console must still start, show every other row, and tell the operator some could not be read.
 */

const started: WatchdeskApp[] = [];
afterEach(async () => {
  for (const app of started.splice(0)) await app.dispose();
});

/** Overwrites one byte of every copy of `needle` in the closed database file (at `at` within it). */
function damage(file: string, needle: Uint8Array, at: number, byte: number): void {
  const bytes = readFileSync(file);
  let found = 0;
  for (let from = bytes.indexOf(needle); from !== -1; from = bytes.indexOf(needle, from + 1)) {
    bytes[from + at] = byte;
    found += 1;
  }
  expect(found, 'the row is in the database file').toBeGreaterThan(0);
  writeFileSync(file, bytes);
}

const list = (id: string, name: string): StoredList => ({ id, name, profileId: 'p', deviceIds: ['1'], intervalSec: 60, concurrency: 1, rules: [], active: false, notes: [], createdAt: '2026-01-01T00:00:00.000Z' });

describe('a saved row whose bytes were damaged on disk', () => {
  it('starts the console (with its demo server choice), shows every row that reads, and tells the operator some could not be read', async () => {
    const first = await startRegistryApp('damaged-rows');
    const { storage } = first.app.services;
    const sealer = await first.app.services.sealer();
    await first.app.services.profiles.create({ name: 'Site kept', baseUrl: 'http://127.0.0.1:9' });
    await first.app.services.profiles.create({ name: 'Site damaged', baseUrl: 'http://127.0.0.1:9' });
    await first.call('onboarding.saveTemplate', { name: 'Template kept', values: { onvif_credentials: { login: 'admin', password: 'kept-pw' } } });
    await first.call('onboarding.saveTemplate', { name: 'Template damaged', values: { onvif_credentials: { login: 'admin', password: 'lost-pw' } } });
    await first.call('onboarding.saveTemplate', { name: 'Template whose password is damaged', values: { onvif_credentials: { login: 'admin', password: 'gone-pw' } } });
    await first.call('analytics.saveDraft', { uid: 'task-1', name: 'Draft kept', body: { areas: [] } });
    await first.call('analytics.saveDraft', { uid: 'task-1', name: 'Draft damaged', body: { areas: [] } });
    const watch = createWatchRepository(storage);
    watch.saveList(list('list-kept', 'List kept'), []);
    watch.saveList(list('list-damaged', 'List damaged'), []);
    createTokenHistoryRepository(storage).append(sealer, [historyEntry(1), historyEntry(2)], null, 2_000_000);
    await first.call('support.saveSettings', { logLevel: 'warn', updateFeedUrl: '' });
    await first.app.dispose();

    const file = join(first.dataDir, 'watchdesk.db');
    const db = new DatabaseSync(file, { readOnly: true });
    const blob = (sql: string): Uint8Array => (db.prepare(sql).get() as { b: Uint8Array }).b;
    const text = (sql: string): Buffer => Buffer.from((db.prepare(sql).get() as { t: string }).t, 'utf8');
    const profileBody = text("SELECT body AS t FROM profiles WHERE body LIKE '%Site damaged%'");
    const templateBody = text("SELECT template AS t FROM camera_templates WHERE name = 'Template damaged'");
    const settingsValue = text("SELECT value AS t FROM settings WHERE key = 'support'");
    const listBody = text("SELECT body AS t FROM watch_lists WHERE id = 'list-damaged'");
    const draftRecords = (db.prepare('SELECT record AS b FROM analytics_drafts').all() as Array<{ b: Uint8Array }>).map((row) => row.b);
    const historyRecord = blob('SELECT record AS b FROM token_history WHERE seq = 2');
    const sealedPassword = blob("SELECT password AS b FROM camera_templates WHERE name = 'Template whose password is damaged'");
    db.close();
    // A JSON text's first byte ('{') made '}', a sealed record's middle byte flipped.
    for (const body of [profileBody, templateBody, listBody, settingsValue]) damage(file, body, 0, 0x7d);
    const draftRecord = draftRecords[0]!;
    damage(file, draftRecord, Math.floor(draftRecord.length / 2), draftRecord[Math.floor(draftRecord.length / 2)]! ^ 0xff);
    damage(file, historyRecord, Math.floor(historyRecord.length / 2), historyRecord[Math.floor(historyRecord.length / 2)]! ^ 0xff);
    damage(file, sealedPassword, sealedPassword.length - 1, sealedPassword[sealedPassword.length - 1]! ^ 0xff);
    rmSync(`${file}-wal`, { force: true });

    // Started as the desktop app and the web host start it: the demo server is decided from the saved profiles.
    const app = await createApp({ dataDir: first.dataDir, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null }, keychainService: first.keychainService });
    started.push(app);
    const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
    const call = async <T>(channel: string, input?: unknown): Promise<T> => {
      const result = await registry.call(channel, input, testSender);
      if (!result.ok) throw new Error(`${channel}: ${result.error.kind}: ${result.error.message}`);
      return result.value as T;
    };

    const profiles = await call<{ profiles: Array<{ name: string }> }>('profiles.list');
    expect(profiles.profiles.map((p) => p.name)).toEqual(['Site kept']);
    const templates = await call<Array<{ name: string; values: { onvif_credentials?: { password?: string } } }>>('onboarding.templates');
    // A template whose sealed password does not open is shown without it (what reads is kept).
    expect(templates.map((t) => [t.name, t.values.onvif_credentials?.password])).toEqual([
      ['Template kept', 'kept-pw'],
      ['Template whose password is damaged', undefined],
    ]);
    const lists = await call<Array<{ name: string }>>('agents.watchLists');
    expect(lists.map((l) => l.name)).toEqual(['List kept']);
    const work = await call<{ drafts: Array<{ name: string }> }>('analytics.work', { uid: 'task-1' });
    expect(work.drafts).toHaveLength(1);
    const history = await call<{ entries: Array<{ stream: string }> }>('tokens.history');
    expect(history.entries.map((e) => e.stream)).toEqual(['cam-1']);

    // Told on screen (Connect and About show the data folder's notices), in words, naming what was left out.
    const notices = app.services.dataFolder.status().notices.join('\n');
    for (const what of ['server profiles', 'camera templates', 'watch lists', 'analytics drafts', 'token history']) expect(notices).toContain(what);

    // A later save does not delete the row that could not be read: it is kept as it is on disk.
    await call('profiles.save', { name: 'Site new', baseUrl: 'http://127.0.0.1:9' });
    const after = new DatabaseSync(file, { readOnly: true });
    expect((after.prepare('SELECT count(*) AS n FROM profiles').get() as { n: number }).n).toBe(3);
    after.close();
  });

  it('hides no older token behind a damaged one: the screen gets a full window, and a word search reaches past it', async () => {
    const db = openHistoryDb(Buffer.alloc(32, 9));
    await db.history.append(Array.from({ length: 2500 }, (_, i) => historyEntry(i + 1)));
    // The records of entries 2,400 and 2,000 no longer open (their bytes damaged), among the newest thousand read
    // first: the screen's window of 500 is one short, and the one row it is filled with does not open either.
    for (const seq of [2400, 2000]) {
      const { record } = db.storage.get<{ record: Uint8Array }>('SELECT record FROM token_history WHERE seq = ?', seq)!;
      const damaged = Buffer.from(record);
      damaged[damaged.length >> 1]! ^= 0xff;
      db.storage.transaction(() => db.storage.statement('UPDATE token_history SET record = ? WHERE seq = ?').run(damaged, seq));
    }
    const again = db.reopen();

    const page = await again.history.page('', 500);
    expect(page.entries).toHaveLength(500);
    expect(page.entries.map((entry) => entry.stream)).not.toContain('cam-2400');
    expect(page.entries.at(-1)!.stream).toBe('cam-1999');
    // A word of one old token (not a stream, user or batch id: found by reading the newest entries).
    const found = await again.history.page('st_secret_token_1000', 50);
    expect(found.entries.map((entry) => entry.stream)).toEqual(['cam-1000']);
    again.storage.close();
  });

  it('refuses a history sealed with another key after one window, not after trying every one of millions of records', async () => {
    const db = openHistoryDb(Buffer.alloc(32, 9));
    await db.history.append(Array.from({ length: 3000 }, (_, i) => historyEntry(i + 1)));
    const other = createSealer(Buffer.alloc(32, 8));
    let opened = 0;
    const counting: Sealer = { ...other, openJson: (...args) => ((opened += 1), other.openJson(...args)) };
    expect(() => createTokenHistoryRepository(db.storage).window(counting, 500)).toThrow(/cannot be read|could not be read/);
    expect(opened).toBeLessThanOrEqual(500);
    db.storage.close();
  });
});
