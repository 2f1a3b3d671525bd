import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

export type SmallFile = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'unreadable' | 'not-a-file' | 'too-large' };

// Non-blocking: opening a FIFO for reading would otherwise wait for a writer forever. No controlling terminal either.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * Reads a file that is expected to be small (a certificate), refusing anything that is not a regular file or is larger
 * than `maxBytes`. The size is checked while reading, not only from the file's stated size: files under /proc and
 * /sys state 0 bytes and may never end. Never throws: the caller words each reason (or one sentence for all of them).
 */
export async function readSmallFile(path: string, maxBytes: number): Promise<SmallFile> {
  let handle;
  try {
    handle = await open(path, OPEN_FLAGS);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return { ok: false, reason: 'not-a-file' };
    if (stat.size > maxBytes) return { ok: false, reason: 'too-large' };
    // One byte more than allowed tells a file that is too large from one that is exactly the limit.
    const buffer = new Uint8Array(maxBytes + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) return { ok: false, reason: 'too-large' };
    }
    return { ok: true, bytes: buffer.slice(0, length) };
  } catch {
    return { ok: false, reason: 'unreadable' };
  } finally {
    await handle.close().catch(() => undefined);
  }
}
