import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newEntryIds } from '../../../main/outbox/entry-ids';
import { queuedEntry } from '../../../main/outbox/outbox-state';
import { migrations, openStorage, type Storage } from '../../../main/storage';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { createSealer, type Sealer } from '../../../main/storage/sealer';
import { GROUP_MEMBERS } from '../../../main/storage/repositories/outbox-request-groups';
import type { CameraCreateRequest } from '../../../preload/contract/onboarding';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const camera = (n: number, password = `pw-${n}`): CameraCreateRequest => ({
  name: `Camera ${n}`,
  mac: `02:00:00:00:03:${n.toString(16).padStart(2, '0')}`,
  serial_number: `SN-${n}`,
  external_id: `ext-${n}`,
  group_external_id: 'g',
  folder_key: 'f',
  onvif_credentials: { login: 'admin', password },
});
const meta = { profileId: 'site', profileName: 'Site' };

function opened() {
  const folder = mkdtempSync(join(tmpdir(), 'wd-outbox-groups-'));
  folders.push(folder);
  const storage = openStorage({ folder, migrations });
  const sealer = createSealer(randomBytes(32));
  return { storage, sealer, repository: new OutboxRepository(storage, sealer) };
}

/** Every request sealed in the file, opened: what a thief with the data key would read. */
function sealedRequests(storage: Storage, sealer: Sealer): string {
  const rows = storage.statement('SELECT seq, body FROM outbox_requests').all() as Array<{ seq: number; body: Uint8Array }>;
  return rows.map((row) => sealer.open(row.body, `outbox-requests:${row.seq}`).toString('utf8')).join('\n');
}

describe('the requests of entries queued together, sealed together', () => {
  it('keeps one sealed row per queueing, holding only the entries that went in, each read back by a fresh repository', () => {
    const { storage, sealer, repository } = opened();
    const at = new Date().toISOString();
    const first = newEntryIds(3);
    repository.insert(first.map((id, n) => queuedEntry(id, camera(n), meta, at)));
    // A second queueing: its first entry's external id is taken, so it is refused and its request is not kept.
    const second = newEntryIds(3);
    const { refused } = repository.insert([queuedEntry(second[0]!, camera(0, 'refused-password'), meta, at), queuedEntry(second[1]!, camera(4), meta, at), queuedEntry(second[2]!, camera(5), meta, at)]);
    expect(refused).toEqual([0]);
    expect(storage.statement('SELECT count(*) AS n FROM outbox_requests').get()).toEqual({ n: 2 });
    expect(sealedRequests(storage, sealer)).not.toContain('refused-password');
    const fresh = new OutboxRepository(storage, sealer);
    expect(fresh.all().map((entry) => entry.request.onvif_credentials?.password)).toEqual(['pw-0', 'pw-1', 'pw-2', 'pw-4', 'pw-5']);
    expect(fresh.get(second[2]!)?.request).toEqual(camera(5));
    storage.close();
  });

  it('seals a large queueing a few requests to a row, so one damaged row loses few; every entry reads its own, also after edits', () => {
    const { storage, sealer, repository } = opened();
    const at = new Date().toISOString();
    const ids = newEntryIds(100);
    repository.insert(ids.map((id, n) => queuedEntry(id, camera(n), meta, at)));
    const sizes = (storage.statement('SELECT seq, body FROM outbox_requests ORDER BY seq').all() as Array<{ seq: number; body: Uint8Array }>).map(
      (row) => (JSON.parse(sealer.open(row.body, `outbox-requests:${row.seq}`).toString('utf8')) as unknown[]).length,
    );
    expect(sizes).toEqual([...Array.from({ length: Math.floor(100 / GROUP_MEMBERS) }, () => GROUP_MEMBERS), 100 % GROUP_MEMBERS].filter((n) => n > 0));
    // Edits of many at once fill groups of their own the same way, and the old requests are forgotten.
    const edited = ids.slice(0, 20).map((id, n) => ({ ...repository.get(id)!, request: camera(n, `edited-${n}`) }));
    repository.save(edited, true);
    const fresh = new OutboxRepository(storage, sealer);
    expect(fresh.all().map((entry) => entry.request.onvif_credentials?.password)).toEqual(ids.map((_, n) => (n < 20 ? `edited-${n}` : `pw-${n}`)));
    expect(sealedRequests(storage, sealer)).not.toMatch(/"pw-(1?[0-9])"/);
    storage.close();
  });

  it('forgets an edited request: the entry reads the new one, the others of its group still read, the old password is nowhere', () => {
    const { storage, sealer, repository } = opened();
    const at = new Date().toISOString();
    const ids = newEntryIds(3);
    repository.insert(ids.map((id, n) => queuedEntry(id, camera(n), meta, at)));
    const entry = repository.get(ids[1]!)!;
    repository.save([{ ...entry, request: camera(1, 'the-new-password') }], true);
    expect(sealedRequests(storage, sealer)).not.toContain('pw-1');
    const fresh = new OutboxRepository(storage, sealer);
    expect(fresh.all().map((one) => one.request.onvif_credentials?.password)).toEqual(['pw-0', 'the-new-password', 'pw-2']);
    storage.close();
  });

  it('forgets the requests of entries whose discard was made final, and drops a group left empty', () => {
    const { storage, sealer, repository } = opened();
    const at = new Date().toISOString();
    const group = newEntryIds(2);
    repository.insert(group.map((id, n) => queuedEntry(id, camera(n), meta, at)));
    const alone = newEntryIds(1);
    repository.insert([queuedEntry(alone[0]!, camera(7), meta, at)]);
    repository.discard([group[0]!, alone[0]!], 'mark-1');
    // Still there for the undo until the next discard.
    expect(sealedRequests(storage, sealer)).toContain('pw-7');
    repository.discard([], 'mark-2');
    const left = sealedRequests(storage, sealer);
    expect(left).not.toContain('pw-0');
    expect(left).not.toContain('pw-7');
    expect(storage.statement('SELECT count(*) AS n FROM outbox_requests').get()).toEqual({ n: 1 });
    expect(new OutboxRepository(storage, sealer).all().map((entry) => entry.request)).toEqual([camera(1)]);
    storage.close();
  });
});
