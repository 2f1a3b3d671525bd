import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import { camera, openConsole, placementOf, type Console } from './console';

let desk: Console;
let restarted: RunningSimulator | null = null;
afterEach(async () => {
  await restarted?.close();
  restarted = null;
  await desk?.close();
});

const createdWith = (sim: RunningSimulator, externalId: string) => sim.state.createdCameras.filter((c) => c.externalId === externalId);

describe('the outbox against the simulator', () => {
  it('keeps five cameras saved while the server is down and creates all five when it is back', async () => {
    desk = await openConsole();
    const demo = desk.app.demoServer!;
    const { group, folder } = placementOf(demo.state);
    const port = demo.port;
    await demo.close();

    const queued = [];
    for (let i = 0; i < 5; i++) queued.push(await desk.value('onboarding.submit', { request: camera(group, folder), send: 'outbox' }));
    expect(queued.map((r) => r.outcome)).toEqual(['queued', 'queued', 'queued', 'queued', 'queued']);
    const offline = await desk.until((s) => s.offline && s.retrying > 0);
    expect(offline.pending).toBe(5);

    restarted = await startSimulator({ seed: 42, port });
    const done = await desk.until((s) => s.created === 5, 20_000);
    expect(done).toMatchObject({ pending: 0, offline: false });
    const externalIds = queued.map((r) => r.entry.request.external_id!);
    expect(externalIds.map((id) => createdWith(restarted!, id).length)).toEqual([1, 1, 1, 1, 1]);
  });

  it('sends at once when the connection check reaches the server again, not at the next try a minute away', async () => {
    desk = await openConsole({ tuning: { baseDelayMs: 60_000, maxDelayMs: 120_000 } });
    const demo = desk.app.demoServer!;
    const { group, folder } = placementOf(demo.state);
    const port = demo.port;
    await demo.close();
    for (let i = 0; i < 3; i++) await desk.value('onboarding.submit', { request: camera(group, folder), send: 'outbox' });
    // Out of reach: the outbox holds all three and would probe again only a minute or more from now.
    const offline = await desk.until((s) => s.offline && s.pending === 3 && s.retrying >= 1);
    expect(Date.parse(offline.nextAttemptAt!) - Date.now()).toBeGreaterThan(30_000);

    restarted = await startSimulator({ seed: 42, port });
    // What the header's connection check does when it reaches the server: the outbox hears it and stops waiting.
    desk.app.services.connections.observe((await desk.app.services.profiles.getActiveId())!, null);
    const done = await desk.until((s) => s.created === 3, 5_000);
    expect(done).toMatchObject({ offline: false, pending: 0 });
  });

  it('recognises the camera by its external id when the answer to a create is lost, and creates it once', async () => {
    desk = await openConsole();
    const sim = desk.app.demoServer!;
    sim.faults.add({ path: '/api/v2/billing/cameras', dropAfter: true, times: 1 });
    const { group, folder } = placementOf(sim.state);
    const first = await desk.value('onboarding.submit', { request: camera(group, folder), send: 'now' });
    expect(first.outcome).toBe('queued');
    expect(first.entry.state).toBe('retrying');

    await desk.until((s) => s.created === 1);
    const list = await desk.value('outbox.list', undefined);
    expect(list.entries[0]).toMatchObject({ state: 'created', recognisedByExternalId: true, maybeCreated: true, attempts: 2 });
    expect(createdWith(sim, first.entry.request.external_id!)).toHaveLength(1);
    const created = await desk.value('onboarding.created', { search: first.entry.request.name! });
    expect(created.cameras[0]).toMatchObject({ recognisedByExternalId: true, cameraId: null });
  });

  it('stops waiting for an answer when cancelled; the saved camera stays in the outbox and is created once', async () => {
    desk = await openConsole();
    const sim = desk.app.demoServer!;
    sim.faults.add({ path: '/api/v2/billing/cameras', latencyMs: 1_500, times: 1 });
    const { group, folder } = placementOf(sim.state);
    const saved = await desk.value('onboarding.submit', { request: camera(group, folder), send: 'outbox' });
    const wait = new AbortController();
    setTimeout(() => wait.abort(), 200);
    const stopped = await desk.call('onboarding.awaitAnswer', { id: saved.entry.id }, wait.signal);
    expect(stopped).toMatchObject({ ok: false, error: { kind: 'Cancelled' } });
    expect((await desk.value('outbox.get', { id: saved.entry.id })).state).toBe('sending');

    await desk.until((s) => s.created === 1);
    expect(createdWith(sim, saved.entry.request.external_id!)).toHaveLength(1);
    expect((await desk.value('onboarding.awaitAnswer', { id: saved.entry.id })).outcome).toBe('created');
  });

  it('brings a 422 back onto the fields it names, and the fixed entry is then created', async () => {
    desk = await openConsole();
    const sim = desk.app.demoServer!;
    const { group } = placementOf(sim.state, 0);
    const other = placementOf(sim.state, 40);
    expect(other.group).not.toBe(group);
    const request = camera(group, other.folder);
    const refused = await desk.value('onboarding.submit', { request, send: 'now' });
    expect(refused.outcome).toBe('needs-fixing');
    expect(Object.keys(refused.entry.fieldErrors)).toEqual(['folder_key']);
    expect(refused.entry.fieldErrors['folder_key']![0]).toMatch(/not in the selected tree element/);
    const entryId = refused.entry.id;
    expect((await desk.value('outbox.get', { id: entryId })).state).toBe('needs-fixing');

    const fixed = await desk.value('onboarding.submit', { request: { ...request, folder_key: placementOf(sim.state, 0).folder }, send: 'now', entryId });
    expect(fixed).toMatchObject({ outcome: 'created', entry: { id: entryId, state: 'created' } });
    expect(fixed.entry.response).toMatchObject({ status: '', folder: { key: placementOf(sim.state, 0).folder } });
    expect(createdWith(sim, request.external_id ?? fixed.entry.request.external_id!)).toHaveLength(1);
  });

  it('checks a submission with the wizard rules before it is queued', async () => {
    desk = await openConsole();
    const refused = await desk.call('onboarding.submit', { request: { name: '', mac: '01:00:5e:00:00:01', streams: [{ type: 'high', is_archive_enabled: true, archive_storage_days: 30, archive_recording_type: 'timetable' }] }, send: 'outbox' });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(Object.keys(refused.error.fieldErrors).sort()).toEqual(['folder_key', 'group_external_id', 'mac', 'name', 'streams.0.archive_recording_timetable']);
    expect((await desk.value('outbox.summary', undefined)).pending).toBe(0);
  });

  it('keeps the outbox across a restart of the console, encrypted on disk', async () => {
    desk = await openConsole();
    const { group, folder } = placementOf(desk.app.demoServer!.state);
    const secret = 'onvif-secret-password';
    await desk.app.demoServer!.close();
    const { entry } = await desk.value('onboarding.submit', { request: camera(group, folder, { onvif_credentials: { login: 'admin', password: secret, port: 80 } }), send: 'outbox' });
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    // The database, its WAL and its shared-memory file: the password is sealed in all of them.
    const files = readdirSync(desk.dataDir).filter((name) => name.startsWith('watchdesk.db'));
    expect(files).toContain('watchdesk.db-wal');
    for (const name of files) expect(readFileSync(join(desk.dataDir, name)).includes(Buffer.from(secret)), name).toBe(false);
    const reopened = await desk.value('outbox.get', { id: entry.id });
    expect(reopened.request.onvif_credentials?.password).toBe(secret);
    expect((await desk.value('outbox.list', undefined)).entries[0]!.request.onvif_credentials?.password).not.toBe(secret);
  });
});
