import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface WriteFileAtomicOptions {
  /** File mode for a newly written file; 0o600 for anything private. */
  mode?: number;
}

/**
 * Replaces `path` with `data` so that a reader (or a crash) sees either the old content or the new, never half a
 * file: write a temp file in the same folder, fsync it, rename it over the target, then fsync the folder so the
 * rename itself survives a power cut. Creates the folder when missing.
 */
export async function writeFileAtomic(
  path: string,
  /**
   * The content, or its pieces in order (written one after the other, never joined into one more copy). Pieces from
   * an async iterable are asked for one at a time, each after the previous one is written: a file of megabytes is
   * then written without ever being whole in memory (the iterable may even hand back the same buffer refilled).
   */
  data: string | Buffer | readonly Buffer[] | AsyncIterable<Uint8Array>,
  options: WriteFileAtomicOptions = {},
): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const mode = options.mode ?? 0o666;
  let renamed = false;
  try {
    const handle = await open(temp, 'wx', mode);
    try {
      if (typeof data === 'string' || Buffer.isBuffer(data)) await handle.writeFile(data);
      // Each piece is written from where the previous one ended (writeFile on a handle writes at its position).
      else if (Symbol.asyncIterator in data) for await (const piece of data) await handle.writeFile(piece);
      else for (const piece of data) await handle.writeFile(piece);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
    renamed = true;
    await syncDirectory(dir);
  } finally {
    if (!renamed) await rm(temp, { force: true });
  }
}

/** Reads a whole file, or null when it does not exist (any other error is thrown). */
export async function readFileIfExists(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT')) return null;
    throw error;
  }
}

/** Makes a file's creation or rename in `dir` durable (a no-op where directories cannot be synced). */
export async function syncDirectory(dir: string): Promise<void> {
  // Windows cannot open a directory for fsync; there the rename is already durable enough (NTFS journals it).
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch (error) {
    // Some file systems (certain network mounts) refuse fsync on a directory; the data file itself is synced.
    if (!isErrnoCode(error, 'EINVAL') && !isErrnoCode(error, 'ENOTSUP') && !isErrnoCode(error, 'EISDIR')) throw error;
  } finally {
    await handle.close();
  }
}

function isErrnoCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

/** `.profiles.json.1234.a1b2c3d4e5f6.tmp`: the temp files writeFileAtomic makes (the pid is the writer's). */
const TEMP_FILE = /^\..+\.(\d+)\.[0-9a-f]{12}\.tmp$/;

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return isErrnoCode(error, 'EPERM');
  }
}

/**
 * Removes the temp files of atomic writes that never finished (the writer crashed or lost power before the rename),
 * leaving those of a writer that is still running, in `dir` and in its feature folders (`agents/`, the dashboard
 * cache…) down to `depth` levels. Returns the paths removed, relative to `dir`. A folder that cannot be listed or
 * written is left as it is: the caller learns about that from its own writes.
 */
export async function cleanLeftoverTempFiles(dir: string, depth = 2): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const entry of entries) {
    if (entry.isDirectory()) {
      if (depth > 0) removed.push(...(await cleanLeftoverTempFiles(join(dir, entry.name), depth - 1)).map((name) => join(entry.name, name)));
      continue;
    }
    const match = TEMP_FILE.exec(entry.name);
    if (!match || isRunning(Number(match[1]))) continue;
    try {
      await rm(join(dir, entry.name), { force: true });
      removed.push(entry.name);
    } catch {
      // Read-only folder: nothing to do about it here.
    }
  }
  return removed;
}
