import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSmallFile } from '../../../main/shared/read-small-file';

const dir = mkdtempSync(join(tmpdir(), 'wd-small-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readSmallFile', () => {
  it('reads a regular file up to the limit, and refuses one byte more', async () => {
    writeFileSync(join(dir, 'exact'), 'x'.repeat(64));
    writeFileSync(join(dir, 'over'), 'x'.repeat(65));
    const exact = await readSmallFile(join(dir, 'exact'), 64);
    expect(exact.ok && new TextDecoder().decode(exact.bytes)).toBe('x'.repeat(64));
    expect(await readSmallFile(join(dir, 'over'), 64)).toEqual({ ok: false, reason: 'too-large' });
  });

  it('refuses a folder and a missing path without throwing', async () => {
    mkdirSync(join(dir, 'folder'));
    expect(await readSmallFile(join(dir, 'folder'), 64)).toEqual({ ok: false, reason: 'not-a-file' });
    expect(await readSmallFile(join(dir, 'missing'), 64)).toEqual({ ok: false, reason: 'unreadable' });
  });

  it.skipIf(process.platform === 'win32')('refuses a FIFO at once instead of waiting for a writer', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    expect(await readSmallFile(fifo, 64)).toEqual({ ok: false, reason: 'not-a-file' });
  });

  it.skipIf(!existsSync('/proc/self/maps'))('stops at the limit in a file that states 0 bytes (/proc), and never reads one that does not end', async () => {
    // /proc/self/maps states 0 bytes and holds far more than 64.
    expect(await readSmallFile('/proc/self/maps', 64)).toEqual({ ok: false, reason: 'too-large' });
    // /proc/self/pagemap states 0 bytes and describes the whole address space: refused, never read to its end.
    expect((await readSmallFile('/proc/self/pagemap', 1024 * 1024)).ok).toBe(false);
  });
});
