import { afterEach, describe, expect, it } from 'vitest';
import type { CameraCreateRequest } from '../../../preload/contract/onboarding';
import { camera, openConsole, placementOf, type Console } from './console';

let desk: Console;
afterEach(async () => {
  await desk?.close();
});

/** Cameras on the server with this MAC (the simulator keeps MACs in upper case). */
const onServer = (mac: string) => desk.app.demoServer!.state.createdCameras.filter((c) => c.response.network_device.mac === mac.toUpperCase()).length;

/**
 * A camera whose create reached the server while its answer was lost: the server made it, and the outbox holds it
 * as "maybe created", retrying in a minute (the external id decides then).
 */
async function maybeCreated(request: CameraCreateRequest) {
  desk.app.demoServer!.faults.add({ path: '/api/v2/billing/cameras', dropAfter: true, times: 1 });
  const { entry } = await desk.value('onboarding.submit', { request, send: 'outbox' });
  await desk.until((s) => s.retrying === 1);
  const saved = await desk.value('outbox.get', { id: entry.id });
  expect(saved).toMatchObject({ state: 'retrying', maybeCreated: true });
  expect(onServer(request.mac!)).toBe(1);
  return saved;
}

describe('a camera that may have been created stays the one camera it is', () => {
  it('is not removed from the outbox, so the same camera entered again is refused by its MAC and the server keeps one', async () => {
    desk = await openConsole({ tuning: { baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    const { group, folder } = placementOf(desk.app.demoServer!.state);
    const request = camera(group, folder, { mac: '02:00:00:00:bb:01' });
    const entry = await maybeCreated(request);

    const removed = await desk.call('outbox.discard', { id: entry.id });
    expect(removed.ok).toBe(false);
    if (!removed.ok) expect(removed.error).toMatchObject({ kind: 'Conflict', message: expect.stringMatching(/may already have created/) });

    // The installer enters the camera again (the wizard gives it a new external id).
    const again = await desk.call('onboarding.submit', { request: { ...request, name: 'Entered again' }, send: 'now' });
    expect(again.ok).toBe(false);
    await desk.value('outbox.retry', {});
    await desk.until((s) => s.created === 1 && s.pending === 0);
    expect(onServer(request.mac!)).toBe(1);
  });

  it('keeps its external id when it is changed in the wizard, so the retry recognises it instead of creating a second camera', async () => {
    desk = await openConsole({ tuning: { baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    const { group, folder } = placementOf(desk.app.demoServer!.state);
    const request = camera(group, folder, { mac: '02:00:00:00:bb:02', external_id: 'gate-bb02' });
    const entry = await maybeCreated(request);

    // Reopened in the wizard and saved with its external id cleared (the wizard fills in a new one) or typed anew.
    const { external_id: _dropped, ...withoutId } = entry.request;
    const cleared = await desk.value('onboarding.submit', { request: { ...withoutId, name: 'Gate, renamed' }, send: 'outbox', entryId: entry.id });
    expect(cleared.entry.request.external_id).toBe('gate-bb02');
    const typed = await desk.call('onboarding.submit', { request: { ...entry.request, external_id: 'gate-bb02-new' }, send: 'outbox', entryId: entry.id });
    expect(typed.ok).toBe(false);
    if (!typed.ok) expect(typed.error.fieldErrors['external_id']).toEqual([expect.stringMatching(/may already have created/)]);

    await desk.value('outbox.retry', {});
    const done = await desk.until((s) => s.pending === 0);
    expect(done.created).toBe(1);
    expect(onServer(request.mac!)).toBe(1);
    const [created] = (await desk.value('onboarding.created', { search: '' })).cameras;
    expect(created).toMatchObject({ externalId: 'gate-bb02', recognisedByExternalId: true });
  });
});

describe('a server that says the external id is taken', () => {
  it('with a 409 to the retry of a camera it may have created: the camera is recognised as created, not held', async () => {
    desk = await openConsole({ tuning: { baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    const sim = desk.app.demoServer!;
    const { group, folder } = placementOf(sim.state);
    const request = camera(group, folder, { mac: '02:00:00:00:bb:06', external_id: 'gate-bb06' });
    await maybeCreated(request);
    const taken = JSON.stringify({ message: 'The external_id has already been taken.', errors: { external_id: ['The external_id has already been taken.'] } });
    sim.faults.add({ path: '/api/v2/billing/cameras', status: 409, body: taken, contentType: 'application/json' });
    await desk.value('outbox.retry', {});
    const done = await desk.until((s) => s.pending === 0);
    expect(done).toMatchObject({ created: 1, held: 0 });
    expect(onServer(request.mac!)).toBe(1);
    const [created] = (await desk.value('onboarding.created', { search: '' })).cameras;
    expect(created).toMatchObject({ externalId: 'gate-bb06', recognisedByExternalId: true });
  });

  it('with a 409 to a first try: the camera is held with a sentence, nothing is created', async () => {
    desk = await openConsole({ tuning: { baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    const sim = desk.app.demoServer!;
    const { group, folder } = placementOf(sim.state);
    const taken = JSON.stringify({ message: 'The external_id has already been taken.' });
    sim.faults.add({ path: '/api/v2/billing/cameras', status: 409, body: taken, contentType: 'application/json' });
    const answer = await desk.value('onboarding.submit', { request: camera(group, folder, { external_id: 'someone-elses' }), send: 'now' });
    expect(answer).toMatchObject({ outcome: 'held', entry: { lastError: { kind: 'Conflict', message: expect.stringMatching(/conflicts/) } } });
    expect(sim.state.createdCameras).toHaveLength(0);
  });
});

describe('an undo never brings back a second entry for one camera', () => {
  it('refuses to undo a remove once the same MAC was queued again under another external id, and the server gets one camera', async () => {
    desk = await openConsole({ tuning: { baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    const sim = desk.app.demoServer!;
    const { group, folder } = placementOf(sim.state);
    const request = camera(group, folder, { mac: '02:00:00:00:bb:03', serial_number: 'SN-BB03' });
    await sim.close();
    const { entry } = await desk.value('onboarding.submit', { request, send: 'outbox' });
    await desk.until((s) => s.retrying === 1);
    const removed = await desk.value('outbox.discard', { id: entry.id });
    // Entered again: the wizard gives it a new external id.
    await desk.value('onboarding.submit', { request: { ...request, external_id: 'entered-again' }, send: 'outbox' });
    const undone = await desk.call('onboarding.undo', { undo: removed.undo! });
    expect(undone.ok).toBe(false);
    if (!undone.ok) expect(undone.error).toMatchObject({ kind: 'Conflict', message: expect.stringMatching(/queued since/) });
    expect((await desk.value('outbox.list', undefined)).entries).toHaveLength(1);
  });
});

describe('a change to an entry in the wizard', () => {
  it('is refused when it gives the camera the MAC of another camera of this server, as a new camera would be', async () => {
    desk = await openConsole({ tuning: { baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    const sim = desk.app.demoServer!;
    const { group, folder } = placementOf(sim.state);
    const made = await desk.value('onboarding.submit', { request: camera(group, folder, { mac: '02:00:00:00:bb:07' }), send: 'now' });
    expect(made.outcome).toBe('created');
    sim.faults.add({ path: '/api/v2/billing/cameras', status: 503 });
    const waiting = await desk.value('onboarding.submit', { request: camera(group, folder, { mac: '02:00:00:00:bb:08' }), send: 'outbox' });
    const other = await desk.value('onboarding.submit', { request: camera(group, folder, { mac: '02:00:00:00:bb:09' }), send: 'outbox' });
    await desk.until((s) => s.pending === 2 && s.sending === 0);

    const onWaiting = await desk.call('onboarding.submit', { request: { ...other.entry.request, mac: '02-00-00-00-BB-08' }, send: 'outbox', entryId: other.entry.id });
    expect(onWaiting).toMatchObject({ ok: false, error: { kind: 'Validation', fieldErrors: { mac: [expect.stringMatching(/^Already in the outbox/)] } } });
    const onCreated = await desk.call('onboarding.submit', { request: { ...other.entry.request, mac: '02:00:00:00:bb:07' }, send: 'outbox', entryId: other.entry.id });
    expect(onCreated).toMatchObject({ ok: false, error: { kind: 'Validation', fieldErrors: { mac: [expect.stringMatching(/^Already created from this console/)] } } });
    // Its own MAC is no clash.
    const renamed = await desk.value('onboarding.submit', { request: { ...other.entry.request, name: 'Renamed' }, send: 'outbox', entryId: other.entry.id });
    expect(renamed.entry.request.name).toBe('Renamed');

    sim.faults.clear();
    await desk.value('outbox.retry', {});
    await desk.until((s) => s.pending === 0);
    const macs = sim.state.createdCameras.map((c) => c.response.network_device.mac).sort();
    expect(macs.filter((mac) => mac.startsWith('02:00:00:00:BB'))).toEqual(['02:00:00:00:BB:07', '02:00:00:00:BB:08', '02:00:00:00:BB:09']);
    expect(waiting.entry.id).not.toBe(other.entry.id);
  });
});

describe('an undo that has nothing left to bring back', () => {
  it('says so once a later remove took the place of the earlier one, instead of answering as if it worked', async () => {
    desk = await openConsole({ tuning: { baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    const sim = desk.app.demoServer!;
    const { group, folder } = placementOf(sim.state);
    await sim.close();
    const first = await desk.value('onboarding.submit', { request: camera(group, folder), send: 'outbox' });
    const second = await desk.value('onboarding.submit', { request: camera(group, folder), send: 'outbox' });
    // Tried and refused, or held back while the server is out of reach: neither is on the wire.
    await desk.until((s) => s.pending === 2 && s.sending === 0);
    const removedFirst = await desk.value('outbox.discard', { id: first.entry.id });
    await desk.value('outbox.discard', { id: second.entry.id });
    const undone = await desk.call('onboarding.undo', { undo: removedFirst.undo! });
    expect(undone).toMatchObject({ ok: false, error: { kind: 'Conflict', message: 'There is nothing left to undo.' } });
  });
});

describe('"create again" in an import', () => {
  it('does not queue a second entry for a camera still in the outbox, nor for a row the file holds twice', async () => {
    desk = await openConsole({ tuning: { baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    const sim = desk.app.demoServer!;
    const { group, folder } = placementOf(sim.state);
    await sim.close();
    const waiting = camera(group, folder, { mac: '02:00:00:00:bb:04' });
    delete waiting.external_id;
    await desk.value('onboarding.submit', { request: waiting, send: 'outbox' });
    // A file without an external id column: the camera still waiting, and one new camera listed twice (MAC in two spellings).
    const fresh = camera(group, folder, { mac: '02:00:00:00:bb:05' });
    delete fresh.external_id;
    const rows = [{ ...waiting, name: 'Waiting, from the file' }, fresh, { ...fresh, name: 'Listed twice', mac: '02-00-00-00-BB-05' }];
    const status = await desk.value('onboarding.importStart', { requests: rows, existing: 'create-again' });
    expect(status).toMatchObject({ total: 1, skipped: 2 });
    expect((await desk.value('outbox.summary', undefined)).pending).toBe(2);
  });

  it('queues one set when two imports of one file choose "create again" at once', async () => {
    desk = await openConsole({ tuning: { baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    const sim = desk.app.demoServer!;
    const { group, folder } = placementOf(sim.state);
    await sim.close();
    const rows = Array.from({ length: 50 }, (_, i) => {
      const row = camera(group, folder, { name: `Twice ${i}`, serial_number: `SN-TWICE-${i}` });
      delete row.external_id;
      return row;
    });
    const both = await Promise.all([0, 1].map(() => desk.value('onboarding.importStart', { requests: rows, existing: 'create-again' })));
    expect(both.map((s) => s.total).reduce((a, b) => a + b, 0)).toBe(50);
    expect((await desk.value('outbox.summary', undefined)).pending).toBe(50);
  });
});
