import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentDeviceSchema, startSimulator, type AgentDevice, type RunningSimulator } from '../../../main/simulator/index';
import { call } from './http';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 42, hooks: true });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

const DAY = 86_400_000;

async function read(id: number): Promise<{ status: number; device: AgentDevice | null }> {
  const res = await call(sim, 'GET', `/api/v1/camera-agents/${id}`, { token: sim.apiToken });
  return { status: res.status, device: res.status === 200 ? agentDeviceSchema.parse(res.json()) : null };
}

async function behave(ids: number[], behaviour: unknown): Promise<number[]> {
  const res = await call(sim, 'POST', '/_sim/agents/behaviour', { body: { ids, behaviour } });
  expect(res.status).toBe(200);
  return res.json<{ ids: number[] }>().ids;
}

async function advance(ms: number): Promise<void> {
  expect((await call(sim, 'POST', '/_sim/clock', { body: { advanceMs: ms } })).status).toBe(200);
}

describe('device behaviours over simulated time', () => {
  const id = () => sim.state.agentShapes['four-storages'];

  it('a flapping device is online for upSec, then offline for downSec, over and over', async () => {
    await behave([id()], { kind: 'flap', upSec: 60, downSec: 30 });
    const seen: boolean[] = [];
    for (let i = 0; i < 6; i++) {
      seen.push((await read(id())).device!.is_online);
      await advance(30_000);
    }
    expect(seen).toEqual([true, true, false, true, true, false]);
  });

  it('a device that goes offline keeps its last report at the moment it went', async () => {
    await behave([id()], { kind: 'offline' });
    const first = (await read(id())).device!;
    await advance(3_600_000);
    const later = (await read(id())).device!;
    expect(later.is_online).toBe(false);
    expect(later.last_updated_at).toBe(first.last_updated_at);
  });

  it('a device that stops answering answers 503 until it is steady again', async () => {
    await behave([id()], { kind: 'silent' });
    expect((await read(id())).status).toBe(503);
    await behave([id()], { kind: 'steady' });
    expect((await read(id())).status).toBe(200);
  });

  it('disks fill by their share a day as simulated days pass, never past capacity', async () => {
    const before = (await read(id())).device!.storages;
    await behave([id()], { kind: 'fill', percentPerDay: 2 });
    await advance(3 * DAY);
    const after = (await read(id())).device!.storages;
    after.forEach((s, i) => {
      const expected = Math.min(s.capacity, before[i]!.usage + s.capacity * 0.06);
      expect(s.usage).toBeCloseTo(expected, 0);
    });
    await advance(100 * DAY);
    expect((await read(id())).device!.storages.every((s) => s.usage === s.capacity)).toBe(true);
  });

  it('refuses an unknown behaviour with 422 and names only the devices it found', async () => {
    expect((await call(sim, 'POST', '/_sim/agents/behaviour', { body: { ids: [id()], behaviour: { kind: 'explode' } } })).status).toBe(422);
    expect(await behave([id(), 1], { kind: 'offline' })).toEqual([id()]);
  });
});
