import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../main/simulator';
import { clientFor, failure, firstAgentId, privateStream, publicStream, useSimulatorClient, type Sim } from './sim-fixture';
import { closedPort } from '../../support/closed-port';

const fixture = useSimulatorClient();
const { another } = fixture;

const task = () => {
  const t = fixture.sim.state.tasks.values().next().value!;
  return { uid: t.uid, body: { CaseType: t.CaseType, CameraGroupUid: t.CameraGroupUid, Source: t.Source, Pipeline: { Detector: { ScoreThreshold: 0.5 }, Fences: [], Areas: [] } } };
};

describe('stream tokens', () => {
  it('creates a stream token for a private stream', async () => {
    const stream = privateStream(fixture.sim);
    const token = await fixture.client.createStreamToken({ stream, live: true, dvr: true, from: 0, to: 0, ttl: 600 });
    expect(token).toMatch(/\S{10,}/);
    expect(fixture.sim.state.streamTokensFor(stream).at(-1)).toMatchObject({ stream, ttl: 600, live: true, dvr: true });
  });

  it('works with each token form: bearer, bare and query', async () => {
    for (const tokenStyle of ['bearer', 'bare', 'query'] as const) {
      await expect(another({ tokenStyle }).createStreamToken({ stream: privateStream(fixture.sim) })).resolves.toMatch(/\S/);
    }
  });

  it('maps the refusal for a public stream to RpcError with its code', async () => {
    const error = await failure(fixture.client.createStreamToken({ stream: publicStream(fixture.sim), live: true }));
    expect(error.kind).toBe('RpcError');
    expect(error).toMatchObject({ data: { rpcCode: expect.any(Number) } });
  });

  it('reports -32601 as RpcError when the server knows neither method name', async () => {
    const c = another({ rpcMethod: 'Auth.CreateAccessToken' });
    const error = await failure(c.createStreamToken({ stream: privateStream(fixture.sim) }));
    expect(error).toMatchObject({ kind: 'RpcError', data: { rpcCode: -32601 } });
    expect(error.message).toContain('Auth.CreateAccessToken');
  });
});

describe('the Auth.CreateAccessToken fallback', () => {
  let aliasSim: Sim;
  beforeAll(async () => {
    aliasSim = await startSimulator({ seed: 42, acceptCreateAccessToken: true });
  });
  afterAll(() => aliasSim.close());

  it('uses Auth.CreateApiToken first and keeps it when it works', async () => {
    const learned: string[] = [];
    const aliasClient = clientFor(aliasSim, { onRpcMethodLearned: (m) => learned.push(m) });
    await expect(aliasClient.createStreamToken({ stream: privateStream(aliasSim) })).resolves.toMatch(/\S/);
    expect(learned).toEqual([]);
    expect(aliasClient.rpcMethod).toBe('Auth.CreateApiToken');
    await aliasClient.close();
  });

  it('falls back once when the server answers -32601 and remembers the method', async () => {
    aliasSim.faults.add({ method: 'POST', path: '/api/', status: 400, body: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }), times: 1 });
    const learned: string[] = [];
    const aliasClient = clientFor(aliasSim, { onRpcMethodLearned: (m) => learned.push(m) });
    await expect(aliasClient.createStreamToken({ stream: privateStream(aliasSim) })).resolves.toMatch(/\S/);
    await expect(aliasClient.createStreamToken({ stream: privateStream(aliasSim) })).resolves.toMatch(/\S/);
    expect(learned).toEqual(['Auth.CreateAccessToken']);
    expect(aliasClient.rpcMethod).toBe('Auth.CreateAccessToken');
    await aliasClient.close();
  });

  it('reports the second method’s own refusal (unknown stream), not "method not found", and remembers the method', async () => {
    aliasSim.faults.add({ method: 'POST', path: '/api/', status: 400, body: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }), times: 1 });
    const learned: string[] = [];
    const aliasClient = clientFor(aliasSim, { onRpcMethodLearned: (m) => learned.push(m) });
    const error = await failure(aliasClient.createStreamToken({ stream: 'no-such-stream' }));
    expect(error.kind).toBe('RpcError');
    expect(error.kind === 'RpcError' && error.data.rpcCode).not.toBe(-32601);
    expect(learned).toEqual(['Auth.CreateAccessToken']);
    await aliasClient.close();
  });
});

describe('API and user-bound tokens', () => {
  it('obtains an API token from the local console without sending one', async () => {
    const noToken = another({ getToken: async () => null });
    const result = await noToken.obtainApiToken({ client: 'watchdesk-test', duration: 3600 });
    expect(result.token).toMatch(/\S{10,}/);
    await expect(another({ getToken: async () => result.token }).getDashboard()).resolves.toHaveProperty('users');
  });

  it('is refused for a console that is not on the media server', async () => {
    const remoteSim = await startSimulator({ seed: 42, localAddresses: ['10.9.9.9'] });
    const c = clientFor(remoteSim, { getToken: async () => null });
    const error = await failure(c.obtainApiToken({ client: 'watchdesk-test', duration: 60 }));
    await c.close();
    await remoteSim.close();
    expect(error.kind).toBe('Forbidden');
    expect(error.message).toContain('only to a console running on the media server');
  });

  it('creates a user-bound token with the token in the query string', async () => {
    const result = await fixture.client.createUserBoundToken({ uid: privateStream(fixture.sim), user: 'operator-7', duration: 120 });
    expect(result.raw).toBeTruthy();
    expect(fixture.sim.state.accessTokens.at(-1)).toMatchObject({ user: 'operator-7' });
  });
});

describe('cameras', () => {
  const folder = () => fixture.sim.state.folders[0]!;

  it('creates a camera and returns the documented answer', async () => {
    const f = folder();
    const created = await fixture.client.createCamera({
      name: 'Gate 3',
      mac: '00:1A:2B:3C:4D:5E',
      serial_number: 'SN-GATE-3',
      group_id: f.group_id,
      folder_id: f.id,
      group_type: 'private',
      latitude: 55.75,
      longitude: 37.61,
      streams: [{ type: 'high', is_archive_enabled: true, archive_storage_days: 14, archive_recording_type: 'fulltime' }],
    });
    expect(created).toMatchObject({ name: 'Gate 3', network_device: { mac: '00:1A:2B:3C:4D:5E' }, folder: { id: f.id } });
    expect(typeof created.id).toBe('number');
  });

  it('brings the 422 field errors back intact, keys unchanged', async () => {
    const error = await failure(fixture.client.createCamera({ name: 'No group' }));
    expect(error.kind).toBe('Validation');
    expect(Object.keys(error.fieldErrors)).toEqual(expect.arrayContaining(['mac', 'group_id']));
    expect(error.fieldErrors.mac?.[0]).toMatch(/mac/i);
  });

  it('keeps nested keys such as streams.0.archive_storage_days', async () => {
    fixture.sim.faults.add({
      path: '/api/v2/billing/cameras',
      status: 422,
      body: JSON.stringify({ message: 'The given data was invalid.', errors: { 'streams.0.archive_storage_days': ['The streams.0.archive_storage_days must be between 1 and 90.'] } }),
      times: 1,
    });
    const error = await failure(fixture.client.createCamera({ name: 'x' }));
    expect(error.fieldErrors).toEqual({ 'streams.0.archive_storage_days': ['The streams.0.archive_storage_days must be between 1 and 90.'] });
  });
});

describe('camera agents', () => {
  it('shows one device with its storages and camera', async () => {
    const id = firstAgentId(fixture.sim);
    const agent = await fixture.client.getCameraAgent(id);
    expect(agent.id).toBe(id);
    expect(agent.camera.streams.length).toBeGreaterThan(0);
    expect(agent.storages.every((s) => typeof s.capacity === 'number')).toBe(true);
  });

  it('says NotFound for an unknown device', async () => {
    const error = await failure(fixture.client.getCameraAgent(999_999));
    expect(error).toMatchObject({ kind: 'NotFound' });
    expect(error.message).toContain('999999');
  });

  it('says Unauthorized for a refused token', async () => {
    const error = await failure(another({ getToken: async () => 'not-a-real-token' }).getCameraAgent(firstAgentId(fixture.sim)));
    expect(error).toMatchObject({ kind: 'Unauthorized', message: 'The server refused the API token. Open Connect and replace it.' });
  });

  it('says Forbidden for a token without the camera-agents permission', async () => {
    const error = await failure(another({ getToken: async () => fixture.sim.limitedToken }).getCameraAgent(firstAgentId(fixture.sim)));
    expect(error.kind).toBe('Forbidden');
    expect(error.message).toContain('camera-agents');
  });
});

describe('dashboard', () => {
  it('reads the statistics for today', async () => {
    const dashboard = await fixture.client.getDashboard();
    expect(dashboard.cameras.count_all).toBeGreaterThan(0);
    expect(dashboard.mediaservers.top_by_bitrate.length).toBeGreaterThan(0);
  });

  it('reads a custom period in a time zone', async () => {
    const dashboard = await fixture.client.getDashboard({ timezone: 'Europe/Berlin', from: '2025-01-01', to: '2025-01-31' });
    expect(dashboard.users.all.count_all).toBeGreaterThan(0);
  });
});

describe('analytics tasks', () => {
  it('updates a task (204)', async () => {
    const { uid, body } = task();
    await expect(fixture.client.updateAnalyticsTask(uid, body)).resolves.toBeUndefined();
    expect(fixture.sim.state.tasks.get(uid)?.Pipeline).toMatchObject({ Detector: { ScoreThreshold: 0.5 } });
  });

  it('says NotFound for an unknown task', async () => {
    const error = await failure(fixture.client.updateAnalyticsTask('no-such-task', task().body));
    expect(error.kind).toBe('NotFound');
    expect(error.message).toContain('no-such-task');
  });
});

describe('the connection test', () => {
  it('passes every step with a good token', async () => {
    const report = await fixture.client.testConnection();
    expect(report.ok).toBe(true);
    expect(report.steps.map((s) => [s.name, s.ok])).toEqual([['DNS', true], ['TCP', true], ['TLS', null], ['HTTP', true], ['Token', true]]);
  });

  it('says the token was refused', async () => {
    const report = await another({ getToken: async () => 'wrong-token-value' }).testConnection();
    expect(report.ok).toBe(false);
    expect(report.steps.at(-1)).toMatchObject({ name: 'Token', ok: false });
    expect(report.error?.kind).toBe('Unauthorized');
  });

  it('says a limited token is valid but lacks permission', async () => {
    fixture.sim.faults.add({ method: 'GET', path: '/api/admin/v1/dashboard', status: 403, times: 1 });
    const report = await fixture.client.testConnection();
    expect(report.steps.at(-1)).toMatchObject({ name: 'Token', ok: false });
    expect(report.error?.kind).toBe('Forbidden');
  });

  it('skips the token step when none is stored', async () => {
    const report = await another({ getToken: async () => null }).testConnection();
    expect(report.ok).toBe(true);
    expect(report.steps.at(-1)).toMatchObject({ name: 'Token', ok: null });
  });

  it('stops at DNS for a name that does not exist', async () => {
    const report = await another({ baseUrl: 'http://watchdesk-no-such-host.invalid:8080' }).testConnection();
    expect(report.steps.map((s) => s.ok)).toEqual([false, null, null, null, null]);
    expect(report.error).toMatchObject({ kind: 'Offline', data: { reason: 'name-not-found' } });
  });

  it('stops at TCP when nothing listens on the port', async () => {
    const report = await another({ baseUrl: `http://127.0.0.1:${await closedPort()}` }).testConnection();
    expect(report.steps.map((s) => s.ok)).toEqual([true, false, null, null, null]);
    expect(report.error).toMatchObject({ kind: 'Offline', data: { reason: 'refused' } });
  });

  it('says the address answers with web pages', async () => {
    fixture.sim.faults.add({ method: 'GET', path: '/api/admin/v1/dashboard', status: 200, html: true, times: 1 });
    const report = await fixture.client.testConnection();
    expect(report.steps.find((s) => s.name === 'HTTP')).toMatchObject({ ok: false });
    expect(report.error?.kind).toBe('HtmlResponse');
  });
});
