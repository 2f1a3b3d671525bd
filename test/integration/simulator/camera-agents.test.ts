import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentDeviceSchema, startSimulator, type AgentDevice, type RunningSimulator } from '../../../main/simulator/index';
import { call } from './http';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 42 });
});
afterAll(() => sim.close());

const MICRO_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

async function getAgent(id: number | string) {
  return call(sim, 'GET', `/api/v1/camera-agents/${id}`, { token: sim.apiToken });
}

describe('GET /api/v1/camera-agents/{cameraAgent}', () => {
  it('answers 200 with the full device: storages, camera and streams in the spec types', async () => {
    const id = [...sim.state.agents.keys()][0] ?? 0;
    const res = await getAgent(id);
    expect(res.status).toBe(200);
    const device = agentDeviceSchema.strict().parse(res.json());
    expect(device.id).toBe(id);
    expect(device.storages.length).toBeGreaterThanOrEqual(1);
    expect(device.camera.streams.some((s) => s.type === 'high')).toBe(true);
  });

  it('formats timestamps as ISO 8601 UTC with microseconds', async () => {
    const res = await getAgent([...sim.state.agents.keys()][3] ?? 0);
    const device = res.json<AgentDevice>();
    expect(device.created_at).toMatch(MICRO_ISO);
    expect(device.updated_at).toMatch(MICRO_ISO);
    expect(device.camera.created_at).toMatch(MICRO_ISO);
  });

  it('serves every seeded device, with nulls where the spec allows them somewhere among them', async () => {
    const devices = await Promise.all([...sim.state.agents.keys()].map(async (id) => (await getAgent(id)).json<AgentDevice>()));
    expect(devices.length).toBeGreaterThanOrEqual(50);
    expect(devices.some((d) => d.last_updated_at === null)).toBe(true);
    expect(devices.some((d) => d.camera.lat === null)).toBe(true);
    expect(devices.some((d) => d.camera.billing_id === null)).toBe(true);
    expect(devices.some((d) => d.camera.streams.some((s) => s.width === null))).toBe(true);
    expect(devices.some((d) => d.is_online) && devices.some((d) => !d.is_online)).toBe(true);
    expect(devices.every((d) => d.storages.every((s) => s.usage <= s.capacity))).toBe(true);
  });

  it.each(['abc', '1.5', '12a', '%E0%A4%A'])('answers 422 with errors.cameraAgent for the malformed id %s', async (id) => {
    const res = await getAgent(id);
    expect(res.status).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors['cameraAgent']?.[0]).toMatch(/integer/);
  });

  it('answers 404 {message} for an id with no device', async () => {
    const ids = [...sim.state.agents.keys()];
    let missing = (ids[0] ?? 0) + 1;
    while (sim.state.agents.has(missing)) missing += 1;
    const res = await getAgent(missing);
    expect(res.status).toBe(404);
    expect(res.json<{ message: string }>().message).toContain(String(missing));
  });

  it('answers 403 to a token without the camera-agents permission before looking at the id', async () => {
    const res = await call(sim, 'GET', '/api/v1/camera-agents/abc', { token: sim.limitedToken });
    expect(res.status).toBe(403);
  });

  it('answers 405 to methods other than GET', async () => {
    const res = await call(sim, 'DELETE', `/api/v1/camera-agents/${[...sim.state.agents.keys()][0]}`, { token: sim.apiToken });
    expect(res.status).toBe(405);
  });
});
