import { chmodSync, mkdirSync, openSync, readFileSync, rmSync, truncateSync, writeFileSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { isBusy, isDamage } from './sqlite-errors';

/**
 * `<data folder>/watchdesk.lock`: which console (the desktop app or a web host) uses this folder, its process, and the
 * web host's address (never its secret).
 */
export const DATA_FOLDER_LOCK_FILE = 'watchdesk.lock';

/**
 * `<data folder>/watchdesk.lock.db`: an empty SQLite file whose exclusive lock the console holds while it runs. The
 * lock is the operating system's (POSIX advisory lock, LockFileEx on Windows), so it goes with the process however
 * it ends, and of two consoles deciding at the same moment whether a stale `watchdesk.lock` may be taken over, only
 * the one holding it decides. Node has no file lock of its own; SQLite's is built in and portable.
 */
export const DATA_FOLDER_OS_LOCK_FILE = 'watchdesk.lock.db';

export type LockHolder = 'electron' | 'web';

interface LockContent {
  host: LockHolder;
  pid: number;
  /** The host's origin (http://127.0.0.1:port), once it listens; null while it starts. */
  address: string | null;
  startedAt: string;
  /**
   * Linux: the boot the lock was written in and when its process started (clock ticks since that boot), so a lock
   * whose id now names another process is known for stale. Neither depends on the wall clock.
   */
  bootId?: string;
  startTicks?: number;
}

export interface DataFolderLock {
  /** Records the address the host listens on, for the sentence a second host says. */
  setAddress(address: string): void;
  /** Removes the lock if it is still this process's. */
  release(): void;
}

export type LockOutcome =
  | { taken: true; lock: DataFolderLock }
  /**
   * Another live process holds the folder. `pid` 0: its OS lock is held, but no live console named itself in
   * `watchdesk.lock` meanwhile (another program has the lock file open).
   */
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

/** This boot's id (Linux), null elsewhere. */
function currentBootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/**
 * When the process started, in clock ticks since boot (Linux), null elsewhere or when it is gone. The command name in
 * /proc/<pid>/stat may hold spaces and parentheses, so the fields are counted from its last ')'.
 */
function startTicksOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    return Number.isSafeInteger(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

/**
 * True when the lock's process id now names another process than the one that wrote it: written in an earlier boot
 * (after a crash and a reboot ids start again from low numbers, and the lock would name some system process and
 * refuse the folder at every start), or the process with that id started at another moment.
 */
function idReused(holder: LockContent): boolean {
  const bootId = currentBootId();
  if (holder.bootId !== undefined && bootId !== null && holder.bootId !== bootId) return true;
  if (holder.startTicks === undefined) return false;
  const ticks = startTicksOf(holder.pid);
  return ticks !== null && ticks !== holder.startTicks;
}

/** Where this process is, for a later reader to tell it from a process given the same id (Linux only). */
function ownIdentity(): Pick<LockContent, 'bootId' | 'startTicks'> {
  const bootId = currentBootId();
  const startTicks = startTicksOf(process.pid);
  return bootId !== null && startTicks !== null ? { bootId, startTicks } : {};
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
      ...(typeof parsed.bootId === 'string' ? { bootId: parsed.bootId } : {}),
      ...(typeof parsed.startTicks === 'number' ? { startTicks: parsed.startTicks } : {}),
    };
  } catch {
    return null;
  }
}

/** The folder's OS lock, held until the connection closes; 'busy' when another process holds it; null when it cannot be taken here. */
function holdOsLock(dataDir: string, again = true): DatabaseSync | 'busy' | null {
  const path = join(dataDir, DATA_FOLDER_OS_LOCK_FILE);
  let connection: DatabaseSync | null = null;
  try {
    connection = new DatabaseSync(path, { timeout: 0 });
    chmodSync(path, 0o600);
    // EXCLUSIVE locking mode keeps the lock after the transaction; the write makes SQLite take it (and fails fast
    // with SQLITE_BUSY while another process holds it).
    connection.exec('PRAGMA locking_mode=EXCLUSIVE; PRAGMA journal_mode=DELETE; BEGIN EXCLUSIVE; COMMIT;');
    return connection;
  } catch (error) {
    connection?.close();
    if (again && isDamage(error)) {
      // Not a database (a disk error, a file copied over it): SQLite would refuse to lock it at every start, leaving
      // the folder without its OS lock. It holds nothing, so it is emptied (an empty file is an empty database) in
      // place: the same file, so a console that holds its lock by now keeps it, and locked again.
      try {
        truncateSync(path, 0);
      } catch {
        return null;
      }
      return holdOsLock(dataDir, false);
    }
    return isBusy(error) ? 'busy' : null;
  }
}

/** Synchronous pause while the holder of the OS lock writes who it is (it does so right after taking the lock). */
function pauseMs(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Who holds the folder while another process holds its OS lock: read from `watchdesk.lock` once that names it. */
function liveHolder(path: string): LockOutcome {
  let holder = readLock(path);
  for (let attempt = 0; attempt < 40 && !(holder && isAlive(holder.pid) && holder.pid !== process.pid); attempt++) {
    pauseMs(50);
    holder = readLock(path);
  }
  return { taken: false, host: holder?.host ?? 'web', pid: holder?.pid ?? 0, address: holder?.address ?? null };
}

/**
 * One console per data folder, whichever host it runs in: two would both send the same outbox (the server would get
 * each camera twice) and answer for the same history. The console first takes the folder's OS lock (see
 * DATA_FOLDER_OS_LOCK_FILE): another process holding it is a running console, told by what its `watchdesk.lock`
 * says. Holding it, the console reads `watchdesk.lock`: a lock of a live process is still refused (a console that
 * holds the folder without the OS lock), one left by a process that is gone (a killed console, a reboot) is taken
 * over. Synchronous: it runs once, before the database is opened.
 */
export function takeDataFolderLock(dataDir: string, host: LockHolder): LockOutcome {
  const path = join(dataDir, DATA_FOLDER_LOCK_FILE);
  const content: LockContent = { host, pid: process.pid, address: null, startedAt: new Date().toISOString(), ...ownIdentity() };
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch {
    return { taken: true, lock: null };
  }
  const osLock = holdOsLock(dataDir);
  if (osLock === 'busy') return liveHolder(path);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      try {
        writeFileSync(fd, JSON.stringify(content));
      } finally {
        closeSync(fd);
      }
      return { taken: true, lock: ownLock(path, content, osLock) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') break;
    }
    const holder = readLock(path);
    if (holder && holder.pid !== process.pid && isAlive(holder.pid) && !idReused(holder)) {
      osLock?.close();
      return { taken: false, host: holder.host, pid: holder.pid, address: holder.address };
    }
    // Stale (its process is gone, or its id now names another process) or unreadable (cut short by a crash): taken over.
    try {
      rmSync(path, { force: true });
    } catch {
      // It cannot be removed (a disk remounted read-only after errors): the folder cannot hold a lock, as below.
      break;
    }
  }
  osLock?.close();
  return { taken: true, lock: null };
}

function ownLock(path: string, content: LockContent, osLock: DatabaseSync | null): DataFolderLock {
  const stillMine = (): boolean => readLock(path)?.pid === process.pid;
  return {
    setAddress(address) {
      if (stillMine()) writeFileSync(path, JSON.stringify({ ...content, address }), { mode: 0o600 });
    },
    release() {
      if (stillMine()) rmSync(path, { force: true });
      // The OS lock goes last: until here no other console may decide about the folder.
      if (osLock?.isOpen) osLock.close();
    },
  };
}
