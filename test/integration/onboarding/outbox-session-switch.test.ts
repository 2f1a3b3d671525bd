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
    next = new Outbox({
      repository: new OutboxRepository(services.storage, await services.sealer()),
      send: async (sent, signal) => (await services.connections.forProfile(sent.profileId)).client.createCamera(sent.request, { signal }),
      baseDelayMs: 50,
      maxDelayMs: 300,
    });
    await next.load();
    // Not at its backoff a minute away: the installer asks for a try now.
    await next.retry();
    const settled = await eventually(() => answered(next!.get(entry.id)) && next!.get(entry.id));
    expect(settled).toMatchObject({ state: 'created', recognisedByExternalId: true });
    expect(sim.state.createdCameras.filter((c) => c.externalId === entry.request.external_id)).toHaveLength(1);
  });
});
