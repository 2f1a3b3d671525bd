import { closeSync, openSync, rmSync, statSync, truncateSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE, migrations, openStorage, type Storage } from '../../main/storage';

const FILLER = 'filler';

/** Fills the (small tmpfs) disk under `folder` to the last byte, as a disk filling up under the console would. */
export function fillDisk(folder: string): void {
  const fd = openSync(join(folder, FILLER), 'w');
  const chunk = Buffer.alloc(4096, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch {
    // ENOSPC: full to the page.
  }
  try {
    for (;;) writeSync(fd, chunk.subarray(0, 1));
  } catch {
    // Full to the byte.
  }
  closeSync(fd);
}

/**
 * `fillDisk` once the console's write-ahead log in `folder` is empty. The checkpoint worker copies the commits into the
 * database about a second after them and empties the log an interval later (main/storage/checkpointer.ts): a disk
 * filled between those steps got the log's room back (hundreds of KB) or lost its spare room to the copy, and on a busy
 * machine a save meant to be refused went through, or one meant to fit was refused.
 */
export async function fillDiskOnceLogEmpty(folder: string, timeoutMs = 20_000): Promise<void> {
  const log = join(folder, `${DATABASE_FILE}-wal`);
  const deadline = Date.now() + timeoutMs;
  while ((statSync(log, { throwIfNoEntry: false })?.size ?? 0) > 0) {
    if (Date.now() > deadline) throw new Error(`the database's log in ${folder} was not emptied within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  fillDisk(folder);
}

/** Gives the space `fillDisk` took back. */
export function freeDisk(folder: string): void {
  rmSync(join(folder, FILLER), { force: true });
}

/**
 * A schema step on a disk full but for a little (`spareBytes`: the step begins, its rewrite of every row runs out):
 * the console's storage is started there, `look` says what it found, and the disk is freed. Answers what `look`
 * answered, or what the start threw.
 */
export function startedOnNearlyFullDisk(folder: string, look: (storage: Storage) => Record<string, unknown>, spareBytes = 96 * 1024): Record<string, unknown> {
  fillDisk(folder);
  const filler = join(folder, FILLER);
  truncateSync(filler, statSync(filler).size - spareBytes);
  let found: Record<string, unknown>;
  try {
    const storage = openStorage({ folder, migrations });
    found = look(storage);
    storage.close();
  } catch (error) {
    found = { threw: String(error) };
  }
  freeDisk(folder);
  return found;
}
