import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_FOLDER_LOCK_FILE, DATA_FOLDER_OS_LOCK_FILE } from '../../../main/storage/data-folder-lock';
import { bundleChild } from '../../support/bundle-child';
import { canMount } from '../../support/small-disk';

/** A read-only folder is a read-only bind mount in a private mount namespace (root only, as in the full-disk suite). */
const work = mkdtempSync(join(tmpdir(), 'wd-lock-race-'));
let child = '';
beforeAll(async () => {
  child = await bundleChild('test/support/children/folder-lock-child.ts', join(work, 'folder-lock-child.mjs'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Started {
  pid: number;
  taken: boolean;
  holder: number | null;
}

/** Starts `count` consoles on one folder at the same moment; each that gets the folder holds it for `holdMs`. */
function startTogether(dataDir: string, count: number, holdMs: number): Promise<Started[]> {
  return Promise.all(
    Array.from({ length: count }, () => new Promise<Started>((resolve, reject) => {
      const started = spawn(process.execPath, [child, dataDir, String(holdMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
      let output = '';
      started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      started.on('error', reject);
      // 'close', not 'exit': the child's last lines may still be in the pipe when it has exited.
      started.on('close', () => resolve(JSON.parse(output) as Started));
    })),
  );
}

/**
 * Starts `count` consoles on one folder at the same moment; the one that gets the folder holds it until every console
 * has said what it decided. (Held for a fixed time, it was let go before the last of eight had even started on a
 * loaded machine, and that one then rightly took the folder, free again, as a second winner.)
 */
async function startTogetherHeld(dataDir: string, count: number): Promise<Started[]> {
  const children = Array.from({ length: count }, () => spawn(process.execPath, [child, dataDir, 'stdin'], { stdio: ['pipe', 'pipe', 'inherit'] }));
  const closed = children.map((started) => new Promise<void>((resolve) => started.on('close', () => resolve())));
  try {
    return await Promise.all(
      children.map((started) => new Promise<Started>((resolve, reject) => {
        let output = '';
        started.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('\n')) resolve(JSON.parse(output) as Started);
        });
        started.on('error', reject);
        started.on('close', () => reject(new Error(`a console ended without saying what it decided: ${output}`)));
      })),
    );
  } finally {
    for (const started of children) started.stdin.end();
    await Promise.all(closed);
  }
}

/** A lock file left by a console that was killed: its process is gone. */
function staleLock(): string {
  const gonePid = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
  return JSON.stringify({ host: 'web', pid: gonePid, address: null, startedAt: '2026-11-26T09:00:00.000Z' });
}

describe('consoles starting together on one data folder', () => {
  it('a stale lock left by a killed console is taken over by exactly one of eight, and the others name it', async () => {
    const dataDir = join(work, 'stale');
    spawnSync('mkdir', ['-p', dataDir]);
    writeFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), staleLock());
    const outcomes = await startTogetherHeld(dataDir, 8);
    const winners = outcomes.filter((outcome) => outcome.taken);
    expect(winners).toHaveLength(1);
    for (const loser of outcomes.filter((outcome) => !outcome.taken)) expect(loser.holder).toBe(winners[0]!.pid);
  }, 60_000);

  // The moment two consoles raced for: one has decided the old lock was stale and is taking it over, so the file
  // still names the killed console. Before the OS lock, a second console reading the file then took the folder too.
  it('a console that is taking a stale lock over is not overtaken while its lock file still names the console before it', async () => {
    const dataDir = join(work, 'taking-over');
    spawnSync('mkdir', ['-p', dataDir]);
    writeFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), staleLock());
    // This test's process is the console taking over: it holds the OS lock and writes who it is a moment later.
    const osLock = new DatabaseSync(join(dataDir, DATA_FOLDER_OS_LOCK_FILE));
    osLock.exec('PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE; COMMIT;');
    try {
      setTimeout(() => writeFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), JSON.stringify({ host: 'web', pid: process.pid, address: null, startedAt: new Date().toISOString() })), 300);
      const [second] = await startTogether(dataDir, 1, 0);
      expect(second).toMatchObject({ taken: false, holder: process.pid });
    } finally {
      osLock.close();
    }
  }, 60_000);

  it('a console killed while it holds the folder leaves it to the next one', async () => {
    const dataDir = join(work, 'killed');
    const holder = spawn(process.execPath, [child, dataDir, '60000'], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    const refused = await startTogether(dataDir, 1, 0);
    expect(refused[0]).toMatchObject({ taken: false, holder: holder.pid });
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    // Its lock file still names it; the OS lock went with the process.
    expect((JSON.parse(readFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), 'utf8')) as { pid: number }).pid).toBe(holder.pid);
    const next = await startTogether(dataDir, 1, 0);
    expect(next[0]!.taken).toBe(true);
  }, 60_000);

  // A lock database that is not a database (a disk error, a file copied over it): SQLite refuses to lock it, and a
  // console that then went on without the OS lock left the folder to the race the lock exists to prevent.
  it('a lock database that is garbage is made a lock again: the console that takes the folder holds its OS lock', async () => {
    const dataDir = join(work, 'garbage');
    spawnSync('mkdir', ['-p', dataDir]);
    writeFileSync(join(dataDir, DATA_FOLDER_OS_LOCK_FILE), 'not a database, '.repeat(512));
    writeFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), staleLock());
    const holder = spawn(process.execPath, [child, dataDir, '60000'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const said = await new Promise<string>((resolve) => holder.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())));
      expect(JSON.parse(said)).toMatchObject({ taken: true });
      // Another console deciding about the folder now finds its OS lock held, as with a sound lock database.
      const probe = new DatabaseSync(join(dataDir, DATA_FOLDER_OS_LOCK_FILE), { timeout: 0 });
      try {
        expect(() => probe.exec('PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE; COMMIT;')).toThrow(/locked|busy/i);
      } finally {
        probe.close();
      }
    } finally {
      holder.kill('SIGKILL');
    }
  }, 60_000);

  // A disk remounted read-only after errors, under the lock file of a console that was killed: the lock cannot be
  // taken over (nor removed), and the start goes on without it, as on any folder that cannot be written, to show what
  // the database holds and say why nothing is saved. It threw "Read-only file system" and the console never started.
  it.skipIf(!canMount)('a read-only data folder with a stale lock left in it lets the console start without a lock', () => {
    const dataDir = join(work, 'read-only');
    spawnSync('mkdir', ['-p', dataDir]);
    writeFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), staleLock());
    writeFileSync(join(dataDir, DATA_FOLDER_OS_LOCK_FILE), '');
    const started = spawnSync('unshare', ['-m', 'sh', '-c', 'mount --bind "$2" "$2" && mount -o remount,ro,bind "$2" && exec "$0" "$1" "$2" 0', process.execPath, child, dataDir], { encoding: 'utf8', timeout: 30_000 });
    expect(started.stderr).toBe('');
    expect(JSON.parse(started.stdout)).toMatchObject({ taken: false, holder: null });
  }, 60_000);
});
