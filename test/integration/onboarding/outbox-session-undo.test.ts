import { afterEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../../main/outbox/outbox';
import { createSubmitService } from '../../../main/onboarding/submit-service';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { hasDbus } from '../../support/dbus';
import { camera } from './console';
import { eventually, openServices, type OnboardingServices } from './services';

let desk: OnboardingServices;
let next: Outbox | null = null;
afterEach(async () => {
  await next?.dispose();
  next = null;
  await desk?.close();
});

describe.skipIf(!hasDbus)('an undo offered before a switch to session-only mode', () => {
  it('a remove made with the keychain, "undone" in the session and told "nothing to undo", stays removed at the next start', async () => {
    desk = await openServices('session-undo-before', { baseDelayMs: 60_000, maxDelayMs: 60_000 });
    const { sim, services, outbox, placement } = desk;
    // Held: the server refuses for a reason the installer must settle, so nothing is tried again on its own.
    sim.faults.add({ path: '/api/v2/billing/cameras', status: 403 });
    const submits = createSubmitService(outbox, services.connections);
    const removed = (await submits.submit({ request: camera(placement.group, placement.folder, { name: 'Removed' }), send: 'outbox' })).entry;
    await eventually(async () => (await outbox.get()).get(removed.id)?.state === 'held');
    // Removed while the keychain works: its Undo is offered for a while.
    const mark = await (await outbox.get()).discard([removed.id]);

    // The keychain is gone; in session-only mode the installer presses that Undo, and is told there is nothing to undo.
    services.vault.useSessionOnly();
    const session = await outbox.get();
    await expect(session.undo('discard', mark)).rejects.toMatchObject({ kind: 'Conflict' });
    expect(session.get(removed.id)).toBeUndefined();
    sim.faults.clear();

    // The next start (the keychain back): what the installer was told is what happens, the camera is not created.
    next = new Outbox({
      repository: new OutboxRepository(services.storage, await services.sealer()),
      send: async (sent, signal) => (await services.connections.forProfile(sent.profileId)).client.createCamera(sent.request, { signal }),
      baseDelayMs: 50,
      maxDelayMs: 300,
    });
    await next.load();
    await next.retry();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(next.get(removed.id)).toBeUndefined();
    expect(sim.state.createdCameras.filter((c) => c.externalId === removed.request.external_id)).toHaveLength(0);
  });

  it('a remove the data folder refuses in session-only mode is refused, not told done while the next start sends that camera', async () => {
    desk = await openServices('session-remove-refused', { baseDelayMs: 60_000, maxDelayMs: 60_000 });
    const { sim, services, outbox, placement } = desk;
    sim.faults.add({ path: '/api/v2/billing/cameras', status: 403 });
    const submits = createSubmitService(outbox, services.connections);
    const entry = (await submits.submit({ request: camera(placement.group, placement.folder, { name: 'Refused' }), send: 'outbox' })).entry;
    await eventually(async () => (await outbox.get()).get(entry.id)?.state === 'held');
    services.vault.useSessionOnly();
    const session = await outbox.get();

    // The data folder's database takes no more writes (as a folder gone read-only does).
    services.storage.statement('PRAGMA query_only = 1').run();
    try {
      // In the disk's words, as any write it refuses.
      await expect(session.discard([entry.id])).rejects.toMatchObject({ kind: 'StorageUnavailable', message: expect.stringContaining(services.storage.folder) });
      // Still there, as on disk: what the installer sees is what the next start sends.
      expect(session.get(entry.id)).toMatchObject({ id: entry.id });
    } finally {
      services.storage.statement('PRAGMA query_only = 0').run();
    }
    // Once the folder takes writes again, the remove goes through, on disk too.
    await session.discard([entry.id]);
    expect(session.get(entry.id)).toBeUndefined();
    expect(new OutboxRepository(services.storage, await services.sealer()).get(entry.id)).toBeNull();
  });
});
