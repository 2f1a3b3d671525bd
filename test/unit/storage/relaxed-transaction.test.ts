import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../../../main/storage';
import type { Migration } from '../../../main/storage/migrate';
import { bundleChild } from '../../support/bundle-child';
import { canMount, runOnSmallDisk } from '../../support/small-disk';

const notes: Migration[] = [
  { version: 1, name: 'base', up: (db) => db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT') },
  { version: 2, name: 'notes', up: (db) => db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, external_id TEXT NOT NULL UNIQUE, body TEXT NOT NULL) STRICT') },
];

/** A full disk is a small tmpfs in a private mount namespace (root only, as in the full-disk suite). */
let workDir: string;
let childScript: string;
let fullDiskChild: string;
beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'watchdesk-relaxed-'));
  childScript = await bundleChild('test/support/children/relaxed-sync-child.ts', join(workDir, 'relaxed-sync-child.mjs'));
  fullDiskChild = await bundleChild('test/support/children/relaxed-full-disk-child.ts', join(workDir, 'relaxed-full-disk-child.mjs'));
}, 60_000);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const folder = (): string => mkdtempSync(join(workDir, 'data-'));
const externalIds = (storage: ReturnType<typeof openStorage>): Set<string> =>
  new Set((storage.statement('SELECT external_id FROM notes').all() as Array<{ external_id: string }>).map((row) => row.external_id));

/** Runs the child until it has acknowledged `acks` lines, then kills it with SIGKILL (no cleanup, no closing checkpoint). */
function killAfterAcks(dataDir: string, acks: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [childScript, dataDir], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, WATCHDESK_LOG: 'silent' } });
    let out = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.split('\nACK ').length > acks) child.kill('SIGKILL');
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    // 'close', not 'exit': the child's last lines may still be in the pipe when it has exited.
    child.on('close', (code, signal) => {
      clearTimeout(guard);
      if (signal !== 'SIGKILL') return reject(new Error(`the child ended by itself (${String(code)}): ${stderr}`));
      // Only whole lines count: a line cut by the kill was never fully told.
      const lines = out.split('\n').slice(0, -1);
      resolve(lines.filter((line) => line.startsWith('ACK ')).flatMap((line) => line.slice(4).split(' ').map((n) => `note-${n}`)));
    });
  });
}

describe('relaxed transactions and sync', () => {
  it('keeps a relaxed change visible at once, and after sync and a reopen', async () => {
    const dir = folder();
    const first = openStorage({ folder: dir, migrations: notes });
    first.relaxedTransaction(() => first.statement('INSERT INTO notes (external_id, body) VALUES (?, ?)').run('cam-1', 'hello'));
    expect(externalIds(first)).toEqual(new Set(['cam-1']));
    await first.sync();
    first.close();
    const again = openStorage({ folder: dir, migrations: notes });
    expect(externalIds(again)).toEqual(new Set(['cam-1']));
    // Back to synced commits afterwards: a plain transaction is durable when it returns.
    expect(again.statement('PRAGMA synchronous').get()).toEqual({ synchronous: 2 });
    again.close();
  });

  it('rolls a relaxed transaction that throws back, and leaves commits synced again', () => {
    const storage = openStorage({ folder: folder(), migrations: notes });
    expect(() =>
      storage.relaxedTransaction(() => {
        storage.statement('INSERT INTO notes (external_id, body) VALUES (?, ?)').run('cam-1', 'hello');
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(externalIds(storage)).toEqual(new Set());
    expect(storage.statement('PRAGMA synchronous').get()).toEqual({ synchronous: 2 });
    storage.close();
  });

  it('keeps every change acknowledged after sync when the process is killed (SIGKILL) right after the acknowledgement', async () => {
    const dir = folder();
    const acked = await killAfterAcks(dir, 40);
    expect(acked.length).toBeGreaterThanOrEqual(40 * 3);
    const storage = openStorage({ folder: dir, migrations: notes });
    expect(storage.health().integrity).toBe('ok');
    const kept = externalIds(storage);
    expect(acked.filter((id) => !kept.has(id))).toEqual([]);
    storage.close();
  }, 30_000);

  it.skipIf(!canMount)('refuses a relaxed change on a full disk with the full-disk sentence, changes nothing, and saves again once space returns', () => {
    const dataDir = folder();
    const { steps, kept } = runOnSmallDisk<{ steps: Record<string, { ok: boolean; kind?: string; message?: string }>; kept: string[] }>(fullDiskChild, dataDir, { sizeMb: 2 });
    expect(steps.before).toEqual({ ok: true });
    expect(steps.full).toMatchObject({ ok: false, kind: 'StorageUnavailable' });
    expect(steps.full!.message).toMatch(new RegExp(`^The disk holding ${dataDir} is full`));
    // A sync with nothing new to write has nothing to refuse; one that fails says the same sentence (never a bare error).
    if (!steps.fullSync!.ok) expect(steps.fullSync).toMatchObject({ kind: 'StorageUnavailable' });
    expect(steps.after).toEqual({ ok: true });
    expect(kept).toEqual(['before', 'after']);
  }, 90_000);
});
