import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../main/app/create-app';
import { createRegistry } from '../../../main/ipc/registry';
import { createVault } from '../../../main/secrets/vault';
import { memoryKeychain } from '../../support/fake-keychain';
import { bundleChild } from '../../support/bundle-child';
import { DATABASE_FILE, migrations, openStorage } from '../../../main/storage';
import { createWatchRepository } from '../../../main/storage/repositories/watch-repository';
import { canMount } from '../../support/small-disk';

/**
 * A read-only or full data folder: the console starts, says in words that the folder cannot be written (which, why),
 * and keeps working for what needs no writing. Needs root and unshare (private mount namespaces), as in CI.
 */
let workDir: string;
let child: string;

type Answer = { ok: boolean; value?: Record<string, unknown>; error?: { kind: string; message: string; data?: Record<string, unknown> } };

/** Runs the console child on `dataDir` after `mount` (shell commands) inside a private mount namespace. */
function consoleOn(dataDir: string, mount: string, calls: Array<[string, unknown]>): { started: boolean; results: Answer[] } {
  const out = execFileSync('unshare', ['-m', 'sh', '-c', `${mount} && exec "$0" "$1" "$2"`, process.execPath, child, dataDir], {
    env: { ...process.env, CHILD_CALLS: JSON.stringify(calls), WATCHDESK_LOG: 'silent' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return JSON.parse(out.trim().split('\n').pop()!) as { started: boolean; results: Answer[] };
}

const newServer = { name: 'Site A', baseUrl: 'https://vms.example.com' };

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'wd-folder-'));
  child = await bundleChild('test/support/children/console-child.ts', join(workDir, 'console-child.mjs'));
}, 60_000);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe.skipIf(!canMount)('a data folder that cannot be written', () => {
  it('read-only: starts (demo profile kept in memory), says which folder and why, answers a save with that sentence, still issues tokens', async () => {
    const dataDir = mkdtempSync(join(workDir, 'ro-'));
    // A first run leaves a demo profile behind, so the next start must refresh it (it used to die with EROFS here).
    consoleOn(dataDir, 'true', []);
    const { started, results } = consoleOn(dataDir, `mount --bind ${dataDir} ${dataDir} && mount -o remount,ro,bind ${dataDir} ${dataDir}`, [
      ['profiles.list', undefined],
      ['profiles.save', newServer],
      ['tokens.create', { stream: 'cam-0001-a', live: true, ttl: 60 }],
    ]);
    expect(started).toBe(true);
    const [list, save, token] = results as [Answer, Answer, Answer];
    const storage = list.value!.storage as { writable: boolean; problem: string };
    expect(storage.writable).toBe(false);
    expect(storage.problem).toContain(dataDir);
    expect(storage.problem).toMatch(/read-only/);
    expect((list.value!.profiles as unknown[]).length).toBe(1);
    expect(save).toMatchObject({ ok: false, error: { kind: 'StorageUnavailable', data: { path: dataDir, reason: 'read-only' } } });
    expect(save.error!.message).toMatch(/could not be saved.*read-only/);
    // Issuing needs no writing; the history's refusal is told with the token, not instead of it.
    if (token.ok) expect(String(token.value!.historyWarning)).toMatch(/read-only/);
    else expect(token.error!.kind).not.toBe('Internal');
  }, 60_000);

  it('read-only: a pin, a watch list and a draft are refused in words, and none of them shows as saved', () => {
    const dataDir = mkdtempSync(join(workDir, 'ro-pin-'));
    consoleOn(dataDir, 'true', []);
    const { started, results } = consoleOn(dataDir, `mount --bind ${dataDir} ${dataDir} && mount -o remount,ro,bind ${dataDir} ${dataDir}`, [
      ['agents.pin', { id: '101', pinned: true }],
      ['agents.shortcuts', undefined],
      ['agents.watchSave', { name: 'Wall', devicesText: '101', intervalSec: 60, concurrency: 2, rules: [], active: true }],
      ['agents.watchLists', undefined],
      ['analytics.saveDraft', { uid: 'task-1', name: 'Evening', body: { areas: [] } }],
    ]);
    expect(started).toBe(true);
    const [pin, shortcuts, save, lists, draft] = results as [Answer, Answer, Answer, Answer, Answer];
    for (const refused of [pin, save, draft]) {
      expect(refused).toMatchObject({ ok: false, error: { kind: 'StorageUnavailable', data: { path: dataDir, reason: 'read-only' } } });
      expect(refused.error!.message).toMatch(/could not be saved.*read-only/);
    }
    expect(shortcuts.value).toEqual({ recent: [], pinned: [] });
    expect(lists.value).toEqual([]);
  }, 60_000);

  it('read-only after a stop without the closing checkpoint: shows what is still in the write-ahead log', () => {
    const dataDir = mkdtempSync(join(workDir, 'ro-wal-'));
    consoleOn(dataDir, 'true', []);
    // A console still running on the folder (or stopped by a crash): its last change is in the WAL, not the file.
    const running = openStorage({ folder: dataDir, migrations });
    const list = { id: 'wal-list', name: 'Only in the log', profileId: 'p', deviceIds: ['101'], intervalSec: 60, concurrency: 2, rules: [], active: false, notes: [], createdAt: new Date().toISOString() };
    createWatchRepository(running).saveList(list, []);
    expect(statSync(join(dataDir, `${DATABASE_FILE}-wal`)).size).toBeGreaterThan(0);
    try {
      const { started, results } = consoleOn(dataDir, `mount --bind ${dataDir} ${dataDir} && mount -o remount,ro,bind ${dataDir} ${dataDir}`, [['agents.watchLists', undefined]]);
      expect(started).toBe(true);
      const [lists] = results as [Answer];
      expect((lists.value as unknown as Array<{ name: string }>).map((l) => l.name)).toEqual(['Only in the log']);
    } finally {
      running.close();
    }
  }, 60_000);

  it('full: says the disk is full', () => {
    const dataDir = mkdtempSync(join(workDir, 'full-'));
    const fill = `mount -t tmpfs -o size=64k tmpfs ${dataDir} && (dd if=/dev/zero of=${dataDir}/filler bs=4k count=64 2>/dev/null || true)`;
    const { started, results } = consoleOn(dataDir, fill, [['profiles.list', undefined], ['profiles.save', newServer]]);
    expect(started).toBe(true);
    const [list, save] = results as [Answer, Answer];
    expect((list.value!.storage as { problem: string }).problem).toMatch(/full/);
    expect(save).toMatchObject({ ok: false, error: { kind: 'StorageUnavailable', data: { reason: 'full' } } });
  }, 60_000);

  it('full at start: once space returns, a save is still refused in words that say to restart, never "saves again as soon as there is room"', () => {
    const dataDir = mkdtempSync(join(workDir, 'full-start-'));
    const fill = `mount -t tmpfs -o size=64k tmpfs ${dataDir} && (dd if=/dev/zero of=${dataDir}/filler bs=4k count=64 2>/dev/null || true)`;
    const { started, results } = consoleOn(dataDir, fill, [
      ['profiles.save', newServer],
      ['!remove', join(dataDir, 'filler')],
      ['profiles.save', newServer],
      ['profiles.list', undefined],
      ['!list', dataDir],
    ]);
    expect(started).toBe(true);
    const [first, , again, list, files] = results as [Answer, Answer, Answer, Answer, Answer];
    // The start's write check leaves nothing behind on a disk that refused its bytes.
    expect(files.value!.files).not.toContain('.watchdesk-write-check');
    for (const refused of [first, again]) {
      expect(refused).toMatchObject({ ok: false, error: { kind: 'StorageUnavailable', data: { path: dataDir, reason: 'full' } } });
      expect(refused.error!.message).toMatch(/was full when Watchdesk started.*restart Watchdesk/);
      expect(refused.error!.message).not.toMatch(/as soon as there is room/);
    }
    const storage = list.value!.storage as { writable: boolean; problem: string };
    expect(storage.writable).toBe(false);
    expect(storage.problem).toMatch(/restart Watchdesk/);
    // Only the built-in demo server (kept in memory): the refused one does not show as saved.
    expect((list.value!.profiles as Array<{ name: string }>).map((p) => p.name)).not.toContain(newServer.name);
  }, 60_000);
});

describe('the data folder on start', () => {
  async function start(dataDir: string) {
    const app = await createApp({
      dataDir,
      demo: false,
      hostFacts: { host: 'web', electronVersion: null, chromeVersion: null },
      vault: createVault({ service: 'watchdesk-folder-test', backend: memoryKeychain() }),
    });
    const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
    return { app, call: (channel: string, input?: unknown) => registry.call(channel, input, { transport: 'test' }) };
  }

  it('removes leftover temp files of interrupted atomic writes', async () => {
    const dataDir = mkdtempSync(join(workDir, 'tmp-'));
    writeFileSync(join(dataDir, '.profiles.json.999999999.a1b2c3d4e5f6.tmp'), '{"half":');
    const { app } = await start(dataDir);
    expect(readdirSync(dataDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await app.dispose();
  });

  it('tells on screen that a damaged earlier profiles file could not be taken in, and leaves it where it is, still 0600', async () => {
    const dataDir = mkdtempSync(join(workDir, 'corrupt-'));
    writeFileSync(join(dataDir, 'profiles.json'), '{ not json', { mode: 0o600 });
    chmodSync(join(dataDir, 'profiles.json'), 0o600);
    const { app, call } = await start(dataDir);
    const list = (await call('profiles.list')) as Answer;
    expect(list.ok).toBe(true);
    const notices = (list.value!.storage as { notices: string[] }).notices;
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/server profiles saved by an earlier version \(profiles\.json\) could not be read, so it was left where it is/);
    expect(statSync(join(dataDir, 'profiles.json')).mode & 0o777).toBe(0o600);
    await app.dispose();
  });

  it('takes in the readable profiles of an earlier file and sets the whole file aside, still 0600', async () => {
    const dataDir = mkdtempSync(join(workDir, 'partial-'));
    const now = new Date().toISOString();
    const good = { id: randomUUID(), name: 'Readable', baseUrl: 'https://ok.example.com', kind: 'server', tokenStyle: 'bearer', tls: { mode: 'system' }, timeoutMs: 15000, createdAt: now, updatedAt: now };
    writeFileSync(join(dataDir, 'profiles.json'), JSON.stringify({ version: 1, activeId: null, profiles: [{ broken: true }, good] }), { mode: 0o600 });
    chmodSync(join(dataDir, 'profiles.json'), 0o600);
    const { app, call } = await start(dataDir);
    const list = (await call('profiles.list')) as Answer;
    expect((list.value!.profiles as Array<{ name: string }>).map((p) => p.name)).toEqual(['Readable']);
    expect(statSync(join(dataDir, 'profiles.json.before-database')).mode & 0o777).toBe(0o600);
    await app.dispose();
  });
});
