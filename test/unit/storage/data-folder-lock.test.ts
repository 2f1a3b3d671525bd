import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_FOLDER_LOCK_FILE, DATA_FOLDER_OS_LOCK_FILE, takeDataFolderLock } from '../../../main/storage/data-folder-lock';
import { folderLockRefusal } from '../../../main/app/folder-lock-refusal';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folderWithLock(content: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'wd-lock-'));
  folders.push(folder);
  writeFileSync(join(folder, DATA_FOLDER_LOCK_FILE), content);
  return folder;
}

describe('a lock file whose process id names no single process', () => {
  // process.kill(0, 0) and process.kill(-1, 0) signal a process group or every process and succeed, so a lock
  // holding such a number looked held by a live console for ever, and the folder was refused at every start.
  it.each(['0', '-1', '-4242', '1.5', '"123"'])('is taken over when the pid is %s', (pid) => {
    const folder = folderWithLock(`{"host":"web","pid":${pid},"address":null,"startedAt":"2026-11-26T09:00:00.000Z"}`);
    const outcome = takeDataFolderLock(folder, 'web');
    expect(outcome.taken).toBe(true);
    if (outcome.taken && outcome.lock) outcome.lock.release();
  });

  it('still refuses a lock held by a live process', () => {
    const folder = folderWithLock(JSON.stringify({ host: 'web', pid: process.ppid, address: 'http://127.0.0.1:4000', startedAt: 'x' }));
    const outcome = takeDataFolderLock(folder, 'web');
    expect(outcome).toMatchObject({ taken: false, pid: process.ppid, address: 'http://127.0.0.1:4000' });
    expect(JSON.parse(readFileSync(join(folder, DATA_FOLDER_LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.ppid });
  });
});

describe('a lock whose process id now names another process', () => {
  const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  const startTicks = (pid: number) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  };
  // The parent process stands in for whatever process was given the id after the console that wrote the lock died.
  const lockOf = (fields: Record<string, unknown>) => JSON.stringify({ host: 'electron', pid: process.ppid, address: null, startedAt: new Date().toISOString(), ...fields });

  it.runIf(process.platform === 'linux')('is taken over when it was written in an earlier boot (a crash, then a reboot)', () => {
    const outcome = takeDataFolderLock(folderWithLock(lockOf({ bootId: '00000000-0000-4000-8000-000000000000', startTicks: startTicks(process.ppid) })), 'web');
    expect(outcome.taken).toBe(true);
    if (outcome.taken && outcome.lock) outcome.lock.release();
  });

  it.runIf(process.platform === 'linux')('is taken over when the process with that id started at another moment', () => {
    const outcome = takeDataFolderLock(folderWithLock(lockOf({ bootId, startTicks: startTicks(process.ppid) + 1 })), 'web');
    expect(outcome.taken).toBe(true);
    if (outcome.taken && outcome.lock) outcome.lock.release();
  });

  it.runIf(process.platform === 'linux')('still refuses the folder while the process that wrote it runs', () => {
    const outcome = takeDataFolderLock(folderWithLock(lockOf({ bootId, startTicks: startTicks(process.ppid) })), 'web');
    expect(outcome).toMatchObject({ taken: false, pid: process.ppid });
  });

  it.runIf(process.platform === 'linux')('records the boot and the start of the process that takes it', () => {
    const folder = mkdtempSync(join(tmpdir(), 'wd-lock-'));
    folders.push(folder);
    const outcome = takeDataFolderLock(folder, 'web');
    const written = JSON.parse(readFileSync(join(folder, DATA_FOLDER_LOCK_FILE), 'utf8')) as { bootId: string; startTicks: number };
    expect(written).toMatchObject({ pid: process.pid, bootId, startTicks: startTicks(process.pid) });
    if (outcome.taken && outcome.lock) outcome.lock.release();
  });
});

describe('a lock database another program holds open', () => {
  // A backup or sync tool, or a person with the sqlite3 shell, in a read of watchdesk.lock.db holds its lock: the
  // folder is refused (nothing can tell that program from a console taking the folder), but no Watchdesk named
  // "process 0" is said to use it; the sentence names the file and what to do.
  it.each(['web', 'electron'] as const)('is refused by the %s host in words that name the file, not a console with process 0', (asking) => {
    const folder = mkdtempSync(join(tmpdir(), 'wd-lock-'));
    folders.push(folder);
    const reader = new DatabaseSync(join(folder, DATA_FOLDER_OS_LOCK_FILE));
    reader.exec('BEGIN');
    reader.prepare('SELECT count(*) FROM sqlite_schema').get();
    try {
      const outcome = takeDataFolderLock(folder, asking);
      expect(outcome.taken).toBe(false);
      if (outcome.taken) return;
      const sentence = folderLockRefusal(outcome, asking, folder);
      expect(sentence).not.toMatch(/process 0\b/);
      expect(sentence).toContain(join(folder, DATA_FOLDER_OS_LOCK_FILE));
    } finally {
      reader.close();
    }
  });
});
