import { DATABASE_FILE } from '../../../main/storage';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHAPE_RTSP_PASSWORD, SHAPE_RTSP_TOKEN } from '../../../main/simulator';
import { hasDbus } from '../../support/dbus';
import { settlesBefore } from '../../support/order';
import { missingId, openAgentsConsole, type AgentsConsole } from './agents-console';

describe.skipIf(!hasDbus)('looking up a camera-agent device', () => {
  let c: AgentsConsole;
  beforeEach(async () => {
    c = await openAgentsConsole();
  });
  afterEach(() => c.close());

  const shapeId = (shape: keyof AgentsConsole['sim']['state']['agentShapes']) => String(c.sim.state.agentShapes[shape]);

  it('opens each seeded shape as the server sends it, with the server’s JSON text', async () => {
    const offline = await c.value('agents.lookup', { id: shapeId('offline') });
    expect(offline.device.is_online).toBe(false);
    expect(offline.stale).toBeNull();
    expect(JSON.parse(offline.raw)).toEqual(c.sim.state.agents.get(Number(offline.id)));
    expect((await c.value('agents.lookup', { id: shapeId('no-storages') })).device.storages).toEqual([]);
    expect((await c.value('agents.lookup', { id: shapeId('four-storages') })).device.storages).toHaveLength(4);
    expect((await c.value('agents.lookup', { id: shapeId('no-low-stream') })).device.camera.streams.map((s) => s.type)).toEqual(['high']);
    const nulls = await c.value('agents.lookup', { id: shapeId('nulls') });
    expect(nulls.device.last_updated_at).toBeNull();
    expect(nulls.device.camera.streams.every((s) => s.width === null && s.status === null)).toBe(true);
  });

  it('hands the stream credentials to the screen (it masks them) but never writes them to the database, its WAL or its shared memory', async () => {
    const live = await c.value('agents.lookup', { id: shapeId('credentials') });
    expect(live.credentialsKept).toBe(true);
    expect(live.device.camera.streams[0]?.url).toContain(SHAPE_RTSP_PASSWORD);
    expect((await c.value('agents.cached', { id: shapeId('credentials') }))?.device.name).toBe(live.device.name);
    const files = readdirSync(c.dataDir).filter((name) => name.startsWith(DATABASE_FILE));
    expect(files).toContain(`${DATABASE_FILE}-wal`);
    const text = files.map((name) => readFileSync(join(c.dataDir, name), 'latin1')).join('\n');
    expect(text).toContain(shapeId('credentials'));
    expect(text).not.toContain(SHAPE_RTSP_PASSWORD);
    expect(text).not.toContain(SHAPE_RTSP_TOKEN);
    expect(text).not.toContain(c.sim.apiToken);
  });

  it('serves the last copy seen, marked stale with its time, when the server cannot be reached', async () => {
    const id = shapeId('credentials');
    const fresh = await c.value('agents.lookup', { id });
    c.sim.faults.add({ path: '/api/v1/camera-agents', drop: true });
    const stale = await c.value('agents.lookup', { id });
    expect(stale.stale?.kind).toBe('Offline');
    // The time is the copy's fetchedAt, which the screen shows in the operator's own zone, not a UTC time in the text.
    expect(stale.stale?.reason).toContain('the last copy seen');
    expect(stale.stale?.reason).not.toContain('UTC');
    expect(stale.fetchedAt).toBe(fresh.fetchedAt);
    expect(stale.credentialsKept).toBe(false);
    expect(stale.device.camera.streams[0]?.url).not.toContain(SHAPE_RTSP_PASSWORD);
    expect(stale.raw).not.toContain(SHAPE_RTSP_PASSWORD);
    expect(stale.device.name).toBe(fresh.device.name);
  });

  it('says the server cannot be reached when there is no copy to fall back on', async () => {
    c.sim.faults.add({ path: '/api/v1/camera-agents', drop: true });
    const error = await c.error('agents.lookup', { id: shapeId('offline') });
    expect(error.kind).toBe('Offline');
    expect(error.message).toMatch(/^The server cannot be reached\./);
  });

  it('401: says the token was refused and offers Connect as the action', async () => {
    await c.useToken('at_not-a-real-token');
    const error = await c.error('agents.lookup', { id: shapeId('offline') });
    expect(error.kind).toBe('Unauthorized');
    expect(error.message).toBe('The server refused the API token. Open Connect and replace it.');
    expect(error.action).toBe('open-connect');
  });

  it('403 (the simulator’s limited token): names the camera-agents permission and where it is granted', async () => {
    await c.useToken(c.sim.limitedToken);
    const error = await c.error('agents.lookup', { id: shapeId('offline') });
    expect(error.kind).toBe('Forbidden');
    expect(error.message).toContain('“camera-agents” permission');
    expect(error.message).toContain('assigned on the platform, not in Watchdesk');
  });

  it('422: shows the server’s reason next to the id field', async () => {
    const error = await c.error('agents.lookup', { id: '99999999999999999999' });
    expect(error.kind).toBe('Validation');
    expect(error.fieldErrors['id']?.[0]).toBe('The server does not accept “99999999999999999999” as a device number: The cameraAgent field must be an integer.');
  });

  it('refuses an id that is not a number before asking the server', async () => {
    const error = await c.error('agents.lookup', { id: 'abc' });
    expect(error.kind).toBe('Validation');
    expect(error.fieldErrors['id']?.[0]).toBe('A device number has digits only, for example 1001.');
  });

  it('404: says the server has no device with that number, next to the field', async () => {
    const id = missingId(c.sim);
    const error = await c.error('agents.lookup', { id });
    expect(error.kind).toBe('NotFound');
    expect(error.fieldErrors['id']?.[0]).toBe(`The server has no camera-agent device number ${id}. Check the number.`);
  });

  it('cancels a look-up in flight: the answer is Cancelled at once and nothing is cached', async () => {
    const id = shapeId('offline');
    c.sim.faults.add({ path: '/api/v1/camera-agents', latencyMs: 3_000, times: 1 });
    const controller = new AbortController();
    const pending = c.registry.call('agents.lookup', { id }, { transport: 'test' }, { signal: controller.signal });
    // Aborted once the server holds the request; the answer comes while it still does.
    await vi.waitFor(() => expect(c.sim.faults.list()).toEqual([]), { timeout: 5_000 });
    controller.abort();
    expect(await settlesBefore(pending, 3_000)).toBe(true);
    const result = await pending;
    expect(result.ok ? null : result.error.kind).toBe('Cancelled');
    expect(await c.value('agents.cached', { id })).toBeNull();
  });

  it('remembers recent look-ups newest first and pinned devices, across a restart', async () => {
    await c.value('agents.lookup', { id: shapeId('offline') });
    await c.value('agents.lookup', { id: shapeId('nulls') });
    await c.value('agents.pin', { id: shapeId('offline'), pinned: true });
    await c.dispose();
    const again = await openAgentsConsole({ dataDir: c.dataDir });
    try {
      const shortcuts = await again.value('agents.shortcuts', undefined);
      expect(shortcuts.recent.map((r) => r.id)).toEqual([shapeId('nulls'), shapeId('offline')]);
      expect(shortcuts.recent[0]?.name).toBe(c.sim.state.agents.get(Number(shapeId('nulls')))?.name);
      expect(shortcuts.pinned.map((p) => p.id)).toEqual([shapeId('offline')]);
    } finally {
      await again.dispose();
    }
  });

  it('forgets a deleted profile\'s device copies and recent and pinned devices', async () => {
    await c.value('agents.lookup', { id: shapeId('offline') });
    await c.value('agents.pin', { id: shapeId('offline'), pinned: true });
    // The copy is written behind the answer; asking for it waits for that write.
    expect(await c.value('agents.cached', { id: shapeId('offline') })).not.toBeNull();
    const storage = c.app.services.storage;
    expect(storage.health().counts).toMatchObject({ device_cache: 1, lookup_shortcuts: 1 });
    const profileId = (await c.app.services.profiles.getActiveId())!;
    await c.app.services.profiles.remove(profileId);
    expect(storage.health().counts).toMatchObject({ device_cache: 0, lookup_shortcuts: 0 });
  });
});
