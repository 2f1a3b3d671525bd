import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../preload/contract/onboarding';
import { Outbox, type SendCamera } from '../../../main/outbox/outbox';
import { AppFailure } from '../../../main/shared/app-failure';
import { cameraCreateResponse } from '../platform/samples';
import { outboxDatabase } from '../../support/outbox-db';

const databases: Array<ReturnType<typeof outboxDatabase>> = [];
afterEach(() => {
  for (const db of databases.splice(0)) db.remove();
});

const meta = { profileId: 'p', profileName: 'Demo' };
const HOUR = 60 * 60 * 1000;

describe('the outbox when the computer clock is set back', () => {
  it('sends what waited for the server as soon as it is back, not an hour later (the laptop set its clock right once online)', async () => {
    const db = outboxDatabase();
    databases.push(db);
    let offset = 0;
    let up = false;
    let id = 9000;
    const send: SendCamera = async (entry: OutboxEntry) => {
      if (!up) throw new AppFailure('Offline', 'The server refused the connection.', { data: { reason: 'refused' } });
      return { ...cameraCreateResponse, id: id++, name: entry.request.name ?? '' };
    };
    const outbox = new Outbox({ repository: db.open().repository, send, now: () => Date.now() + offset, baseDelayMs: 20, maxDelayMs: 200, maxProbeDelayMs: 100 });
    await outbox.load();
    // Queued at the site, out of reach: one tried and refused, the rest held back while the outbox probes.
    const entries = await outbox.enqueue(
      Array.from({ length: 5 }, (_, i) => ({ name: `Gate ${i}`, external_id: `gate-${i}` })),
      meta,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outbox.summary()).toMatchObject({ created: 0, pending: 5, offline: true });

    // Online again: the clock, an hour fast, is set right, and the server answers.
    offset = -HOUR;
    up = true;
    const deadline = Date.now() + 3_000;
    while (outbox.summary().created < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(outbox.summary()).toMatchObject({ created: 5, pending: 0 });
    for (const entry of entries) expect(outbox.get(entry.id)?.state).toBe('created');
    await outbox.dispose();
  });

  it('sends at the next start what was queued while the clock ran an hour fast, not an hour later', async () => {
    const db = outboxDatabase();
    databases.push(db);
    let up = false;
    let id = 9100;
    const send: SendCamera = async (entry: OutboxEntry) => {
      if (!up) throw new AppFailure('Offline', 'The server refused the connection.', { data: { reason: 'refused' } });
      return { ...cameraCreateResponse, id: id++, name: entry.request.name ?? '' };
    };
    const fast = new Outbox({ repository: db.open().repository, send, now: () => Date.now() + HOUR, baseDelayMs: 20, maxDelayMs: 200, maxProbeDelayMs: 100 });
    await fast.load();
    await fast.enqueue(Array.from({ length: 5 }, (_, i) => ({ name: `Gate ${i}`, external_id: `gate-${i}` })), meta);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await fast.dispose();
    db.close();

    // The next start: the clock set right, the server reachable.
    up = true;
    const outbox = new Outbox({ repository: db.open().repository, send, baseDelayMs: 20, maxDelayMs: 200, maxProbeDelayMs: 100 });
    await outbox.load();
    const deadline = Date.now() + 3_000;
    while (outbox.summary().created < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(outbox.summary()).toMatchObject({ created: 5, pending: 0 });
    await outbox.dispose();
  });
});
