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
import type { CameraCreateRequest, CameraCreateResponse, OutboxEntry } from '../../../preload/contract/onboarding';
import { cameraCreateResponse } from '../platform/samples';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const camera = (n: number): CameraCreateRequest => ({ name: `Camera ${n}`, mac: `02:00:00:00:03:${n.toString(16).padStart(2, '0')}`, serial_number: `SN-${n}`, external_id: `ext-${n}`, group_external_id: 'g', folder_key: 'f' });
const createdAs = (entry: OutboxEntry, n: number, words: Partial<CameraCreateResponse> = {}): OutboxEntry =>
  transition(entry, {
    type: 'answered',
    at: new Date(),
    response: {
      ...cameraCreateResponse,
      id: 700 + n,
      status: 'active',
      name: entry.request.name!,
      network_device: { mac: entry.request.mac!, serial_number: entry.request.serial_number! },
      folder: { id: 7, key: 'f' },
      ...words,
    },
  });

describe("an import's answers written together", () => {
  it('read back as each was written: plain ones and one in other words, a discarded one written but not told, an undo bringing it back answered', () => {
    const folder = mkdtempSync(join(tmpdir(), 'wd-outbox-answers-'));
    folders.push(folder);
    const storage = openStorage({ folder, migrations });
    const sealer = createSealer(randomBytes(32));
    const repository = new OutboxRepository(storage, sealer);
    const at = new Date().toISOString();
    const ids = newEntryIds(5);
    repository.insert(ids.map((id, n) => queuedEntry(id, camera(n), { profileId: 'site', profileName: 'Site' }, at)));
    const sending = repository.dispatch(5, Date.now() + 1_000, [], false);
    expect(sending).toHaveLength(5);
    repository.discard([ids[3]!], 'mark-1');
    const answers = sending.map((entry, n) => createdAs(entry, n, n === 1 ? { name: 'Renamed by the server' } : {}));
    repository.save(answers);

    // Told (committed and live): every one but the discarded one.
    expect(ids.map((id) => repository.stateOf(id)?.state ?? null)).toEqual(['created', 'created', 'created', null, 'created']);
    // Read back by a repository that remembers nothing: each with its own answer, in its own words.
    const fresh = new OutboxRepository(storage, sealer);
    for (const n of [0, 1, 2, 4]) expect(fresh.get(ids[n]!)).toEqual(answers[n]);
    const rows = storage.statement('SELECT answer IS NOT NULL AS clear, outcome IS NOT NULL AS sealed FROM outbox_entries ORDER BY seq').all();
    expect(rows).toEqual([0, 1, 2, 3, 4].map((n) => (n === 1 ? { clear: 0, sealed: 1 } : { clear: 1, sealed: 0 })));
    // The discarded one was written too: its undo brings it back as its answer left it.
    expect(fresh.undoDiscard('mark-1')).toBe(1);
    expect(fresh.get(ids[3]!)).toEqual(answers[3]);
    storage.close();
  });
});
