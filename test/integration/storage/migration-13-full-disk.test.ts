import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../main/storage';
import { bundleChild } from '../../support/bundle-child';
import { canMount } from '../../support/small-disk';

/** A full disk is a small tmpfs in a private mount namespace (root only, as in the full-disk suite). */
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('schema step 13 on a full disk', () => {
  it.skipIf(!canMount)('changes nothing, says the disk is full and shows the outbox as it is; once freed, the next start moves every entry over as it was', async () => {
    const work = mkdtempSync(join(tmpdir(), 'wd-migration-13-full-'));
    folders.push(work);
    const child = await bundleChild('test/integration/storage/migration-13-full-disk-child.ts', join(work, 'child.mjs'));
    const mount = join(work, 'disk');
    const out = execFileSync('unshare', ['-m', 'sh', '-c', `mkdir -p "$2" && mount -t tmpfs -o size=8m tmpfs "$2" && mkdir "$2/data" && exec "$0" "$1" "$2/data" 3000`, process.execPath, child, mount], {
      env: { ...process.env, WATCHDESK_LOG: 'silent' },
      encoding: 'utf8',
      timeout: 90_000,
    });
    const seen = JSON.parse(out.trim().split('\n').pop()!) as {
      full: { writable?: boolean; notices?: string[]; shown?: number; threw?: string };
      fullOnDisk: unknown;
      freed: unknown;
      freedOnDisk: unknown;
    };
    // Told as a full disk, never a bare SQLite sentence that stops the start; nothing of the step is left half done.
    expect(seen.full.threw).toBeUndefined();
    expect(seen.full.writable).toBe(false);
    expect(seen.full.notices?.join('\n')).toMatch(/full/i);
    // Meanwhile the outbox is shown as it is (read-only), not as if it were empty.
    expect(seen.full.shown).toBe(2700);
    expect(seen.fullOnDisk).toEqual({ version: 12, entries: 3000, tables: ['outbox_entries'] });
    // With room, the next start finishes it: every live entry (the discarded ones are there for an undo) as it was.
    expect(seen.freed).toEqual({ writable: true, entries: 2700, differing: null });
    expect(seen.freedOnDisk).toEqual({ version: migrations.at(-1)!.version, entries: 3000, tables: ['outbox_entries', 'outbox_requests'] });
  }, 120_000);
});
