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
    desk = await openServices('session-switch-remove', { baseDelayMs: 60_000, maxDelayMs: 60_000 });
    const { sim, services, outbox, placement } = desk;
    // Held: the server refuses for a reason the installer must settle, so nothing is tried again on its own.
    sim.faults.add({ path: '/api/v2/billing/cameras', status: 403 });
    const submits = createSubmitService(outbox, services.connections);
    const removed = (await submits.submit({ request: camera(placement.group, placement.folder, { name: 'Removed' }), send: 'outbox' })).entry;
    const kept = (await submits.submit({ request: camera(placement.group, placement.folder, { name: 'Kept' }), send: 'outbox' })).entry;
    await eventually(async () => (await outbox.get()).get(removed.id)?.state === 'held' && (await outbox.get()).get(kept.id)?.state === 'held');

    // The keychain is gone; in session-only mode the installer removes one camera, and removes and brings back another.
    services.vault.useSessionOnly();
    const session = await outbox.get();
    await session.discard([removed.id]);
    const mark = await session.discard([kept.id]);
    await session.undo('discard', mark);
    sim.faults.clear();

    // The next start (the keychain back): the outbox on disk sends what the installer kept, and only that.
    next = await nextStart(services);
    await next.retry();
    await eventually(() => next!.get(kept.id)?.state === 'created');
    expect(next.get(removed.id)).toBeUndefined();
    expect(sim.state.createdCameras.map((c) => c.externalId)).toEqual([kept.request.external_id]);
  });
});
