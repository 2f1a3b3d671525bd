import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { transition } from '../../../main/outbox/outbox-state';
import { migrations, openStorage } from '../../../main/storage';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { createSealer } from '../../../main/storage/sealer';
import { step12Outbox } from './step12-outbox';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('schema step 13 on an outbox of step 12 with an entry in every state', () => {
  it('reads every entry back exactly as it was: request, state, tries, answer (in its own words or the request’s), recognition, import, clearing; a discard is still undone', () => {
    const folder = mkdtempSync(join(tmpdir(), 'wd-migration-13-states-'));
    folders.push(folder);
    const sealer = createSealer(randomBytes(32));
    const before = openStorage({ folder, migrations: migrations.filter((step) => step.version <= 12) });
    const { expected, discarded } = step12Outbox(before, sealer, 40);
    before.close();

    const after = openStorage({ folder, migrations });
    expect(after.statement('PRAGMA user_version').get()).toEqual({ user_version: migrations.at(-1)!.version });
    const repository = new OutboxRepository(after, sealer);
    expect(repository.all()).toEqual(expected);
    for (const entry of expected) expect(repository.stateOf(entry.id)).toEqual({ state: entry.state, attempts: entry.attempts });
    // Cleared ones stay in the created list, with their answers.
    const created = repository.createdSince('2026-01-01T00:00:00.000Z');
    expect(created.map((entry) => entry.id).sort()).toEqual(expected.filter((entry) => entry.state === 'created').map((entry) => entry.id).sort());
    expect(repository.counts().counts).toEqual({ queued: 4, sending: 4, retrying: 4, 'needs-fixing': 4, held: 4, created: 12 });
    expect(repository.undoDiscard('mark-1')).toBe(discarded.length);
    expect(repository.get(discarded[0]!)?.request.onvif_credentials?.password).toBe('pw-9');

    // A created answer written again after the step (in clear when its words are the request's) still reads the same.
    const sending = expected.filter((entry) => entry.state === 'sending');
    repository.save(sending.map((entry) => transition(entry, { type: 'answered', at: new Date(), response: { id: 1, status: 'active', name: entry.request.name!, is_archive_recording: false, archive_storage_days: 3, group_type: 'g', is_user_owner: false, is_need_replace: false, latitude: 0, longitude: 0, network_device: { mac: entry.request.mac!, serial_number: entry.request.serial_number! }, folder: { id: 2, key: String(entry.request.folder_key) } } })));
    const fresh = new OutboxRepository(after, sealer);
    for (const entry of sending) expect(fresh.get(entry.id)?.response).toMatchObject({ name: entry.request.name, folder: { key: String(entry.request.folder_key) } });
    after.close();
  });
});
