import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxSummary } from '../../../preload/contract/onboarding';
import { createCreatedService } from '../../../main/onboarding/created-service';
import { createOutboxService } from '../../../main/onboarding/outbox-service';
import { createSubmitService } from '../../../main/onboarding/submit-service';
import { createUndoService } from '../../../main/onboarding/undo-service';
import { hasDbus } from '../../support/dbus';
import { camera } from './console';
import { eventually, openServices, type OnboardingServices } from './services';

let desk: OnboardingServices;
afterEach(async () => {
  await desk?.close();
});

const noImports = { undoCancel: async () => 0 };
const noTemplates = { undoRemove: async () => 0 };

describe.skipIf(!hasDbus)('the outbox panel through its service', () => {
  it('lists entries newest first with passwords masked, pushes outbox.changed, and gives a password back only for one entry', async () => {
    desk = await openServices('outbox-list');
    const entries = createOutboxService(desk.outbox);
    const submits = createSubmitService(desk.outbox, desk.services.connections);
    // Refused for want of permission: both are held (not tried again on their own), so the counts stay put.
    desk.sim.faults.add({ path: '/api/v2/billing/cameras', status: 403 });
    const { group, folder } = desk.placement;
    const first = await submits.submit({ request: camera(group, folder, { name: 'First', onvif_credentials: { login: 'admin', password: 'onvif-secret', port: 80 } }), send: 'outbox' });
    await submits.submit({ request: camera(group, folder, { name: 'Second' }), send: 'outbox' });
    const view = await entries.list();
    expect(view.entries.map((entry) => entry.request.name)).toEqual(['Second', 'First']);
    expect(view.total).toBe(2);
    expect(JSON.stringify(view)).not.toContain('onvif-secret');
    expect((await entries.get(first.entry.id)).request.onvif_credentials?.password).toBe('onvif-secret');
    await expect(entries.get('no-such-entry')).rejects.toMatchObject({ kind: 'NotFound' });
    const pushed = await eventually(() => (desk.pushed('outbox.changed') as OutboxSummary[]).find((summary) => summary.held === 2));
    expect(pushed.pending).toBe(0);
    expect(await entries.summary()).toMatchObject({ held: 2, pending: 0 });
  });

  it('removes an entry and brings it back with the undo its answer gave; a retry sends it once the server accepts it', async () => {
    desk = await openServices('outbox-discard');
    const entries = createOutboxService(desk.outbox);
    const submits = createSubmitService(desk.outbox, desk.services.connections);
    const undo = createUndoService(desk.outbox, noImports, noTemplates);
    // Refused for want of permission: held until the installer retries it, so it is not on the wire when removed.
    desk.sim.faults.add({ path: '/api/v2/billing/cameras', status: 403 });
    const { group, folder } = desk.placement;
    const saved = await submits.submit({ request: camera(group, folder), send: 'outbox' });
    await eventually(async () => (await entries.summary()).held === 1);
    const removed = await entries.discard(saved.entry.id);
    expect(removed.entries).toHaveLength(0);
    expect(removed.undo).toMatch(/^discard:/);
    expect(await undo.undo(removed.undo!)).toBe(1);
    desk.sim.faults.clear();
    const retried = await entries.retry(saved.entry.id);
    expect(retried.entries).toHaveLength(1);
    await eventually(async () => (await entries.summary()).created === 1);
  });

  it('clears created entries from the list and its counts (the created list keeps them) and an undo shows them again', async () => {
    desk = await openServices('outbox-clear');
    const entries = createOutboxService(desk.outbox);
    const submits = createSubmitService(desk.outbox, desk.services.connections, 5_000);
    const undo = createUndoService(desk.outbox, noImports, noTemplates);
    const { group, folder } = desk.placement;
    for (let i = 0; i < 3; i++) expect((await submits.submit({ request: camera(group, folder), send: 'now' })).outcome).toBe('created');
    const cleared = await entries.clearCreated();
    expect(cleared.entries).toHaveLength(0);
    // "The outbox is empty" is not followed by "Created: 3": the counts are of what the outbox lists.
    expect(cleared.summary.created).toBe(0);
    expect((await createCreatedService(desk.outbox).list('', 10)).total).toBe(3);
    expect(await undo.undo(cleared.undo!)).toBe(3);
    expect((await entries.list()).entries).toHaveLength(3);
    expect((await entries.summary()).created).toBe(3);
    await expect(undo.undo('nonsense')).rejects.toMatchObject({ kind: 'Validation' });
  });
});
