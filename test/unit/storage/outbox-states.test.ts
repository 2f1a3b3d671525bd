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
import type { CameraCreateRequest } from '../../../preload/contract/onboarding';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const camera = (n: number): CameraCreateRequest => ({ name: `Camera ${n}`, mac: `02:00:00:00:02:${n.toString(16).padStart(2, '0')}`, serial_number: `SN-${n}`, external_id: `ext-${n}`, group_external_id: 'g', folder_key: 'f' });
const meta = { profileId: 'site', profileName: 'Site' };

function opened() {
  const folder = mkdtempSync(join(tmpdir(), 'wd-outbox-states-'));
  folders.push(folder);
  const storage = openStorage({ folder, migrations });
  return { storage, repository: new OutboxRepository(storage, createSealer(randomBytes(32))) };
}

describe("an outbox entry's state, as the repository answers it", () => {
  it('is what was committed: a queueing rolled back by an outer transaction leaves no entry, a discard hides it, its undo shows it', () => {
    const { storage, repository } = opened();
    const [kept, rolledBack] = newEntryIds(2);
    const at = new Date().toISOString();
    repository.insert([queuedEntry(kept!, camera(0), meta, at)]);
    expect(() =>
      storage.transaction(() => {
        repository.insert([queuedEntry(rolledBack!, camera(1), meta, at)]);
        expect(repository.stateOf(rolledBack!)).toEqual({ state: 'queued', attempts: 0 });
        throw new Error('the outer change fails');
      }),
    ).toThrow('the outer change fails');
    expect(repository.stateOf(rolledBack!)).toBeNull();
    expect(repository.stateOf(kept!)).toEqual({ state: 'queued', attempts: 0 });
    repository.discard([kept!], 'mark-1');
    expect(repository.stateOf(kept!)).toBeNull();
    repository.undoDiscard('mark-1');
    expect(repository.stateOf(kept!)).toEqual({ state: 'queued', attempts: 0 });
    storage.close();
  });

  it('follows every change, entry by entry and all at once, and a fresh repository reads the same from the file', () => {
    const { storage, repository } = opened();
    const ids = newEntryIds(3);
    const at = new Date().toISOString();
    repository.insert(ids.map((id, n) => queuedEntry(id, camera(n), meta, at)));
    const sent = repository.dispatch(3, Date.now() + 1_000, [], false);
    expect(ids.map((id) => repository.stateOf(id)?.state)).toEqual(['sending', 'sending', 'sending']);
    const failed = transition(sent[0]!, { type: 'failed', at: new Date(), error: { kind: 'Offline', message: 'no', fieldErrors: {}, retryable: true }, retryDelayMs: 60_000 });
    repository.dispatch(0, Date.now(), [failed], false);
    expect(repository.stateOf(ids[0]!)).toEqual({ state: 'retrying', attempts: 1 });
    repository.undispatch([ids[1]!]);
    expect(repository.stateOf(ids[1]!)).toEqual({ state: 'queued', attempts: 0 });
    expect(repository.recover(Date.now())).toBe(1);
    expect(repository.stateOf(ids[2]!)).toEqual({ state: 'retrying', attempts: 1 });
    // Found on the wire at a restart: perhaps created, so its external id decides at the next try.
    expect(repository.get(ids[2]!)).toMatchObject({ state: 'retrying', maybeCreated: true });
    repository.retryAll(Date.now());
    const fresh = new OutboxRepository(storage, createSealer(randomBytes(32)));
    for (const id of ids) expect(repository.stateOf(id)).toEqual(fresh.stateOf(id));
    expect(ids.map((id) => repository.stateOf(id)?.state)).toEqual(['queued', 'queued', 'queued']);
    storage.close();
  });

  it('is "sending" for an entry the runner held and marked itself, as for one read back, and its answer is what a fresh repository reads', () => {
    const { storage, repository } = opened();
    const ids = newEntryIds(2);
    const at = new Date().toISOString();
    const entries = ids.map((id, n) => queuedEntry(id, camera(n), meta, at));
    repository.insert(entries);
    const held = new Map([[ids[0]!, entries[0]!]]);
    const marked = repository.dispatch(2, Date.now() + 1_000, [], false, true, held);
    expect(marked[0]).toBe(ids[0]);
    expect(typeof marked[1]).toBe('object');
    const fresh = new OutboxRepository(storage, createSealer(randomBytes(32)));
    for (const id of ids) {
      expect(repository.stateOf(id)).toEqual({ state: 'sending', attempts: 1 });
      expect(fresh.stateOf(id)).toEqual({ state: 'sending', attempts: 1 });
    }
    storage.close();
  });

  it('tries again the waiting entries of one server only, when asked for that server (its delete was undone)', () => {
    const { storage, repository } = opened();
    const [back, other] = newEntryIds(2);
    const at = new Date().toISOString();
    repository.insert([queuedEntry(back!, camera(0), meta, at), queuedEntry(other!, camera(1), { profileId: 'other', profileName: 'Other' }, at)]);
    const gone = { kind: 'NotFound' as const, message: 'This server profile no longer exists.', fieldErrors: {}, retryable: false };
    const sent = repository.dispatch(2, Date.now() + 1_000, [], false);
    repository.dispatch(0, Date.now(), sent.map((entry) => transition(entry, { type: 'failed', at: new Date(), error: gone, retryDelayMs: 60_000 })), false);
    expect([back, other].map((id) => repository.stateOf(id!)?.state)).toEqual(['held', 'held']);
    expect(repository.retryAll(Date.now(), 'site')).toBe(1);
    expect([back, other].map((id) => repository.stateOf(id!)?.state)).toEqual(['queued', 'held']);
    storage.close();
  });
});
