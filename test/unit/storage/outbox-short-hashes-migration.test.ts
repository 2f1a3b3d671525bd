import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleChild } from '../../support/bundle-child';
import { newEntryIds } from '../../../main/outbox/entry-ids';
import { queuedEntry } from '../../../main/outbox/outbox-state';
import { migrations, openStorage, type Storage } from '../../../main/storage';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { createSealer, type Sealer } from '../../../main/storage/sealer';
import type { CameraCreateRequest } from '../../../preload/contract/onboarding';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const camera = (n: number): CameraCreateRequest => ({ name: `Camera ${n}`, mac: `02:00:00:00:01:${n.toString(16).padStart(2, '0')}`, serial_number: `SN-${n}`, external_id: `ext-${n}`, group_external_id: 'g', folder_key: 'f' });

/** A row as step 11 wrote it: whole 32-byte keyed hashes of the external id, MAC and serial, the request sealed. */
function oldRow(storage: Storage, sealer: Sealer, id: string, request: CameraCreateRequest, state: 'queued' | 'created' = 'queued', clearedAt: string | null = null): void {
  storage.transaction(() =>
    storage
      .statement(
        `INSERT INTO outbox_entries (id, profile_id, external_id_hash, mac_hash, serial_hash, state, created_at, updated_at, due_at, body, cleared_at)
         VALUES (?, 'site', ?, ?, ?, ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', ?, ?, ?)`,
      )
      .run(
        id,
        sealer.hash('external-id', request.external_id!),
        sealer.hash('mac', request.mac!.toLowerCase()),
        sealer.hash('serial', request.serial_number!.toLowerCase()),
        state,
        state === 'queued' ? 0 : null,
        sealer.sealJson({ profileName: 'Site', request }, `outbox:${id}`),
        clearedAt,
      ),
  );
}

describe('schema step 12: the outbox keeps keyed hashes of 16 bytes', () => {
  it('still knows every camera saved with whole hashes by each identifier, and still refuses its external id again', () => {
    const folder = mkdtempSync(join(tmpdir(), 'wd-migration-12-'));
    folders.push(folder);
    const sealer = createSealer(randomBytes(32));
    const before = openStorage({ folder, migrations: migrations.filter((step) => step.version <= 11) });
    const ids = newEntryIds(3);
    ids.forEach((id, n) => oldRow(before, sealer, id, camera(n)));
    expect(before.statement('SELECT DISTINCT length(external_id_hash) AS n FROM outbox_entries').all()).toEqual([{ n: 32 }]);
    before.close();

    const after = openStorage({ folder, migrations });
    const repository = new OutboxRepository(after, sealer);
    expect(after.statement('SELECT DISTINCT length(external_id_hash) AS a, length(mac_hash) AS b, length(serial_hash) AS c FROM outbox_entries').all()).toEqual([{ a: 16, b: 16, c: 16 }]);
    // Found by each identifier alone, as an import's check asks.
    expect(repository.known('site', { mac: camera(1).mac } as CameraCreateRequest)).toMatchObject({ kind: 'mac', state: 'queued' });
    expect(repository.known('site', { serial_number: 'sn-2' } as CameraCreateRequest)).toMatchObject({ kind: 'serial' });
    expect(repository.known('site', { external_id: 'ext-0' } as CameraCreateRequest)).toMatchObject({ kind: 'external-id' });
    expect(repository.known('other-site', camera(0))).toBeNull();
    // The unique index still holds one entry per external id: the same one again is refused, a new one goes in.
    const at = new Date().toISOString();
    const [again, fresh] = newEntryIds(2);
    const { added, refused } = repository.insert([queuedEntry(again!, camera(0), { profileId: 'site', profileName: 'Site' }, at), queuedEntry(fresh!, camera(9), { profileId: 'site', profileName: 'Site' }, at)]);
    expect(refused).toEqual([0]);
    expect(added.map((entry) => entry.id)).toEqual([fresh]);
    expect(repository.get(ids[1]!)?.request).toEqual(camera(1));
    after.close();
  });

  it('still knows cameras created, and created then cleared from the list, by each identifier, and refuses queueing them again', () => {
    const folder = mkdtempSync(join(tmpdir(), 'wd-migration-12-'));
    folders.push(folder);
    const sealer = createSealer(randomBytes(32));
    const before = openStorage({ folder, migrations: migrations.filter((step) => step.version <= 11) });
    const [queued, created, cleared] = newEntryIds(3);
    oldRow(before, sealer, queued!, camera(0));
    oldRow(before, sealer, created!, camera(1), 'created');
    oldRow(before, sealer, cleared!, camera(2), 'created', '2026-01-02T00:00:00.000Z');
    before.close();

    const after = openStorage({ folder, migrations });
    const repository = new OutboxRepository(after, sealer);
    expect(repository.known('site', { mac: camera(1).mac } as CameraCreateRequest)).toMatchObject({ kind: 'mac', state: 'created', cleared: false });
    expect(repository.known('site', { serial_number: 'SN-2' } as CameraCreateRequest)).toMatchObject({ kind: 'serial', state: 'created', cleared: true });
    expect(repository.known('site', { external_id: 'ext-2' } as CameraCreateRequest)).toMatchObject({ kind: 'external-id', state: 'created', cleared: true });
    // The same external ids queued again (with new MACs and serials) are refused, the cleared one too; a new one goes in.
    const at = new Date().toISOString();
    const again = newEntryIds(4);
    const fresh = (n: number, external: number): CameraCreateRequest => ({ ...camera(n), external_id: `ext-${external}` });
    const { added, refused } = repository.insert(
      [fresh(20, 0), fresh(21, 1), fresh(22, 2), fresh(23, 23)].map((request, i) => queuedEntry(again[i]!, request, { profileId: 'site', profileName: 'Site' }, at)),
    );
    expect(refused).toEqual([0, 1, 2]);
    expect(added.map((entry) => entry.id)).toEqual([again[3]]);
    after.close();
  });

  /** A full disk is a small tmpfs in a private mount namespace (root only, as in the full-disk suite). */
  const canMount = process.getuid?.() === 0 && spawnSync('unshare', ['-m', 'true']).status === 0;

  it.skipIf(!canMount)('on a disk too full for the step, the console starts read-only with the full-disk sentence, the file untouched; once freed, the next start finishes the step', async () => {
    const work = mkdtempSync(join(tmpdir(), 'wd-migration-12-full-'));
    folders.push(work);
    const child = await bundleChild('test/support/children/migration-full-disk-child.ts', join(work, 'child.mjs'));
    const mount = join(work, 'disk');
    const out = execFileSync('unshare', ['-m', 'sh', '-c', `mkdir -p "$2" && mount -t tmpfs -o size=8m tmpfs "$2" && mkdir "$2/data" && exec "$0" "$1" "$2/data" 3000`, process.execPath, child, mount], {
      env: { ...process.env, WATCHDESK_LOG: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const seen = JSON.parse(out.trim().split('\n').pop()!) as { full: { writable?: boolean; notices?: string[]; threw?: string }; fullOnDisk: unknown; freed: unknown; freedOnDisk: unknown };
    // Told as a full disk (never a bare SQLite sentence that stops the start), and nothing of the step is left half done.
    expect(seen.full.threw).toBeUndefined();
    expect(seen.full.writable).toBe(false);
    expect(seen.full.notices?.join('\n')).toMatch(/full/i);
    expect(seen.fullOnDisk).toEqual({ version: 11, lengths: [{ a: 32, b: 32, c: 32, n: 3000 }] });
    // The next start with room finishes it: every camera still known, its external id still refused.
    expect(seen.freed).toEqual({ writable: true, refused: [0], known: 'mac' });
    // The later steps run too (the start migrates to the newest schema).
    expect(seen.freedOnDisk).toEqual({ version: migrations.at(-1)!.version, lengths: [{ a: 16, b: 16, c: 16, n: 3000 }] });
  }, 90_000);
});
