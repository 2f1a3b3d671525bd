import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Outbox } from '../../../main/outbox/outbox';
import type { OutboxSummary } from '../../../preload/contract/onboarding';
import { newEntryIds } from '../../../main/outbox/entry-ids';
import { entryWith, queuedEntry } from '../../../main/outbox/outbox-state';
import { log } from '../../../main/shared/log';
import { DATABASE_FILE, migrations, openStorage } from '../../../main/storage';
import { createSealer } from '../../../main/storage/sealer';
import { createProfileRepository } from '../../../main/storage/repositories/profile-repository';
import { profileSchema } from '../../../preload/contract/wire/profile';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { GROUP_MEMBERS } from '../../../main/storage/repositories/outbox-request-groups';
import type { CameraCreateRequest } from '../../../preload/contract/onboarding';

const folders: string[] = [];
const lines: string[] = [];
beforeAll(() => log.setSink((line) => lines.push(line)));
afterAll(() => log.setSink((line) => process.stderr.write(line + '\n')));
afterEach(() => {
  lines.length = 0;
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const camera = (n: number): CameraCreateRequest => ({
  name: `Camera ${n}`,
  mac: `02:00:00:00:00:${n.toString(16).padStart(2, '0')}`,
  serial_number: `SN-${n}`,
  external_id: `ext-${n}`,
  group_external_id: 'g',
  folder_key: 'f',
  onvif_credentials: { login: 'admin', password: `pw-${n}` },
});
const meta = { profileId: '4f9c2a51-0d7e-4b8a-9c3e-2a1b5d6e7f80', profileName: 'Site' };
const answerFor = (request: CameraCreateRequest) => ({
  id: 501,
  status: 'active',
  name: request.name!,
  is_archive_recording: true,
  archive_storage_days: 7,
  network_device: { mac: request.mac!, serial_number: request.serial_number! },
  folder: { id: 3, key: 'f' },
});
const SENTENCE = /details of this camera could not be read.*Enter them again/;

/**
 * A closed database with three queueings of one group each (A, B, C); A's entries were on the wire when the process
 * ended. Then a few bytes in the middle of B's sealed group are flipped in the file: its page still reads (the check
 * of the file at start sees nothing), but the group fails its authentication.
 */
function damagedSecondGroup(createdInSecond = false) {
  const folder = mkdtempSync(join(tmpdir(), 'wd-outbox-unreadable-'));
  folders.push(folder);
  const sealer = createSealer(randomBytes(32));
  const storage = openStorage({ folder, migrations });
  const repository = new OutboxRepository(storage, sealer);
  const ids = newEntryIds(3 * GROUP_MEMBERS);
  const at = new Date(Date.now() - 60_000).toISOString();
  for (let start = 0; start < ids.length; start += GROUP_MEMBERS) {
    repository.insert(ids.slice(start, start + GROUP_MEMBERS).map((id, i) => queuedEntry(id, camera(start + i), meta, at)));
  }
  repository.dispatch(GROUP_MEMBERS, Date.now(), [], false);
  if (createdInSecond) {
    // B's first camera was sent and created (its answer kept in clear, read back with its request's words).
    const [sent] = repository.dispatch(1, Date.now(), [], true);
    repository.save([entryWith(sent!, { state: 'created', response: answerFor(sent!.request), updatedAt: new Date().toISOString() })]);
  }
  const groups = (storage.statement('SELECT body FROM outbox_requests ORDER BY seq').all() as Array<{ body: Uint8Array }>).map((row) => Buffer.from(row.body));
  storage.close();
  expect(groups).toHaveLength(3);

  const file = join(folder, DATABASE_FILE);
  const bytes = readFileSync(file);
  const middle = groups[1]!.subarray(groups[1]!.length / 2, groups[1]!.length / 2 + 32);
  const where = bytes.indexOf(middle);
  expect(where).toBeGreaterThan(0);
  expect(bytes.lastIndexOf(middle)).toBe(where);
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.from(middle.map((byte) => byte ^ 0xff)), 0, middle.length, where);
  closeSync(fd);
  return {
    folder,
    sealer,
    a: ids.slice(0, GROUP_MEMBERS),
    b: ids.slice(GROUP_MEMBERS, 2 * GROUP_MEMBERS),
    c: ids.slice(2 * GROUP_MEMBERS),
    number: (id: string) => ids.indexOf(id),
  };
}

describe('an outbox entry whose sealed request no longer opens', () => {
  it('is listed as held with a sentence, while every other entry lists with its own request; the log names it once', () => {
    const { folder, sealer, b, number } = damagedSecondGroup();
    const storage = openStorage({ folder, migrations });
    const repository = new OutboxRepository(storage, sealer);

    const { entries, total } = repository.visible(300);
    expect(total).toBe(3 * GROUP_MEMBERS);
    expect(entries).toHaveLength(3 * GROUP_MEMBERS);
    for (const entry of entries) {
      if (b.includes(entry.id)) {
        expect(entry).toMatchObject({ state: 'held', request: {}, profileName: '', nextAttemptAt: null, response: null, lastError: { message: expect.stringMatching(SENTENCE) } });
      } else {
        expect(entry.request.onvif_credentials?.password).toBe(`pw-${number(entry.id)}`);
        expect(entry.lastError).toBeNull();
      }
    }
    expect(repository.all().filter((entry) => entry.state === 'held').map((entry) => entry.id)).toEqual(b);
    expect(repository.get(b[0]!)).toMatchObject({ state: 'held', lastError: { message: expect.stringMatching(SENTENCE) } });
    // Kept as how it was said too: the outbox says it in the language shown now.
    expect(repository.get(b[0]!)?.lastError?.said).toEqual({ key: 'errors.outbox.requestUnreadable' });
    // Read three times, named once each: which entry, and why.
    for (const id of b) expect(lines.filter((line) => line.includes(`entry ${id}:`))).toEqual([expect.stringMatching(/WARN \[outbox\].*sealed request does not open.*listed as held/)]);
    expect(lines.filter((line) => line.includes('[outbox]'))).toHaveLength(GROUP_MEMBERS);
    // The server it was queued for is named as the profiles name it now (the name it was queued under was sealed with it).
    const now = new Date().toISOString();
    createProfileRepository(storage).replace({ activeId: null, profiles: [profileSchema.parse({ id: meta.profileId, name: 'North gate', baseUrl: 'https://vms.example.com', createdAt: now, updatedAt: now })] });
    expect(repository.get(b[0]!)?.profileName).toBe('North gate');
    storage.close();
  });

  it('never goes on the wire: the commit that marks entries as sent and writes answers goes through and holds it, at this start and the next', () => {
    const { folder, sealer, a, b, c } = damagedSecondGroup();
    let storage = openStorage({ folder, migrations });
    let repository = new OutboxRepository(storage, sealer);
    expect(repository.recover(Date.now())).toBe(GROUP_MEMBERS);

    // A's first camera was answered; the same commit marks every due entry as on the wire.
    const first = repository.get(a[0]!)!;
    const answer = answerFor(first.request);
    const created = entryWith(first, { state: 'created', response: answer, updatedAt: new Date().toISOString() });
    const sent = repository.dispatch(100, Date.now() + 60_000, [created], false);
    expect(sent.map((entry) => entry.id).sort()).toEqual([...a.slice(1), ...c].sort());
    for (const entry of sent) expect(entry.state).toBe('sending');
    expect(repository.get(a[0]!)).toMatchObject({ state: 'created', response: answer });
    expect(repository.counts().counts).toMatchObject({ created: 1, sending: 2 * GROUP_MEMBERS - 1, held: GROUP_MEMBERS, queued: 0 });
    for (const id of b) expect(repository.stateOf(id)).toEqual({ state: 'held', attempts: 0 });
    expect(repository.nextDueAt()).toBeNull();
    expect(repository.dispatch(100, Date.now() + 60_000, [], true)).toEqual([]);

    // "Retry all" queues it again; the next commit holds it again instead of sending it.
    expect(repository.retryAll(Date.now())).toBe(GROUP_MEMBERS);
    expect(repository.dispatch(100, Date.now() + 60_000, [], false)).toEqual([]);
    expect(repository.counts().counts.held).toBe(GROUP_MEMBERS);
    storage.close();

    // The next start: held as it was written, nothing of it due.
    storage = openStorage({ folder, migrations });
    repository = new OutboxRepository(storage, sealer);
    repository.recover(Date.now());
    const again = repository.dispatch(100, Date.now() + 60_000, [], false);
    expect(again.map((entry) => entry.id).sort()).toEqual([...a.slice(1), ...c].sort());
    expect(repository.visible(300).entries.filter((entry) => entry.state === 'held').map((entry) => entry.id).sort()).toEqual([...b].sort());
    storage.close();
  });

  it('can be removed (and the removal undone), or entered again and then sent', () => {
    const { folder, sealer, b } = damagedSecondGroup();
    const storage = openStorage({ folder, migrations });
    const repository = new OutboxRepository(storage, sealer);
    const [gone, fixed] = b as [string, string];

    repository.discard([gone], 'mark-1');
    expect(repository.visible(300).total).toBe(3 * GROUP_MEMBERS - 1);
    expect(repository.undoDiscard('mark-1')).toBe(1);
    expect(repository.get(gone)?.state).toBe('held');
    repository.discard([gone], 'mark-2');
    // The discard is made final by the next one.
    repository.discard([], 'mark-3');
    expect(repository.get(gone)).toBeNull();

    // Entered again (the wizard's change): queued with its new request, which the next commit sends.
    const held = repository.get(fixed)!;
    repository.save([entryWith(held, { state: 'queued', request: camera(99), lastError: null, updatedAt: new Date().toISOString() })], true);
    expect(repository.get(fixed)).toMatchObject({ state: 'queued', request: camera(99), lastError: null });
    const sent = repository.dispatch(100, Date.now() + 60_000, [], false);
    expect(sent.find((entry) => entry.id === fixed)).toMatchObject({ state: 'sending', request: camera(99) });
    expect(repository.visible(300).entries.filter((entry) => entry.state === 'held')).toHaveLength(GROUP_MEMBERS - 2);
    storage.close();
  });

  it('stays created when it was created: listed with the cameras created, and never sent again', () => {
    const { folder, sealer, b } = damagedSecondGroup(true);
    const storage = openStorage({ folder, migrations });
    const repository = new OutboxRepository(storage, sealer);
    const [created, ...rest] = b as [string, ...string[]];
    expect(repository.get(created)).toMatchObject({ state: 'created', request: {}, lastError: null, response: null });
    expect(repository.createdSince('').map((entry) => entry.id)).toEqual([created]);
    repository.recover(Date.now());
    repository.dispatch(100, Date.now() + 60_000, [], false);
    expect(repository.stateOf(created)?.state).toBe('created');
    expect(rest.map((id) => repository.stateOf(id)?.state)).toEqual(rest.map(() => 'held'));
    storage.close();
  });

  it('held by the runner when it falls due alone, is told in a summary (the header counts it as held, not waiting)', async () => {
    const { folder, sealer, a, b, c } = damagedSecondGroup();
    const storage = openStorage({ folder, migrations });
    const repository = new OutboxRepository(storage, sealer);
    repository.discard([...a, ...c], 'only-the-damaged-left');
    // Waiting to be tried again a moment from now: the look that finds them comes from the runner's own timer.
    storage.statement(`UPDATE outbox_entries SET state = 'retrying', attempts = 1, due_at = ? WHERE id IN (SELECT value FROM json_each(?))`).run(Date.now() + 300, JSON.stringify(b));
    const summaries: OutboxSummary[] = [];
    const outbox = new Outbox({ repository, send: () => new Promise(() => undefined), changeThrottleMs: 10, onChange: (summary) => summaries.push(summary) });
    await outbox.load();
    await vi.waitFor(() => expect(summaries.at(-1)).toMatchObject({ held: b.length, pending: 0 }), { timeout: 3_000 });
    await outbox.dispose();
    storage.close();
  });
});
