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
import type { CameraCreateRequest, CreatedAnswer } from '../../../preload/contract/onboarding';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const camera = (n: number): CameraCreateRequest => ({
  name: `Camera ${n}`,
  mac: `02:00:00:00:01:${n.toString(16).padStart(2, '0')}`,
  serial_number: `SN-${n}`,
  external_id: `ext-${n}`,
  group_external_id: 'g',
  folder_key: 'f',
  onvif_credentials: { login: 'admin', password: `pw-${n}` },
});
const answerOf = (n: number): CreatedAnswer => ({
  id: 500 + n,
  status: 'active',
  name: `Camera ${n}`,
  is_archive_recording: true,
  archive_storage_days: 30,
  network_device: { mac: camera(n).mac!, serial_number: `SN-${n}` },
  folder: { id: 7, key: 'f' },
});
const AT = '2026-01-01T00:00:00.000Z';
const hash = (sealer: Sealer, kind: string, value: string) => sealer.hash(kind, value).subarray(0, 16);

/** A row as step 12 wrote it: the request sealed in the row, the outcome sealed beside it. */
function oldRow(storage: Storage, sealer: Sealer, id: string, n: number, row: { state: string; attempts?: number; outcome?: object; discardedAt?: string }): void {
  const request = camera(n);
  storage
    .statement(
      `INSERT INTO outbox_entries (id, profile_id, external_id_hash, mac_hash, serial_hash, state, attempts, created_at, updated_at, due_at, discarded_at, body, outcome)
       VALUES (?, 'site', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      hash(sealer, 'external-id', request.external_id!),
      hash(sealer, 'mac', request.mac!),
      hash(sealer, 'serial', request.serial_number!.toLowerCase()),
      row.state,
      row.attempts ?? 0,
      AT,
      AT,
      row.state === 'queued' ? Date.parse(AT) : null,
      row.discardedAt ?? null,
      sealer.sealJson({ profileName: 'Site', request }, `outbox:${id}`),
      row.outcome ? sealer.sealJson(row.outcome, `outbox-outcome:${id}`) : null,
    );
}

describe('schema step 13: the outbox keeps its requests apart from its entries', () => {
  it('reads every entry of a database of step 12 as it was, keeps one entry per external id, and forgets a request with its entry', () => {
    const folder = mkdtempSync(join(tmpdir(), 'wd-migration-13-'));
    folders.push(folder);
    const sealer = createSealer(randomBytes(32));
    const before = openStorage({ folder, migrations: migrations.filter((step) => step.version <= 12) });
    const [queued, sending, created, refused, discarded] = newEntryIds(5);
    const refusal = { lastError: { kind: 'Validation', message: 'The server refused some values.' }, fieldErrors: { name: ['is taken'] }, response: null, recognisedByExternalId: false, recognisedCameraId: null };
    before.transaction(() => {
      oldRow(before, sealer, queued!, 0, { state: 'queued' });
      oldRow(before, sealer, sending!, 1, { state: 'sending', attempts: 1 });
      oldRow(before, sealer, created!, 2, { state: 'created', attempts: 1, outcome: { lastError: null, fieldErrors: {}, response: answerOf(2), recognisedByExternalId: false, recognisedCameraId: null } });
      oldRow(before, sealer, refused!, 3, { state: 'needs-fixing', attempts: 1, outcome: refusal });
      oldRow(before, sealer, discarded!, 4, { state: 'queued', discardedAt: 'mark-1' });
    });
    before.close();

    const after = openStorage({ folder, migrations });
    expect(after.statement('PRAGMA user_version').get()).toEqual({ user_version: migrations.at(-1)!.version });
    const repository = new OutboxRepository(after, sealer);
    // Each entry reads back whole: its request (with the ONVIF password), its state and what the server said.
    expect(repository.get(queued!)).toMatchObject({ state: 'queued', request: camera(0), profileName: 'Site', response: null });
    expect(repository.get(sending!)).toMatchObject({ state: 'sending', attempts: 1, request: camera(1) });
    expect(repository.get(created!)).toMatchObject({ state: 'created', request: camera(2), response: answerOf(2) });
    expect(repository.get(refused!)).toMatchObject({ state: 'needs-fixing', request: camera(3), lastError: refusal.lastError, fieldErrors: refusal.fieldErrors });
    expect(repository.all().map((entry) => entry.id)).toEqual([queued, sending, created, refused]);
    expect(repository.recover(Date.now())).toBe(1);
    // Still known by each identifier; the external ids still refused.
    expect(repository.known('site', { mac: camera(2).mac } as CameraCreateRequest)).toMatchObject({ kind: 'mac', state: 'created' });
    expect(repository.known('site', { serial_number: 'sn-0' } as CameraCreateRequest)).toMatchObject({ kind: 'serial', state: 'queued' });
    const [again, fresh] = newEntryIds(2);
    const result = repository.insert([queuedEntry(again!, camera(2), { profileId: 'site', profileName: 'Site' }, AT), queuedEntry(fresh!, camera(9), { profileId: 'site', profileName: 'Site' }, AT)]);
    expect(result.refused).toEqual([0]);
    expect(repository.get(fresh!)?.request).toEqual(camera(9));
    // The discard made before the step is undone as before, its request with it.
    expect(repository.undoDiscard('mark-1')).toBe(1);
    expect(repository.get(discarded!)?.request).toEqual(camera(4));
    // A discard made final forgets the request too (a request of step 12 sealed alone goes with its entry); every
    // entry left still finds its request.
    repository.discard([queued!], 'mark-2');
    repository.discard([], 'mark-3');
    expect(after.statement('SELECT count(*) AS n FROM outbox_requests').get()).toEqual({ n: 5 });
    expect(after.statement('SELECT count(*) AS n FROM outbox_entries WHERE request_seq NOT IN (SELECT seq FROM outbox_requests)').get()).toEqual({ n: 0 });
    expect(after.statement('SELECT count(*) AS n FROM outbox_requests WHERE single = ?').get(queued!)).toEqual({ n: 0 });
    // The requests are sealed in their own table, no longer in the entries' rows.
    const columns = (after.statement('PRAGMA table_info(outbox_entries)').all() as Array<{ name: string }>).map((column) => column.name);
    expect(columns).not.toContain('body');
    after.close();
  });

  it('keeps a plain "created" answer in clear without its words, and seals one whose words differ from the request', () => {
    const folder = mkdtempSync(join(tmpdir(), 'wd-migration-13-'));
    folders.push(folder);
    const sealer = createSealer(randomBytes(32));
    const storage = openStorage({ folder, migrations });
    const repository = new OutboxRepository(storage, sealer);
    const [plain, renamed] = newEntryIds(2);
    const meta = { profileId: 'site', profileName: 'Site' };
    repository.insert([queuedEntry(plain!, camera(0), meta, AT), queuedEntry(renamed!, camera(1), meta, AT)]);
    const sent = repository.dispatch(2, Date.now() + 1_000, [], false);
    const answered = sent.map((entry, n) => ({ ...entry, state: 'created' as const, response: n === 0 ? answerOf(0) : { ...answerOf(1), name: 'Renamed by the server' } }));
    repository.save(answered);
    const rows = storage.statement('SELECT id, answer, outcome IS NOT NULL AS sealed FROM outbox_entries ORDER BY seq').all() as Array<{ id: string; answer: string | null; sealed: number }>;
    expect(rows[0]).toEqual({ id: plain, answer: '[500,"active",7,true,30]', sealed: 0 });
    expect(rows[1]).toMatchObject({ id: renamed, answer: null, sealed: 1 });
    // Nothing of the camera's name, MAC or serial is in the file's clear columns.
    expect(JSON.stringify(storage.statement('SELECT * FROM outbox_entries').all())).not.toMatch(/Camera|SN-|02:00/);
    // Read back whole, from a fresh repository (nothing remembered in memory).
    const fresh = new OutboxRepository(storage, sealer);
    expect(fresh.get(plain!)?.response).toEqual(answerOf(0));
    expect(fresh.get(renamed!)?.response).toEqual({ ...answerOf(1), name: 'Renamed by the server' });
    storage.close();
  });
});

describe('a damaged database of step 12 set aside', () => {
  it('keeps its outbox entries with their requests in the new database', () => {
    const folder = mkdtempSync(join(tmpdir(), 'wd-migration-13-'));
    folders.push(folder);
    const sealer = createSealer(randomBytes(32));
    const before = openStorage({ folder, migrations: migrations.filter((step) => step.version <= 12) });
    const [queued, created] = newEntryIds(2);
    before.transaction(() => {
      oldRow(before, sealer, queued!, 0, { state: 'queued' });
      oldRow(before, sealer, created!, 2, { state: 'created', attempts: 1, outcome: { lastError: null, fieldErrors: {}, response: answerOf(2), recognisedByExternalId: false, recognisedCameraId: null } });
    });
    // The file claims step 13 but lacks its table: set aside as damaged, and what reads of it is copied.
    before.statement('PRAGMA user_version = 13').run();
    before.close();
    const told: string[] = [];
    const after = openStorage({ folder, migrations, notice: (sentence) => told.push(sentence()) });
    expect(told[0]).toMatch(/damaged/);
    const repository = new OutboxRepository(after, sealer);
    expect(repository.all().map((entry) => [entry.id, entry.state, entry.request])).toEqual([
      [queued, 'queued', camera(0)],
      [created, 'created', camera(2)],
    ]);
    expect(repository.get(created!)?.response).toEqual(answerOf(2));
    after.close();
  });
});
