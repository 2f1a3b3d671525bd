import { afterEach, describe, expect, it } from 'vitest';
import type { CameraCreateRequest } from '../../../preload/contract/onboarding';
import { camera, openConsole, placementOf, type Console } from './console';

let desk: Console;
afterEach(async () => {
  await desk?.close();
});

const createdOnServer = (desk: Console) => desk.app.demoServer!.state.createdCameras.length;

function file(group: string, folder: string, rows: number, tag: string): CameraCreateRequest[] {
  return Array.from({ length: rows }, (_, i) => camera(group, folder, { name: `Import ${tag} ${i}`, serial_number: `SN-${tag}-${i}`, external_id: `${tag}-${i}` }));
}

describe('one camera per external id, MAC and serial per server, kept in the database', () => {
  it('queues one entry when 20 submits with one external id arrive at once', async () => {
    desk = await openConsole();
    const { group, folder } = placementOf(desk.app.demoServer!.state);
    await desk.app.demoServer!.close();
    const request = camera(group, folder, { external_id: 'same-id' });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => desk.call('onboarding.submit', { request: { ...request, name: `Gate ${i}` }, send: 'outbox' })));
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    const refused = answers.filter((a) => !a.ok);
    expect(refused).toHaveLength(19);
    for (const answer of refused) if (!answer.ok) expect(answer.error.fieldErrors['external_id']).toEqual(['A camera with this external id is already in the outbox.']);
    expect((await desk.value('outbox.list', undefined)).entries).toHaveLength(1);
  });

  it('refuses a single camera this server already has by MAC or serial, at that field, also when 20 arrive at once without an external id', async () => {
    desk = await openConsole();
    const { group, folder } = placementOf(desk.app.demoServer!.state);
    await desk.app.demoServer!.close();
    const request = camera(group, folder, { mac: '02:00:00:00:aa:01', serial_number: 'SN-WIZARD-1' });
    delete request.external_id;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => desk.call('onboarding.submit', { request: { ...request, name: `Gate ${i}` }, send: 'outbox' })));
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    for (const answer of answers) if (!answer.ok) expect(answer.error.fieldErrors['mac']).toEqual([expect.stringMatching(/^Already in the outbox/)]);

    const sameSerial = await desk.call('onboarding.submit', { request: { ...request, mac: '02:00:00:00:aa:02', name: 'Other MAC' }, send: 'outbox' });
    expect(sameSerial.ok).toBe(false);
    if (!sameSerial.ok) expect(Object.keys(sameSerial.error.fieldErrors)).toEqual(['serial_number']);
    expect((await desk.value('outbox.list', undefined)).entries).toHaveLength(1);
  });

  it('queues one set when two imports of one file run at once', async () => {
    desk = await openConsole();
    const { group, folder } = placementOf(desk.app.demoServer!.state);
    await desk.app.demoServer!.close();
    const rows = file(group, folder, 300, 'twice');
    const [a, b] = await Promise.all([desk.call('onboarding.importStart', { requests: rows, existing: 'skip' }), desk.call('onboarding.importStart', { requests: rows, existing: 'skip' })]);
    const statuses = [a, b].map((answer) => (answer.ok ? answer.value : null));
    expect(statuses.every(Boolean)).toBe(true);
    expect(statuses.map((s) => s!.total).reduce((x, y) => x + y, 0)).toBe(300);
    expect(statuses.map((s) => s!.skipped).reduce((x, y) => x! + y!, 0)).toBe(300);
    expect((await desk.value('outbox.summary', undefined)).pending).toBe(300);
  });

  it('after "Clear created", re-importing the same file sends nothing and says why on each row; creating again is a choice', async () => {
    desk = await openConsole();
    const { group, folder } = placementOf(desk.app.demoServer!.state);
    const rows = file(group, folder, 20, 'clear');
    await desk.value('onboarding.importStart', { requests: rows });
    await desk.until((s) => s.created === 20);
    const cleared = await desk.value('outbox.clearCreated', undefined);
    expect(cleared.entries).toEqual([]);
    expect(cleared.undo).toMatch(/^clear:/);
    const sent = createdOnServer(desk);

    // The same cameras with new external ids (a file without that column gets fresh ones on every read).
    const again = rows.map((row) => ({ ...row, external_id: `${row.external_id}-reread` }));
    const refused = await desk.call('onboarding.importStart', { requests: again });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(Object.keys(refused.error.fieldErrors)).toHaveLength(20);
    expect(refused.error.fieldErrors['requests.0.mac']).toEqual([
      'Already created from this console on Demo server (built-in simulator) (same MAC address; cleared from the outbox). It is not sent again unless you choose to create it again.',
    ]);
    const skipped = await desk.value('onboarding.importStart', { requests: again, existing: 'skip' });
    expect(skipped).toMatchObject({ total: 0, skipped: 20, done: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(createdOnServer(desk)).toBe(sent);

    // The installer chooses to create them again: new cameras, with new external ids where the old one is taken.
    const recreated = await desk.value('onboarding.importStart', { requests: rows.slice(0, 2), existing: 'create-again' });
    expect(recreated.total).toBe(2);
    // The outbox counts what it lists: the two new ones, not the twenty cleared.
    await desk.until((s) => s.created === 2);
    expect(createdOnServer(desk)).toBe(sent + 2);

    // Undo brings the cleared cameras back into the outbox list.
    expect((await desk.value('onboarding.undo', { undo: cleared.undo! })).restored).toBe(20);
    expect((await desk.value('outbox.list', undefined)).entries.filter((e) => e.state === 'created')).toHaveLength(22);
    expect((await desk.value('outbox.summary', undefined)).created).toBe(22);
  });

  it('shows which server each created camera is on, the camera id or why it is unknown, and ranks an exact match first', async () => {
    desk = await openConsole();
    const sim = desk.app.demoServer!;
    const { group, folder } = placementOf(sim.state);
    await desk.value('onboarding.submit', { request: camera(group, folder, { name: 'Gate 10', serial_number: 'SN-EXACT' }), send: 'now' });
    await desk.value('onboarding.submit', { request: camera(group, folder, { name: 'Gate 1' }), send: 'now' });
    sim.faults.add({ path: '/api/v2/billing/cameras', dropAfter: true, times: 1 });
    await desk.value('onboarding.submit', { request: camera(group, folder, { name: 'Gate 100' }), send: 'now' });
    await desk.until((s) => s.created === 3);
    const list = await desk.value('onboarding.created', { search: 'gate 1' });
    expect(list.cameras.map((c) => c.name)).toEqual(['Gate 1', 'Gate 100', 'Gate 10']);
    expect(list.cameras.every((c) => c.profileName === 'Demo server (built-in simulator)')).toBe(true);
    const lost = list.cameras.find((c) => c.name === 'Gate 100')!;
    expect(lost).toMatchObject({ recognisedByExternalId: true, cameraId: null });
    expect(lost.cameraIdUnknown).toMatch(/did not say its id/);
    expect(list.cameras.find((c) => c.name === 'Gate 1')!.cameraId).toBeGreaterThan(0);
    expect((await desk.value('onboarding.created', { search: 'sn-exact' })).cameras[0]!.name).toBe('Gate 10');
  });

  it('removes an entry and brings it back with undo', async () => {
    desk = await openConsole();
    const { group, folder } = placementOf(desk.app.demoServer!.state);
    await desk.app.demoServer!.close();
    const { entry } = await desk.value('onboarding.submit', { request: camera(group, folder), send: 'outbox' });
    await desk.until((s) => s.retrying === 1);
    const removed = await desk.value('outbox.discard', { id: entry.id });
    expect(removed.entries).toEqual([]);
    expect(await desk.value('onboarding.undo', { undo: removed.undo! })).toEqual({ restored: 1 });
    expect((await desk.value('outbox.list', undefined)).entries.map((e) => e.id)).toEqual([entry.id]);
  });
});
