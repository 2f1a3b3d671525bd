import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CameraCreateResponse } from '../../../preload/contract/onboarding';
import { Outbox, type SendCamera } from '../../../main/outbox/outbox';
import { createSavedOutboxStore, type OutboxStore } from '../../../main/outbox/outbox-store';
import { AppFailure, isAppFailure } from '../../../main/shared/app-failure';
import { cameraCreateResponse } from '../platform/samples';

const key = randomBytes(32);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function savedStore() {
  const dir = mkdtempSync(join(tmpdir(), 'wd-outbox-runner-'));
  dirs.push(dir);
  const path = join(dir, 'outbox.enc');
  return () => createSavedOutboxStore(path, async () => Buffer.from(key));
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
    const outbox = new Outbox({ store: savedStore()(), send: refused });
    await outbox.load();
    const single = await failureOf(outbox.enqueue([{ name: 'Gate', latitude: 200 }], meta));
    expect(single.kind).toBe('Validation');
    expect(Object.keys(single.appError.fieldErrors)).toEqual(['latitude']);
    const batch = await failureOf(outbox.enqueue([{ name: 'Gate 1' }, { name: 'Gate 2', onvif_credentials: { port: 0 } }], { ...meta, importId: 'i' }));
    expect(Object.keys(batch.appError.fieldErrors)).toEqual(['requests.1.onvif_credentials.port']);
    expect(outbox.entries()).toEqual([]);
    await outbox.dispose();
  });

  it('sends what the schema returns: fields the wire does not know are not queued', async () => {
    const sent: unknown[] = [];
    const outbox = new Outbox({
      store: savedStore()(),
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

  it('does not write an outcome after the edit that replaced it, so a restart finds the edit', async () => {
    const open = savedStore();
    const outbox = new Outbox({ store: open(), send: refused, baseDelayMs: 60_000, outcomeDelayMs: 60_000 });
    await outbox.load();
    const [entry] = await outbox.enqueue([{ name: 'Gate', external_id: 'x-1' }], meta);
    expect((await outbox.settled(entry!.id, 5_000)).state).toBe('retrying');
    // The failure's outcome is still waiting for its group write when the installer edits the entry.
    await outbox.edit(entry!.id, { name: 'Gate, fixed', external_id: 'x-1' });
    await outbox.dispose();

    const reloaded = new Outbox({ store: open(), send: refused, baseDelayMs: 60_000 });
    await reloaded.load();
    const [again] = reloaded.entries();
    expect(again?.request.name).toBe('Gate, fixed');
    expect(again?.state).toBe('queued');
    expect(again?.lastError).toBeNull();
    await reloaded.dispose();
  });

  it('creates every entry of a batch larger than one dispatch record, each once', async () => {
    const open = savedStore();
    const sends = new Map<string, number>();
    let next = 0;
    const outbox = new Outbox({
      store: open(),
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
    const reloaded = await open().load();
    expect(reloaded.map((entry) => [entry.state, entry.request.external_id, entry.response?.id !== undefined])).toEqual(entries.map((entry) => ['created', entry.request.external_id, true]));
  });

  it('writes the first dispatch record with the put of a new batch (one sync before the first request), and sends nothing when that write fails', async () => {
    const open = savedStore();
    const calls: string[] = [];
    const recording = (store: OutboxStore, failPut = false): OutboxStore => ({
      ...store,
      put: (entries) => {
        calls.push(`put ${entries.length}`);
        const written = failPut ? Promise.reject(new AppFailure('Internal', 'The disk is full.')) : store.put(entries);
        return written.finally(() => calls.push('put written'));
      },
      dispatch: (ids) => {
        calls.push(`dispatch ${ids.length}`);
        return failPut ? Promise.reject(new AppFailure('Internal', 'The disk is full.')) : store.dispatch(ids);
      },
    });
    let sent = 0;
    const send: SendCamera = async () => response(++sent);
    const outbox = new Outbox({ store: recording(open()), send, dispatchAhead: 8 });
    await outbox.load();
    const entries = await outbox.enqueue(Array.from({ length: 10 }, (_, i) => ({ name: `Gate ${i}`, external_id: `x-${i}` })), meta);
    // Appended before the put's write ended: the store writes both in one go.
    expect(calls.slice(0, 3)).toEqual(['put 10', 'dispatch 8', 'put written']);
    const settled = await Promise.all(entries.map((entry) => outbox.settled(entry.id, 5_000)));
    await outbox.dispose();
    expect(settled.map((entry) => entry.state)).toEqual(Array(10).fill('created'));
    expect(sent).toBe(10);
    expect((await open().load()).map((entry) => entry.state)).toEqual(Array(10).fill('created'));

    const failing = new Outbox({ store: recording(savedStore()(), true), send, dispatchAhead: 8 });
    await failing.load();
    sent = 0;
    expect((await failureOf(failing.enqueue([{ name: 'Gate', external_id: 'y-1' }], meta))).message).toBe('The disk is full.');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(failing.entries()).toEqual([]);
    expect(sent).toBe(0);
    await failing.dispose();
  });

  it('wakes callers of settled when their time is up, when their signal aborts, and when their entry is discarded', async () => {
    const outbox = new Outbox({ store: savedStore()(), send: refused, baseDelayMs: 60_000 });
    await outbox.load();
    const [first, second] = await outbox.enqueue([{ name: 'Gate 1' }, { name: 'Gate 2' }], meta);
    // Both are refused and wait 60 s to retry; the runner holds every entry until then.
    expect((await outbox.settled(first!.id, 5_000)).state).toBe('retrying');
    const [third] = await outbox.enqueue([{ name: 'Gate 3' }], meta);
    // Held until that retry: the third entry is not sent, so its callers wait.
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
});
