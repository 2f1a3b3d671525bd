import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../main/simulator';
import { obtainApiTokenResponseSchema, userBoundTokenResponseSchema } from '../../../preload/contract/wire/platform';
import { call } from '../simulator/http';
import { clientFor, privateStream, useSimulatorClient, type Sim } from './sim-fixture';

/**
 * The vendor's documented examples (test/fixtures/platform/README.md names each page and version) against the
 * simulator and the client: every request example is accepted, or refused for a reason the documentation gives;
 * every response example, and each version's answer shape, is read by the client.
 */
const fixtureDir = join(import.meta.dirname, '../../fixtures/platform');
function example<T = Record<string, unknown>>(file: string): T {
  return JSON.parse(readFileSync(join(fixtureDir, file), 'utf8')) as T;
}

const fixture = useSimulatorClient();

function taskOfCaseType(sim: Sim, caseType: string): string {
  for (const task of sim.state.tasks.values()) if (task.CaseType === caseType) return task.uid;
  throw new Error(`the seed has no ${caseType} task`);
}

describe('documented request examples against the simulator', () => {
  it('Auth.CreateApiToken (24.12): the placeholder stream is refused with a JSON-RPC error in a 400; a real private stream gets a token', async () => {
    const body = example<{ params: Record<string, unknown> }>('create-stream-token.request.24.12.json');
    const refused = await call(fixture.sim, 'POST', '/api/', { token: fixture.sim.apiToken, body });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: expect.any(Number), message: expect.any(String) } });

    const stream = privateStream(fixture.sim);
    const issued = await call(fixture.sim, 'POST', '/api/', { token: fixture.sim.apiToken, body: { ...body, params: { ...body.params, stream } } });
    expect(issued.status).toBe(200);
    expect(typeof issued.json()).toBe('string');
  });

  it('create a camera v2 (25.06): refused for its tree element, which the seeded tree lacks; accepted with a seeded element and folder', async () => {
    const body = example('create-camera-v2.request.25.06.json');
    const refused = await call(fixture.sim, 'POST', '/api/v2/billing/cameras', { token: fixture.sim.apiToken, body });
    expect(refused.status).toBe(422);
    const errors = refused.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors).some((key) => key.startsWith('group_') || key.startsWith('folder_'))).toBe(true);

    const folder = fixture.sim.state.folders[0]!;
    const element = fixture.sim.state.treeById.get(folder.group_id)!;
    const placed = { ...body, group_id: element.id, group_external_id: element.key, folder_id: folder.id, folder_key: folder.key, external_id: 'documented-example-1' };
    const created = await call(fixture.sim, 'POST', '/api/v2/billing/cameras', { token: fixture.sim.apiToken, body: placed });
    expect(created.status).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Camera 1' });
  });

  for (const [file, caseType] of [
    ['update-analytics-stream.request.23.09.json', 'face-recognition'],
    ['update-analytics-stream.request.24.12.json', 'camera-obstacle'],
  ] as const) {
    it(`update an analytics stream (${file}): accepted for a task of the same CaseType`, async () => {
      const uid = taskOfCaseType(fixture.sim, caseType);
      const res = await call(fixture.sim, 'PUT', `/api/streams/${encodeURIComponent(uid)}/?format=json`, { token: fixture.sim.apiToken, body: example(file) });
      expect(res.status).toBe(204);
      expect(fixture.sim.state.tasks.get(uid)?.CaseType).toBe(caseType);
    });
  }

  it('the camera-agent device answers on the documented admin path as on the spec path', async () => {
    const id = fixture.sim.state.agents.keys().next().value!;
    const spec = await call(fixture.sim, 'GET', `/api/v1/camera-agents/${id}`, { token: fixture.sim.apiToken });
    const admin = await call(fixture.sim, 'GET', `/api/admin/v1/camera-agents/${id}`, { token: fixture.sim.apiToken });
    expect(admin.status).toBe(200);
    expect(admin.json()).toEqual(spec.json());
  });
});

describe('documented response shapes in the client', () => {
  it('reads the obtain-API-token answer as the documented bare JSON string (24.03)', () => {
    const raw = example<string>('obtain-api-token.response.24.03.json');
    expect(obtainApiTokenResponseSchema.parse(raw)).toBe('<api-access-token>');
  });

  it('obtains an API token from the simulator in its default (documented) shape', async () => {
    const client = fixture.another({ getToken: async () => null });
    const { token, raw } = await client.obtainApiToken({ client: 'documented-shape', duration: 60 });
    expect(typeof raw).toBe('string');
    expect(token).toBe(raw);
  });
});

describe('the token for a stream and a user (operation 3) as the vendor documents it', () => {
  it('reads the documented bare JSON string (createaccesstoken, 23.09 and 24.03)', () => {
    const raw = example<string>('create-user-bound-token.response.24.03.json');
    expect(userBoundTokenResponseSchema.parse(raw)).toBe('5pNZXnaNf3w_x6I6AkeeXYXPejw8u47erHTwSNVOejgEjJp4~');
  });

  it('gets the token from the simulator in that shape, and from the object shape it gave before', async () => {
    const documented = await fixture.client.createUserBoundToken({ uid: privateStream(fixture.sim), user: 'operator-7', duration: 120 });
    expect(typeof documented.raw).toBe('string');
    expect(documented.token).toBe(fixture.sim.state.accessTokens.at(-1)!.token);
    const old = await startSimulator({ seed: 42, answers: { accessToken: 'object' } });
    const client = clientFor(old);
    try {
      const before = await client.createUserBoundToken({ uid: privateStream(old), user: 'operator-7', duration: 120 });
      expect(before.raw).toMatchObject({ token: before.token, user: 'operator-7' });
      expect(before.token).toBe(old.state.accessTokens.at(-1)!.token);
    } finally {
      await client.close();
      await old.close();
    }
  });
});

describe('the client against the other documented version of each answer', () => {
  let other: Sim;
  beforeAll(async () => {
    other = await startSimulator({ seed: 42, answers: { apiToken: 'object', taskUpdate: 'stream-uid' } });
  });
  afterAll(() => other.close());

  it('obtains an API token answered as an object', async () => {
    const client = clientFor(other, { getToken: async () => null });
    try {
      const { token, raw } = await client.obtainApiToken({ client: 'object-shape', duration: 60 });
      expect(raw).toMatchObject({ token, client: 'object-shape', duration: 60 });
    } finally {
      await client.close();
    }
  });

  it('updates an analytics task answered 200 with the stream identifier (23.09)', async () => {
    const documented = example<{ stream_uid: string }>('create-analytics-stream.response.23.09.json');
    expect(documented.stream_uid).toMatch(/\S/);
    const uid = taskOfCaseType(other, 'face-recognition');
    const task = other.state.tasks.get(uid)!;
    const client = clientFor(other);
    try {
      await expect(
        client.updateAnalyticsTask(uid, { CaseType: task.CaseType, CameraGroupUid: task.CameraGroupUid, Source: task.Source }),
      ).resolves.toBeUndefined();
      const raw = await call(other, 'PUT', `/api/streams/${encodeURIComponent(uid)}/?format=json`, {
        token: other.apiToken,
        body: example('update-analytics-stream.request.23.09.json'),
      });
      expect(raw.status).toBe(200);
      expect(raw.json()).toEqual({ stream_uid: uid });
    } finally {
      await client.close();
    }
  });
});
