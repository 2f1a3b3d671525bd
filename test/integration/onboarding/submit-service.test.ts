import { afterEach, describe, expect, it } from 'vitest';
import { createSubmitService } from '../../../main/onboarding/submit-service';
import { hasDbus } from '../../support/dbus';
import { camera } from './console';
import { openServices, type OnboardingServices } from './services';

let desk: OnboardingServices;
afterEach(async () => {
  await desk?.close();
});

describe.skipIf(!hasDbus)("the wizard's submissions", () => {
  it('creates a camera now, with an external id of its own and the ONVIF password masked in the answer', async () => {
    desk = await openServices('submit-now');
    const submits = createSubmitService(desk.outbox, desk.services.connections, 5_000);
    const { group, folder } = desk.placement;
    const answer = await submits.submit({ request: camera(group, folder, { onvif_credentials: { login: 'admin', password: 'onvif-secret', port: 80 } }), send: 'now' });
    expect(answer.outcome).toBe('created');
    expect(answer.entry.request.external_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(answer)).not.toContain('onvif-secret');
    expect(desk.sim.state.createdCameras).toHaveLength(1);
  });

  it('refuses a camera this console already has by MAC at that field, and a change to a created entry', async () => {
    desk = await openServices('submit-known');
    const submits = createSubmitService(desk.outbox, desk.services.connections, 5_000);
    const { group, folder } = desk.placement;
    const first = camera(group, folder);
    const created = await submits.submit({ request: first, send: 'now' });
    expect(created.outcome).toBe('created');
    await expect(submits.submit({ request: { ...first, name: 'Another name' }, send: 'outbox' })).rejects.toMatchObject({ kind: 'Validation', appError: { fieldErrors: { mac: [expect.stringContaining('Already created')] } } });
    await expect(submits.submit({ request: first, send: 'outbox', entryId: created.entry.id })).rejects.toMatchObject({ kind: 'Conflict' });
    await expect(submits.awaitAnswer('no-such-entry')).rejects.toMatchObject({ kind: 'NotFound' });
  });

  it('puts every rule the wizard checks on its field before anything is queued', async () => {
    desk = await openServices('submit-invalid');
    const submits = createSubmitService(desk.outbox, desk.services.connections, 5_000);
    await expect(submits.submit({ request: { name: '', mac: 'zz' }, send: 'outbox' })).rejects.toMatchObject({ kind: 'Validation', appError: { fieldErrors: { mac: [expect.any(String)] } } });
    expect((await desk.outbox.get()).summary().pending).toBe(0);
  });
});
