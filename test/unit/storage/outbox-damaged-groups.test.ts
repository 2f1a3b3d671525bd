import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newEntryIds } from '../../../main/outbox/entry-ids';
import { queuedEntry } from '../../../main/outbox/outbox-state';
import { DATABASE_FILE, migrations, openStorage } from '../../../main/storage';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { createSealer } from '../../../main/storage/sealer';
import { GROUP_MEMBERS } from '../../../main/storage/repositories/outbox-request-groups';
import type { CameraCreateRequest } from '../../../preload/contract/onboarding';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const PAGE = 4096;
const camera = (n: number): CameraCreateRequest => ({
  name: `Camera ${n}`,
  mac: `02:00:00:00:${(n >> 8).toString(16).padStart(2, '0')}:${(n & 255).toString(16).padStart(2, '0')}`,
  serial_number: `SN-${n}`,
  external_id: `ext-${n}`,
  group_external_id: 'g',
  folder_key: 'f',
  onvif_credentials: { login: 'admin', password: `pw-${n}` },
});
const meta = { profileId: 'site', profileName: 'Site' };

/** A closed database with `slices` queueings of `size` cameras each, and the sealed bytes of each queueing's row. */
function queuedInSlices(slices: number, size: number) {
  const folder = mkdtempSync(join(tmpdir(), 'wd-outbox-damaged-'));
  folders.push(folder);
  const sealer = createSealer(randomBytes(32));
  const storage = openStorage({ folder, migrations });
  const repository = new OutboxRepository(storage, sealer);
  const ids = newEntryIds(slices * size);
  for (let start = 0; start < ids.length; start += size) {
    repository.insert(ids.slice(start, start + size).map((id, i) => queuedEntry(id, camera(start + i), meta, new Date().toISOString())));
  }
  const rows = (storage.statement('SELECT body FROM outbox_requests ORDER BY seq').all() as Array<{ body: Uint8Array }>).map((row) => Buffer.from(row.body));
  storage.close();
  return { folder, sealer, ids, rows };
}

/** Writes garbage over the page of the file that holds these bytes (one page of a sealed row's overflow). */
function garbageOverPageOf(folder: string, bytes: Buffer): void {
  const file = join(folder, DATABASE_FILE);
  const at = readFileSync(file).indexOf(bytes);
  expect(at).toBeGreaterThan(0);
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(PAGE, 'garbage!'), 0, PAGE, Math.floor(at / PAGE) * PAGE);
  closeSync(fd);
}

describe('a damaged page under the outbox’s sealed requests', () => {
  it('is told in words when the outbox is read, and the next start keeps every camera whose request still reads, saying how many', () => {
    const { folder, sealer, ids, rows } = queuedInSlices(3, 60);
    // A page in the middle of the second queueing's sealed requests.
    const middle = Buffer.concat(rows).subarray(Buffer.concat(rows).length / 2);
    garbageOverPageOf(folder, middle.subarray(0, 64));

    const storage = openStorage({ folder, migrations });
    const repository = new OutboxRepository(storage, sealer);
    // The screen's read meets the damage: a sentence that says to restart, not a bare SQLite error.
    expect(() => repository.visible(300)).toThrow(/is damaged.*Restart Watchdesk/);
    expect(() => repository.all()).toThrow(/is damaged.*Restart Watchdesk/);
    storage.close();

    const told: string[] = [];
    const after = openStorage({ folder, migrations, notice: (sentence) => told.push(sentence()) });
    const kept = new OutboxRepository(after, sealer).all();
    // One page loses the few requests sealed on it (a group at most, or the ends of two), not a queueing, and not
    // every request stored after it; each entry kept reads its own request.
    expect(kept.length).toBeGreaterThanOrEqual(180 - 2 * GROUP_MEMBERS);
    expect(kept.length).toBeLessThan(180);
    for (const entry of kept) expect(entry.request.onvif_credentials?.password).toBe(`pw-${ids.indexOf(entry.id)}`);
    expect(kept.filter((entry) => ids.indexOf(entry.id) >= 120)).toHaveLength(60);
    // Told exactly: the outbox's entries were read in part, and how many of them are kept.
    expect(told).toHaveLength(1);
    expect(told[0]).toContain(`cameras in the outbox (${kept.length}; the rest of it could not be read)`);
    after.close();
  });
});

describe('a damaged first page of the outbox’s entries', () => {
  it('loses only the entries on it: the next start keeps every later one with its request, and says the entries were read in part', () => {
    const { folder, sealer, ids } = queuedInSlices(2, 60);
    // The first leaf page of the entries' table (where its first rows are), as SQLite's page statistics name it.
    const file = join(folder, DATABASE_FILE);
    const look = new DatabaseSync(file, { readOnly: true });
    const { pageno } = look.prepare("SELECT pageno FROM dbstat WHERE name = 'outbox_entries' AND pagetype = 'leaf' ORDER BY path LIMIT 1").get() as { pageno: number };
    look.close();
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(PAGE, 'garbage!'), 0, PAGE, (pageno - 1) * PAGE);
    closeSync(fd);
    // The damage is met while running (the file closed cleanly, so it was not checked at start); the next start salvages.
    const running = openStorage({ folder, migrations });
    expect(() => new OutboxRepository(running, sealer).all()).toThrow(/is damaged.*Restart Watchdesk/);
    running.close();
    const told: string[] = [];
    const storage = openStorage({ folder, migrations, notice: (sentence) => told.push(sentence()) });
    const kept = new OutboxRepository(storage, sealer).all();
    expect(kept.length).toBeGreaterThan(60);
    expect(kept.length).toBeLessThan(120);
    expect(kept.map((entry) => entry.id)).toEqual(ids.slice(120 - kept.length));
    for (const entry of kept) expect(entry.request.onvif_credentials?.password).toBe(`pw-${ids.indexOf(entry.id)}`);
    expect(told[0]).toContain(`cameras in the outbox (${kept.length}; the rest of it could not be read)`);
    storage.close();
  });
});

describe('a sealed group of requests that no longer opens', () => {
  it('stops neither an edit nor a final discard of the other entries it held; it goes once no entry names it', () => {
    const { folder, sealer, ids } = queuedInSlices(1, 3);
    const storage = openStorage({ folder, migrations });
    let repository = new OutboxRepository(storage, sealer);
    const [first, second, third] = ids as [string, string, string];
    const entries = repository.all();
    repository.discard([second], 'mark-1');
    // Damage inside the sealed bytes (the page itself still reads): the group fails its check.
    const { seq } = storage.statement('SELECT request_seq AS seq FROM outbox_entries WHERE id = ?').get(first) as { seq: number };
    storage.statement('UPDATE outbox_requests SET body = CAST(zeroblob(length(body)) AS BLOB) WHERE seq = ?').run(seq);
    repository = new OutboxRepository(storage, sealer);
    // Its entries are listed as held with a sentence instead of failing the read (outbox-unreadable-request.test.ts).
    expect(repository.get(first)).toMatchObject({ state: 'held', request: {}, lastError: { message: expect.stringMatching(/could not be read/) } });

    // The discard made before is made final by the next one; the entry whose request is lost is edited anew.
    repository.discard([], 'mark-2');
    repository.save([{ ...entries[2]!, request: camera(30) }], true);
    expect(repository.get(third)?.request).toEqual(camera(30));
    expect(storage.statement('SELECT count(*) AS n FROM outbox_requests WHERE seq = ?').get(seq)).toEqual({ n: 1 });
    // The last entry naming it is given a new request too: the damaged group is gone.
    repository.save([{ ...entries[0]!, request: camera(31) }], true);
    expect(repository.all().map((entry) => entry.request)).toEqual([camera(31), camera(30)]);
    expect(storage.statement('SELECT count(*) AS n FROM outbox_requests WHERE seq = ?').get(seq)).toEqual({ n: 0 });
    storage.close();
  });
});
