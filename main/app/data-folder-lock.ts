import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync, closeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `<data folder>/watchdesk.lock`: which console (the desktop app or a web host) uses this folder, its process, and the
 * web host's address (never its secret).
 */
export const DATA_FOLDER_LOCK_FILE = 'watchdesk.lock';

export type LockHolder = 'electron' | 'web';

interface LockContent {
  host: LockHolder;
  pid: number;
  /** The host's origin (http://127.0.0.1:port), once it listens; null while it starts. */
  address: string | null;
  startedAt: string;
}

export interface DataFolderLock {
  /** Records the address the host listens on, for the sentence a second host says. */
  setAddress(address: string): void;
  /** Removes the lock if it is still this process's. */
  release(): void;
}

export type LockOutcome =
  | { taken: true; lock: DataFolderLock }
  /** Another live process holds the folder. */
  | { taken: false; host: LockHolder; pid: number; address: string | null }
  /** The folder cannot hold a lock (it cannot be written): the app's start tells why, in its own words. */
  | { taken: true; lock: null };

/** True while a process with this id exists (EPERM: it exists, run by someone else). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockContent | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockContent>;
    // Only a positive whole number names one process: 0 and negative ids signal a group (kill(0) and kill(-1)
    // always succeed), so such a lock would look held for ever; it is unreadable and taken over instead.
    if (typeof parsed.pid !== 'number' || !Number.isSafeInteger(parsed.pid) || parsed.pid <= 0) return null;
    return {
      host: parsed.host === 'electron' ? 'electron' : 'web',
      pid: parsed.pid,
      address: typeof parsed.address === 'string' ? parsed.address : null,
      startedAt: String(parsed.startedAt),
    };
  } catch {
    return null;
  }
}

/**
 * One console per data folder, whichever host it runs in: two would both send the same outbox (the server would get
 * each camera twice) and answer for the same history. The lock file is created exclusively (`wx`), so of two
 * starting together one wins; a lock left by a process that is gone (a killed console, a reboot) is taken over.
 * Synchronous: it runs once, before the database is opened.
 */
export function takeDataFolderLock(dataDir: string, host: LockHolder): LockOutcome {
  const path = join(dataDir, DATA_FOLDER_LOCK_FILE);
  const content: LockContent = { host, pid: process.pid, address: null, startedAt: new Date().toISOString() };
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch {
    return { taken: true, lock: null };
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      try {
        writeFileSync(fd, JSON.stringify(content));
      } finally {
        closeSync(fd);
      }
      return { taken: true, lock: ownLock(path, content) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return { taken: true, lock: null };
    }
    const holder = readLock(path);
    if (holder && holder.pid !== process.pid && isAlive(holder.pid)) return { taken: false, host: holder.host, pid: holder.pid, address: holder.address };
    // Stale (its process is gone) or unreadable (cut short by a crash): taken over.
    rmSync(path, { force: true });
  }
  return { taken: true, lock: null };
}

function ownLock(path: string, content: LockContent): DataFolderLock {
  const stillMine = (): boolean => readLock(path)?.pid === process.pid;
  return {
    setAddress(address) {
      if (stillMine()) writeFileSync(path, JSON.stringify({ ...content, address }), { mode: 0o600 });
    },
    release() {
      if (stillMine()) rmSync(path, { force: true });
    },
  };
}
