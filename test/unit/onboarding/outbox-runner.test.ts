import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CameraCreateResponse } from '../../../preload/contract/onboarding';
import { Outbox, type SendCamera } from '../../../main/outbox/outbox';
import { createSavedOutboxStore } from '../../../main/outbox/outbox-store';
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
});
