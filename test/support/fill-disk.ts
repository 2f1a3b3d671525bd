import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

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

/** Gives the space `fillDisk` took back. */
export function freeDisk(folder: string): void {
  rmSync(join(folder, FILLER), { force: true });
}
