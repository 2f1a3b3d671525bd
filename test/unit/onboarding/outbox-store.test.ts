import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../preload/contract/onboarding';
import { queuedEntry } from '../../../main/outbox/outbox-state';
import { createSavedOutboxStore } from '../../../main/outbox/outbox-store';
import { checkedCameraRequest } from '../../../main/platform/client';

const key = randomBytes(32);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function storeAt(): { path: string; open: () => ReturnType<typeof createSavedOutboxStore> } {
  const dir = mkdtempSync(join(tmpdir(), 'wd-outbox-store-'));
  dirs.push(dir);
  const path = join(dir, 'outbox.enc');
  return { path, open: () => createSavedOutboxStore(path, async () => Buffer.from(key)) };
}

function entry(id: string, state: OutboxEntry['state'] = 'queued'): OutboxEntry {
  const request = { name: `Gate ${id}`, external_id: `x-${id}`, onvif_credentials: { login: 'admin', password: 'onvif-secret', port: 80 } };
  return { ...queuedEntry(id, request, { profileId: 'p', profileName: 'Demo' }, '2026-11-22T10:00:00.000Z'), state };
}

describe('saved outbox journal', () => {
  it('reads a dispatched entry back as sending until a later record replaces it', async () => {
    const { open } = storeAt();
    const store = open();
    await store.put([entry('a'), entry('b'), entry('c')]);
    await store.dispatch(['a', 'b']);
    await store.put([{ ...entry('b'), state: 'retrying', attempts: 1 }]);
    await store.close();
    const states = Object.fromEntries((await open().load()).map((e) => [e.id, e.state]));
    expect(states).toEqual({ a: 'sending', b: 'retrying', c: 'queued' });
  });

  it('writes records that arrive together as one group, in order, encrypted', async () => {
    const { path, open } = storeAt();
    const store = open();
    await Promise.all([store.put([entry('a')]), store.put([entry('b')]), store.remove(['a']), store.dispatch(['b']), store.put([entry('c')])]);
    await store.close();
    expect((await open().load()).map((e) => [e.id, e.state])).toEqual([
      ['b', 'sending'],
      ['c', 'queued'],
    ]);
    expect(readFileSync(path).includes(Buffer.from('onvif-secret'))).toBe(false);
  });

  it('applies an update over the entry its put wrote (the request stays as put) and ignores an update of a removed entry', async () => {
    const { path, open } = storeAt();
    const store = open();
    await store.put([entry('a'), entry('b')]);
    await store.dispatch(['a', 'b']);
    await store.remove(['b']);
    const created = { ...entry('a', 'created'), attempts: 1, request: { name: 'not written by an update' } };
    await Promise.all([store.update([created]), store.update([{ ...entry('b', 'created'), attempts: 1 }])]);
    await store.close();
    const loaded = await open().load();
    expect(loaded.map((e) => [e.id, e.state, e.attempts, e.request.name])).toEqual([['a', 'created', 1, 'Gate a']]);
    expect(readFileSync(path).includes(Buffer.from('onvif-secret'))).toBe(false);
  });

  it('keeps appending after a compaction replaced the file', async () => {
    const { open } = storeAt();
    const store = open();
    await store.put([entry('a')]);
    await store.dispatch(['a']);
    await store.compact([entry('a', 'created')]);
    await store.put([entry('b')]);
    await store.close();
    expect((await open().load()).map((e) => [e.id, e.state])).toEqual([
      ['a', 'created'],
      ['b', 'queued'],
    ]);
  });

  it('reads a batch written in the short form back as the entries that were put, requests included', async () => {
    const { path, open } = storeAt();
    const store = open();
    const at = '2026-11-22T10:00:00.000Z';
    const meta = { profileId: 'p', profileName: 'Demo', importId: 'import-1' };
    const batch = ['a', 'b', 'c'].map((id) => queuedEntry(id, checkedCameraRequest({ name: `Gate ${id}`, external_id: `x-${id}`, onvif_credentials: { login: 'admin', password: 'onvif-secret', port: 80 } }), meta, at));
    // Not one batch (queued at two times): written whole, and read back all the same.
    const others = [
      queuedEntry('d', checkedCameraRequest({ name: 'Gate d' }), meta, '2026-11-22T10:00:01.000Z'),
      queuedEntry('e', { name: 'Gate e' }, meta, '2026-11-22T10:00:02.000Z'),
    ];
    await store.put(batch);
    await store.close();
    await store.put(others);
    await store.close();
    expect(await open().load()).toEqual([...batch, ...others]);
    expect(readFileSync(path).includes(Buffer.from('onvif-secret'))).toBe(false);
  });

  it('restores the fields an update leaves out: an entry retried and then created keeps no old error or retry time', async () => {
    const { open } = storeAt();
    const store = open();
    const queued = entry('a');
    await store.put([queued]);
    const retrying: OutboxEntry = {
      ...queued,
      state: 'retrying',
      attempts: 1,
      maybeCreated: true,
      nextAttemptAt: '2026-11-22T10:00:05.000Z',
      lastError: { kind: 'Offline', message: 'No answer.' },
      fieldErrors: { name: ['too long'] },
    };
    await store.update([retrying]);
    const created: OutboxEntry = { ...queued, state: 'created', attempts: 2, maybeCreated: true, recognisedByExternalId: true, updatedAt: '2026-11-22T10:00:06.000Z' };
    await store.update([created]);
    await store.close();
    expect(await open().load()).toEqual([created]);
  });
});
