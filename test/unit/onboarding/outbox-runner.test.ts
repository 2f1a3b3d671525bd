import { afterEach, describe, expect, it } from 'vitest';
import type { CameraCreateResponse, OutboxEntry } from '../../../preload/contract/onboarding';
import { Outbox, type SendCamera } from '../../../main/outbox/outbox';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { AppFailure, isAppFailure } from '../../../main/shared/app-failure';
import { cameraCreateResponse } from '../platform/samples';
import { outboxDatabase } from '../../support/outbox-db';

const databases: Array<ReturnType<typeof outboxDatabase>> = [];
afterEach(() => {
  for (const db of databases.splice(0)) db.remove();
});

function database() {
  const db = outboxDatabase();
  databases.push(db);
  return db;
}

const meta = { profileId: 'p', profileName: 'Demo' };
const refused: SendCamera = async () => {
  throw new AppFailure('Offline', 'The server refused the connection.', { data: { reason: 'refused' } });
};

const response = (id: number): CameraCreateResponse => ({ ...cameraCreateResponse, id });

async function failureOf(promise: Promise<unknown>): Promise<AppFailure> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!isAppFailure(error)) throw new Error(`expected an AppFailure, got ${String(error)}`);
  return error;
}

describe('outbox runner', () => {
  it('checks each request against the wire schema as it is queued, naming the row of a batch', async () => {
    const outbox = new Outbox({ repository: database().open().repository, send: refused });
    await outbox.load();
    const single = await failureOf(outbox.enqueue([{ name: 'Gate', latitude: 200 }], meta));
    expect(single.kind).toBe('Validation');
    expect(Object.keys(single.appError.fieldErrors)).toEqual(['latitude']);
    const batch = await failureOf(outbox.enqueue([{ name: 'Gate 1' }, { name: 'Gate 2', onvif_credentials: { port: 0 } }], { ...meta, importId: 'i' }));
    expect(Object.keys(batch.appError.fieldErrors)).toEqual(['requests.1.onvif_credentials.port']);
    expect(outbox.repository.all()).toEqual([]);
    await outbox.dispose();
  });

  it('sends what the schema returns: fields the wire does not know are not queued', async () => {
    const sent: unknown[] = [];
    const outbox = new Outbox({
      repository: database().open().repository,
      send: async (entry) => {
        sent.push(entry.request);
        return response(1);
      },
    });
    await outbox.load();
    const [entry] = await outbox.enqueue([{ name: 'Gate', extra: 'dropped' } as never], meta);
    expect((await outbox.settled(entry!.id, 5_000)).state).toBe('created');
    expect(sent).toEqual([{ name: 'Gate' }]);
    await outbox.dispose();
  });

  it('keeps an edit made while a failed try was still to be saved, so a restart finds the edit', async () => {
    const db = database();
    const outbox = new Outbox({ repository: db.open().repository, send: refused, baseDelayMs: 60_000, outcomeDelayMs: 0 });
    await outbox.load();
    const [entry] = await outbox.enqueue([{ name: 'Gate', external_id: 'x-1' }], meta);
    expect((await outbox.settled(entry!.id, 5_000)).state).toBe('retrying');
    await outbox.edit(entry!.id, { name: 'Gate, fixed', external_id: 'x-1' });
    await outbox.dispose();
    db.close();

    const reloaded = new Outbox({ repository: db.open().repository, send: refused, baseDelayMs: 60_000 });
    const [again] = reloaded.repository.all();
    expect(again?.request.name).toBe('Gate, fixed');
    expect(again?.state).toBe('queued');
    expect(again?.lastError).toBeNull();
    await reloaded.dispose();
  });

  it('sends the edited request of an entry edited while it waited its turn, and the entries around it as queued', async () => {
    const sent: Array<string | undefined> = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const outbox = new Outbox({
      repository: database().open().repository,
      concurrency: 1,
      dispatchAhead: 1,
      send: async (entry) => {
        sent.push(entry.request.name);
        await held;
        return response(sent.length);
      },
    });
    await outbox.load();
    const entries = await outbox.enqueue([1, 2, 3, 4].map((i) => ({ name: `Gate ${i}`, external_id: `x-${i}` })), meta);
    // The first is on the wire, the second marked to follow it; the third and fourth are still queued.
    expect(outbox.get(entries[2]!.id)?.state).toBe('queued');
    await outbox.edit(entries[2]!.id, { name: 'Gate 3, fixed', external_id: 'x-3' });
    release();
    const settled = await Promise.all(entries.map((entry) => outbox.settled(entry.id, 5_000)));
    expect(settled.map((entry) => entry.state)).toEqual(['created', 'created', 'created', 'created']);
    // An edit queues the entry again (after the others, unless in the same millisecond): each sent once, the edit as edited.
    expect(sent.toSorted()).toEqual(['Gate 1', 'Gate 2', 'Gate 3, fixed', 'Gate 4']);
    expect(outbox.repository.all().map((entry) => [entry.request.name, entry.attempts])).toEqual([['Gate 1', 1], ['Gate 2', 1], ['Gate 3, fixed', 1], ['Gate 4', 1]]);
    await outbox.dispose();
  });

  it('creates every entry of a batch larger than one dispatch, each once, and a restart finds them created', async () => {
    const db = database();
    const sends = new Map<string, number>();
    let next = 0;
    const outbox = new Outbox({
      repository: db.open().repository,
      concurrency: 4,
      dispatchAhead: 8,
      send: async (entry) => {
        sends.set(entry.id, (sends.get(entry.id) ?? 0) + 1);
        await new Promise((resolve) => setImmediate(resolve));
        return response(++next);
      },
    });
    await outbox.load();
    const entries = await outbox.enqueue(Array.from({ length: 50 }, (_, i) => ({ name: `Gate ${i}`, external_id: `x-${i}` })), { ...meta, importId: 'i' });
    const settled = await Promise.all(entries.map((entry) => outbox.settled(entry.id, 5_000)));
    await outbox.dispose();
    expect(settled.every((entry) => entry.state === 'created')).toBe(true);
    expect([...sends.values()].every((count) => count === 1)).toBe(true);
    expect(sends.size).toBe(50);
    db.close();
    const reloaded = db.open().repository.all();
    expect(reloaded.map((entry) => [entry.state, entry.request.external_id, entry.response?.id !== undefined])).toEqual(entries.map((entry) => ['created', entry.request.external_id, true]));
  });

  it('acknowledges nothing and sends nothing when the queueing write fails', async () => {
    const { storage, repository } = database().open();
    class FullDisk extends OutboxRepository {
      override insert(): never {
        throw new AppFailure('StorageUnavailable', 'The disk holding /data is full.', { data: { path: '/data', reason: 'full' } });
      }
    }
    let sent = 0;
    const failing = new Outbox({ repository: Object.setPrototypeOf(repository, FullDisk.prototype) as OutboxRepository, send: async () => response(++sent) });
    await failing.load();
    expect((await failureOf(failing.enqueue([{ name: 'Gate', external_id: 'y-1' }], meta))).message).toBe('The disk holding /data is full.');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(failing.repository.all()).toEqual([]);
    expect(sent).toBe(0);
    await failing.dispose();
    storage.close();
  });

  it('wakes callers of settled when their time is up, when their signal aborts, and when their entry is discarded', async () => {
    const outbox = new Outbox({ repository: database().open().repository, send: refused, baseDelayMs: 60_000 });
    await outbox.load();
    const [first, second] = await outbox.enqueue([{ name: 'Gate 1' }, { name: 'Gate 2' }], meta);
    // Refused: the outbox pauses and probes with one entry at a time on its own backoff (60 s here).
    expect((await outbox.settled(first!.id, 5_000)).state).toBe('retrying');
    const [third] = await outbox.enqueue([{ name: 'Gate 3' }], meta);
    const started = Date.now();
    expect((await outbox.settled(third!.id, 50)).state).toBe('queued');
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    const abort = new AbortController();
    const aborted = outbox.settled(third!.id, 60_000, abort.signal);
    abort.abort();
    expect((await aborted).state).toBe('queued');
    const discarded = failureOf(outbox.settled(third!.id, 60_000));
    await outbox.discard([third!.id, second!.id]);
    expect((await discarded).kind).toBe('NotFound');
    await outbox.dispose();
  });

  it('wakes when the connection check succeeds: every retry is sent at once instead of at its backoff', async () => {
    let up = false;
    let next = 0;
    const outbox = new Outbox({
      repository: database().open().repository,
      baseDelayMs: 60_000,
      send: async () => {
        if (!up) throw new AppFailure('Offline', 'The server refused the connection.', { data: { reason: 'refused' } });
        return response(++next);
      },
    });
    await outbox.load();
    const entries = await outbox.enqueue([{ name: 'Gate 1' }, { name: 'Gate 2' }, { name: 'Gate 3' }], meta);
    await outbox.settled(entries[0]!.id, 5_000);
    expect(outbox.summary().offline).toBe(true);
    up = true;
    outbox.wake();
    expect(outbox.summary().offline).toBe(false);
    const settled: OutboxEntry[] = await Promise.all(entries.map((entry) => outbox.settled(entry.id, 2_000)));
    // Settled means answered: the first was refused (retrying) when asked; wait for every one to be created.
    for (const entry of settled) if (entry.state !== 'created') expect((await outbox.settled(entry.id, 2_000)).state).toBe('created');
    await outbox.dispose();
  });
});
