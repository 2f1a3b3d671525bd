import type { Dirent } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Reads a whole file, or null when it does not exist (any other error is thrown). */
export async function readFileIfExists(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT')) return null;
    throw error;
  }
}

function isErrnoCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

/**
 * `.profiles.json.1234.a1b2c3d4e5f6.tmp`: the temp files the atomic writes of versions before the database made (the pid
 * is the writer's); a folder carried over from one may still hold those of a write that was killed.
 */
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
