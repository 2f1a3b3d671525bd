import { afterEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../../main/outbox/outbox';
import { createCreatedList } from '../../../main/onboarding/created-cameras';
import { cameraCreateResponse } from '../platform/samples';
import { outboxDatabase } from '../../support/outbox-db';

const databases: Array<ReturnType<typeof outboxDatabase>> = [];
afterEach(() => {
  for (const db of databases.splice(0)) db.remove();
});

const meta = { profileId: 'p', profileName: 'Demo' };

describe('the list of created cameras', () => {
  it('shows a camera created after the computer clock was set back (a laptop that synced its time once online)', async () => {
    const db = outboxDatabase();
    databases.push(db);
    let clock = Date.parse('2026-11-26T10:00:00Z');
    let id = 7000;
    const outbox = new Outbox({ repository: db.open().repository, send: async (entry) => ({ ...cameraCreateResponse, id: id++, name: entry.request.name ?? '' }), now: () => clock });
    await outbox.load();
    const list = createCreatedList(() => outbox.repository);

    const [first] = await outbox.enqueue([{ name: 'Gate 1', external_id: 'gate-1' }], meta);
    expect((await outbox.settled(first!.id, 5_000)).state).toBe('created');
    expect(list.all().map((camera) => camera.name)).toEqual(['Gate 1']);

    // The clock was an hour fast; once online it is set right.
    clock -= 60 * 60 * 1000;
    const [second] = await outbox.enqueue([{ name: 'Gate 2', external_id: 'gate-2' }], meta);
    expect((await outbox.settled(second!.id, 5_000)).state).toBe('created');
    expect(list.all().map((camera) => camera.name).sort()).toEqual(['Gate 1', 'Gate 2']);
    await outbox.dispose();
  });
});
