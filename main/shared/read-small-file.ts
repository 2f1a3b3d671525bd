import { open } from 'node:fs/promises';

export type SmallFile = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'unreadable' | 'not-a-file' | 'too-large' };

/**
 * Reads a file that is expected to be small (a certificate), refusing anything that is not a regular file or is larger
 * than `maxBytes` before reading it. Never throws: the caller words each reason (or one sentence for all of them).
 */
export async function readSmallFile(path: string, maxBytes: number): Promise<SmallFile> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return { ok: false, reason: 'not-a-file' };
    if (stat.size > maxBytes) return { ok: false, reason: 'too-large' };
    const bytes = new Uint8Array(await handle.readFile());
    return bytes.length > maxBytes ? { ok: false, reason: 'too-large' } : { ok: true, bytes };
  } catch {
    return { ok: false, reason: 'unreadable' };
  } finally {
    await handle.close().catch(() => undefined);
  }
}
