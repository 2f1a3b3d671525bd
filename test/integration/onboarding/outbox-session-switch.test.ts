import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../preload/contract/onboarding';
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

/** The next start (the keychain back): the outbox on disk, loaded, against the same server. */
async function nextStart(services: OnboardingServices['services']): Promise<Outbox> {
  const outbox = new Outbox({
    repository: new OutboxRepository(services.storage, await services.sealer()),
    send: async (sent, signal) => (await services.connections.forProfile(sent.profileId)).client.createCamera(sent.request, { signal }),
    baseDelayMs: 50,
    maxDelayMs: 300,
  });
  await outbox.load();
  return outbox;
}

/**
 * A desk whose server refuses cameras for a reason the installer must settle (no permission): the cameras named are
 * queued and held, so nothing is tried again on its own.
 */
async function heldCameras(name: string, names: string[]): Promise<OutboxEntry[]> {
  desk = await openServices(name, { baseDelayMs: 60_000, maxDelayMs: 60_000 });
  const { sim, services, outbox, placement } = desk;
  sim.faults.add({ path: '/api/v2/billing/cameras', status: 403 });
  const submits = createSubmitService(outbox, services.connections);
  const entries: OutboxEntry[] = [];
  for (const camName of names) entries.push((await submits.submit({ request: camera(placement.group, placement.folder, { name: camName }), send: 'outbox' })).entry);
  await eventually(async () => {
    const current = await outbox.get();
    return entries.every((entry) => current.get(entry.id)?.state === 'held');
  });
  return entries;
}

const answered = (entry: OutboxEntry | undefined) => entry && (entry.state === 'created' || entry.state === 'needs-fixing' || entry.state === 'held');

describe.skipIf(!hasDbus)('the outbox after a switch to session-only mode', () => {
  it('a camera the session created is recognised at the next start, not told "needs fixing" for its own external id', async () => {
    desk = await openServices('session-switch', { baseDelayMs: 60_000, maxDelayMs: 60_000 });
    const { sim, services, outbox, placement } = desk;
    // The server asks to wait: the camera waits in the outbox on disk, certainly not created.
    sim.faults.add({ path: '/api/v2/billing/cameras', status: 429, body: '{"message":"Too Many Attempts."}', contentType: 'application/json' });
    const submits = createSubmitService(outbox, services.connections);
    const { entry } = await submits.submit({ request: camera(placement.group, placement.folder), send: 'outbox' });
    await eventually(async () => (await outbox.get()).get(entry.id)?.state === 'retrying');

    // The keychain is gone; the installer goes on in session-only mode, where the camera is created.
    services.vault.useSessionOnly();
    const session = await outbox.get();
    sim.faults.clear();
    await session.retry();
    await eventually(() => session.get(entry.id)?.state === 'created');

    // The next start (the keychain back): the outbox on disk, against the same server.
    next = await nextStart(services);
    // Not at its backoff a minute away: the installer asks for a try now.
    await next.retry();
    const settled = await eventually(() => answered(next!.get(entry.id)) && next!.get(entry.id));
    expect(settled).toMatchObject({ state: 'created', recognisedByExternalId: true });
    expect(sim.state.createdCameras.filter((c) => c.externalId === entry.request.external_id)).toHaveLength(1);
  });

  it('a camera removed in the session is not sent at the next start, and one brought back by Undo is', async () => {
    const [removed, kept] = await heldCameras('session-switch-remove', ['Removed', 'Kept']);
    const { sim, services, outbox } = desk;

    // The keychain is gone; in session-only mode the installer removes one camera, and removes and brings back another.
    services.vault.useSessionOnly();
    const session = await outbox.get();
    await session.discard([removed!.id]);
    const mark = await session.discard([kept!.id]);
    await session.undo('discard', mark);
    sim.faults.clear();

    // The next start (the keychain back): the outbox on disk sends what the installer kept, and only that.
    next = await nextStart(services);
    await next.retry();
    await eventually(() => next!.get(kept!.id)?.state === 'created');
    expect(next.get(removed!.id)).toBeUndefined();
    expect(sim.state.createdCameras.map((c) => c.externalId)).toEqual([kept!.request.external_id]);
  });
});

describe.skipIf(!hasDbus)('an undo offered before a switch to session-only mode', () => {
  it('a remove made with the keychain, "undone" in the session and told "nothing to undo", stays removed at the next start', async () => {
    const [removed] = await heldCameras('session-undo-before', ['Removed']);
    const { sim, services, outbox } = desk;
    // Removed while the keychain works: its Undo is offered for a while.
    const mark = await (await outbox.get()).discard([removed!.id]);

    // The keychain is gone; in session-only mode the installer presses that Undo, and is told there is nothing to undo.
    services.vault.useSessionOnly();
    const session = await outbox.get();
    await expect(session.undo('discard', mark)).rejects.toMatchObject({ kind: 'Conflict' });
    expect(session.get(removed!.id)).toBeUndefined();
    sim.faults.clear();

    // The next start (the keychain back): what the installer was told is what happens, the camera is not created.
    next = await nextStart(services);
    await next.retry();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(next.get(removed!.id)).toBeUndefined();
    expect(sim.state.createdCameras.filter((c) => c.externalId === removed!.request.external_id)).toHaveLength(0);
  });

  it('a remove the data folder refuses in session-only mode is refused, not told done while the next start sends that camera', async () => {
    const [entry] = await heldCameras('session-remove-refused', ['Refused']);
    const { services, outbox } = desk;
    services.vault.useSessionOnly();
    const session = await outbox.get();

    // The data folder's database takes no more writes (as a folder gone read-only does).
    services.storage.statement('PRAGMA query_only = 1').run();
    try {
      // In the disk's words, as any write it refuses.
      await expect(session.discard([entry!.id])).rejects.toMatchObject({ kind: 'StorageUnavailable', message: expect.stringContaining(services.storage.folder) });
      // Still there, as on disk: what the installer sees is what the next start sends.
      expect(session.get(entry!.id)).toMatchObject({ id: entry!.id });
    } finally {
      services.storage.statement('PRAGMA query_only = 0').run();
    }
    // Once the folder takes writes again, the remove goes through, on disk too.
    await session.discard([entry!.id]);
    expect(session.get(entry!.id)).toBeUndefined();
    expect(new OutboxRepository(services.storage, await services.sealer()).get(entry!.id)).toBeNull();
  });
});
