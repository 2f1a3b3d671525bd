import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentDeviceSchema, agentShapes, SHAPE_RTSP_PASSWORD, startSimulator, type AgentDevice, type RunningSimulator } from '../../../main/simulator/index';
import { call } from './http';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 42, hooks: true });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

async function device(id: number): Promise<AgentDevice> {
  const res = await call(sim, 'GET', `/api/v1/camera-agents/${id}`, { token: sim.apiToken });
  expect(res.status).toBe(200);
  return agentDeviceSchema.strict().parse(res.json());
}

describe('seeded camera-agent shapes', () => {
  it('names a device for every shape, each a different seeded device', () => {
    const ids = agentShapes.map((shape) => sim.state.agentShapes[shape]);
    expect(new Set(ids).size).toBe(agentShapes.length);
    expect(ids.every((id) => sim.state.agents.has(id))).toBe(true);
  });

  it('serves each shape as it says', async () => {
    const shapes = sim.state.agentShapes;
    expect((await device(shapes.offline)).is_online).toBe(false);
    expect((await device(shapes['no-storages'])).storages).toEqual([]);
    expect((await device(shapes['four-storages'])).storages).toHaveLength(4);
    expect((await device(shapes['no-low-stream'])).camera.streams.map((s) => s.type)).toEqual(['high']);
    const nulls = await device(shapes.nulls);
    expect([nulls.last_updated_at, nulls.camera.lat, nulls.camera.note, nulls.camera.billing_id]).toEqual([null, null, null, null]);
    expect(nulls.camera.streams.every((s) => s.width === null && s.video_codec === null && s.is_archive_from_server === null)).toBe(true);
    const credentials = await device(shapes.credentials);
    expect(credentials.camera.streams[0]?.url).toContain(`admin:${SHAPE_RTSP_PASSWORD}@`);
  });
});

describe('changing devices from tests', () => {
  it('PATCH /_sim/agents/{id} changes online state, version, storage fill and stream status', async () => {
    const id = sim.state.agentShapes['four-storages'];
    const res = await call(sim, 'PATCH', `/_sim/agents/${id}`, { body: { is_online: false, version: '9.9.9', storage_percent: 97, stream_status: 'inactive' } });
    expect(res.status).toBe(200);
    const changed = await device(id);
    expect(changed.is_online).toBe(false);
    expect(changed.version).toBe('9.9.9');
    expect(changed.storages.every((s) => Math.abs(s.usage / s.capacity - 0.97) < 0.001)).toBe(true);
    expect(changed.camera.streams.every((s) => s.status === 'inactive')).toBe(true);
  });

  it('refuses unknown fields with 422 and unknown devices with 404', async () => {
    expect((await call(sim, 'PATCH', `/_sim/agents/${sim.state.agentShapes.offline}`, { body: { colour: 'red' } })).status).toBe(422);
    expect((await call(sim, 'PATCH', '/_sim/agents/1', { body: { is_online: true } })).status).toBe(404);
  });

  it('POST /_sim/agents adds generated devices after the highest id, each served', async () => {
    const before = Math.max(...sim.state.agents.keys());
    const res = await call(sim, 'POST', '/_sim/agents', { body: { count: 500 } });
    expect(res.status).toBe(201);
    const { ids } = res.json<{ ids: number[] }>();
    expect(ids).toHaveLength(500);
    expect(Math.min(...ids)).toBeGreaterThan(before);
    expect((await device(ids[499]!)).id).toBe(ids[499]);
  });

  it('reset() removes added devices and undoes changes', async () => {
    sim.agents.add(10);
    sim.agents.update(sim.state.agentShapes.offline, { is_online: true });
    sim.reset();
    expect(sim.state.agents.size).toBe(60);
    expect(sim.state.agents.get(sim.state.agentShapes.offline)?.is_online).toBe(false);
  });
});
