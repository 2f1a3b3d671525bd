import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newEntryIds } from '../../../main/outbox/entry-ids';
import { queuedEntry, transition } from '../../../main/outbox/outbox-state';
import { migrations, openStorage } from '../../../main/storage';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { createSealer } from '../../../main/storage/sealer';
import type { AppError } from '../../../preload/contract/app-error';
import type { CameraCreateRequest } from '../../../preload/contract/onboarding';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const camera: CameraCreateRequest = { name: 'Gate', mac: '02:00:00:00:04:01', serial_number: 'SN-1', external_id: 'ext-1', group_external_id: 'g', folder_key: 'f' };
const offline: AppError = {
  kind: 'Offline',
  message: 'Could not connect to demo.example: nothing answered.',
  said: { key: 'errors.platform.unreachable', values: { host: 'demo.example' } },
  fieldErrors: {},
  retryable: true,
  data: { reason: 'unreachable' },
};

function setUp() {
  const folder = mkdtempSync(join(tmpdir(), 'wd-outbox-said-'));
  folders.push(folder);
  const storage = openStorage({ folder, migrations });
  const sealer = createSealer(randomBytes(32));
  const repository = new OutboxRepository(storage, sealer);
  const [id] = newEntryIds(1);
  repository.insert([queuedEntry(id!, camera, { profileId: 'site', profileName: 'Site' }, new Date().toISOString())]);
  const [sending] = repository.dispatch(1, Date.now() + 1_000, [], false);
  repository.save([transition(sending!, { type: 'failed', at: new Date(), error: offline, retryDelayMs: 60_000 })]);
  /** Seals `outcome` over the entry's, as a version writing something else would have left it. */
  const writeOutcome = (outcome: unknown) =>
    storage
      .statement('UPDATE outbox_entries SET outcome = ? WHERE id = ?')
      .run(typeof outcome === 'string' ? sealer.seal(outcome, `outbox-outcome:${id!}`) : sealer.sealJson(outcome, `outbox-outcome:${id!}`), id!);
  return { storage, sealer, id: id!, repository, writeOutcome };
}

describe("an outbox entry's last error, said again in the language shown now", () => {
  it('keeps how its sentence was said, in memory and read back from the disk', () => {
    const { storage, sealer, id, repository } = setUp();
    expect(repository.get(id)?.lastError).toEqual({ kind: 'Offline', message: offline.message, said: offline.said });
    expect(new OutboxRepository(storage, sealer).get(id)?.lastError).toEqual({ kind: 'Offline', message: offline.message, said: offline.said });
  });

  it('reads one written without it (an older version) as its sentence', () => {
    const { storage, sealer, id, writeOutcome } = setUp();
    writeOutcome({ lastError: { kind: 'Offline', message: 'Нет связи.' }, fieldErrors: {}, response: null, recognisedByExternalId: false, recognisedCameraId: null });
    expect(new OutboxRepository(storage, sealer).get(id)?.lastError).toEqual({ kind: 'Offline', message: 'Нет связи.' });
  });

  it('reads one whose kept saying is damaged as its sentence, not as an unreadable entry', () => {
    const { storage, sealer, id, writeOutcome } = setUp();
    // Nested ten thousand deep, written as text (making it with JSON.stringify would overflow the stack first).
    const depth = 10_000;
    const deep = `${'{"key":"errors.platform.tlsReview","values":{"reason":'.repeat(depth)}{"key":"errors.platform.tlsExpired"}${'}}'.repeat(depth)}`;
    writeOutcome(`{"lastError":{"kind":"Offline","message":"Could not connect.","said":${deep}},"fieldErrors":{},"response":null,"recognisedByExternalId":false,"recognisedCameraId":null}`);
    expect(new OutboxRepository(storage, sealer).get(id)?.lastError).toEqual({ kind: 'Offline', message: 'Could not connect.' });
    for (const said of [{ key: 42 }, { values: { host: 'x' } }, { key: 'errors.platform.unreachable', values: { host: { nested: true } } }, 'errors.platform.unreachable']) {
      writeOutcome({ lastError: { kind: 'Offline', message: 'Could not connect.', said }, fieldErrors: {}, response: null, recognisedByExternalId: false, recognisedCameraId: null });
      const entry = new OutboxRepository(storage, sealer).get(id);
      expect(entry?.state).toBe('retrying');
      expect(entry?.lastError).toEqual({ kind: 'Offline', message: 'Could not connect.' });
    }
  });
});
