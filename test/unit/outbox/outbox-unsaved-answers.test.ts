import { afterEach, describe, expect, it } from 'vitest';
import type { CameraCreateResponse, OutboxEntry } from '../../../preload/contract/onboarding';
import { Outbox, type SendCamera } from '../../../main/outbox/outbox';
import { AppFailure } from '../../../main/shared/app-failure';
import { cameraCreateResponse } from '../platform/samples';
import { outboxDatabase } from '../../support/outbox-db';

const databases: Array<ReturnType<typeof outboxDatabase>> = [];
afterEach(() => {
  for (const db of databases.splice(0)) db.remove();
});

const meta = { profileId: 'p', profileName: 'Demo' };
const taken = () => new AppFailure('Validation', 'The given data was invalid.', { fieldErrors: { name: ['The name is too long.'] } });

/**
 * A server whose answers the test releases: `answer(name)` settles the request of the camera with that name. Until
 * then the request is on the wire, and the answers the outbox gathered meanwhile wait to be committed together.
 */
function server() {
  const waiting = new Map<string, { resolve: (r: CameraCreateResponse) => void; reject: (e: unknown) => void }>();
  const sent: string[] = [];
  let nextId = 5000;
  const send: SendCamera = (entry: OutboxEntry) =>
    new Promise((resolve, reject) => {
      sent.push(entry.request.name ?? '');
      waiting.set(entry.request.name ?? '', { resolve, reject });
    });
  return {
    send,
    sent,
    async answer(name: string, how: 'created' | 'refused' | 'failed') {
      for (let i = 0; i < 200 && !waiting.has(name); i++) await new Promise((resolve) => setTimeout(resolve, 5));
      const call = waiting.get(name);
      if (!call) throw new Error(`${name} was never sent`);
      waiting.delete(name);
      if (how === 'created') call.resolve({ ...cameraCreateResponse, id: nextId++, name });
      else call.reject(how === 'refused' ? taken() : new AppFailure('ServerError', 'The server failed.'));
    },
  };
}

describe('an operator change to an entry whose answer is not committed yet', () => {
  it('keeps an edit made to a refused camera before its refusal was committed: the fixed camera is sent and created', async () => {
    const db = outboxDatabase();
    databases.push(db);
    const platform = server();
    // Answers gathered while another request is on the wire wait a long time before their commit.
    const outbox = new Outbox({ repository: db.open().repository, send: platform.send, concurrency: 2, outcomeDelayMs: 60_000, baseDelayMs: 60_000 });
    await outbox.load();
    const [refused, slow] = await outbox.enqueue([{ name: 'Gate 1', external_id: 'gate-1' }, { name: 'Gate 2', external_id: 'gate-2' }], meta);
    await platform.answer('Gate 1', 'refused');
    // The list shows the refusal (the console's own view of the entry), so the installer fixes the name.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(outbox.get(refused!.id)?.state).toBe('needs-fixing');
    const fixed = await outbox.edit(refused!.id, { name: 'Gate 1 fixed', external_id: 'gate-1' });
    expect(fixed.state).toBe('queued');

    await platform.answer('Gate 2', 'created');
    await platform.answer('Gate 1 fixed', 'created');
    const settled = await outbox.settled(refused!.id, 5_000);
    expect(settled).toMatchObject({ state: 'created', request: { name: 'Gate 1 fixed' } });
    expect((await outbox.settled(slow!.id, 5_000)).state).toBe('created');
    expect(platform.sent).toEqual(['Gate 1', 'Gate 2', 'Gate 1 fixed']);
    await outbox.dispose();
    expect(db.open().repository.get(refused!.id)?.state).toBe('created');
  });

  it('sends at once a camera retried by hand before its failed try was committed, not at the failed try\'s backoff a minute away', async () => {
    const db = outboxDatabase();
    databases.push(db);
    const platform = server();
    const outbox = new Outbox({ repository: db.open().repository, send: platform.send, concurrency: 2, outcomeDelayMs: 60_000, baseDelayMs: 60_000 });
    await outbox.load();
    const [failed] = await outbox.enqueue([{ name: 'Gate 3', external_id: 'gate-3' }, { name: 'Gate 4', external_id: 'gate-4' }], meta);
    await platform.answer('Gate 3', 'failed');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(outbox.get(failed!.id)?.state).toBe('retrying');
    await outbox.retry(failed!.id);
    await platform.answer('Gate 4', 'created');
    await platform.answer('Gate 3', 'created');
    expect((await outbox.settled(failed!.id, 5_000)).state).toBe('created');
    expect(platform.sent).toEqual(['Gate 3', 'Gate 4', 'Gate 3']);
    await outbox.dispose();
  });
});
