import { streamsWith } from '../../support/streams';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../main/simulator/index';
import { call, rpc, streamWith, type RpcError } from './http';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 42 });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

describe('Auth.CreateApiToken', () => {
  it('answers 200 with the bare JSON string token for a private stream', async () => {
    const res = await rpc(sim, { stream: streamWith(sim, 'private'), live: true });
    expect(res.status).toBe(200);
    expect(res.contentType).toContain('application/json');
    const token = res.json<string>();
    expect(typeof token).toBe('string');
    expect(token).toMatch(/^st_/);
  });

  it('records the issued token with stream, permissions, ttl, window and expiry', async () => {
    const stream = streamWith(sim, 'private');
    const res = await rpc(sim, { stream, ttl: 600, live: true, dvr: true, copy: false, from: 100, to: 200 });
    const [issued] = sim.state.issuedStreamTokens;
    expect(issued).toMatchObject({ token: res.json(), stream, live: true, dvr: true, copy: false, ttl: 600, from: 100, to: 200 });
    expect(issued?.expiresAt).toBe((issued?.issuedAt ?? 0) + 600_000);
  });

  it('applies the defaults: ttl 3600, live/dvr/copy false, from/to 0', async () => {
    await rpc(sim, { stream: streamWith(sim, 'private') });
    expect(sim.state.issuedStreamTokens[0]).toMatchObject({ ttl: 3600, live: false, dvr: false, copy: false, from: 0, to: 0 });
  });

  it('gives a ttl of 0 an unlimited lifetime (no expiry)', async () => {
    await rpc(sim, { stream: streamWith(sim, 'private'), ttl: 0 });
    expect(sim.state.issuedStreamTokens[0]?.expiresAt).toBeNull();
  });

  it('accepts from with an unbounded (0) to', async () => {
    const res = await rpc(sim, { stream: streamWith(sim, 'private'), dvr: true, from: 500, to: 0 });
    expect(res.status).toBe(200);
  });

  it('accepts to equal to from', async () => {
    const res = await rpc(sim, { stream: streamWith(sim, 'private'), dvr: true, from: 500, to: 500 });
    expect(res.status).toBe(200);
  });

  it('issues 1,000 distinct tokens for 1,000 distinct private streams', async () => {
    const uids = streamsWith(sim.state, 'private').slice(0, 1000);
    expect(uids).toHaveLength(1000);
    const tokens = await Promise.all(uids.map((stream, i) => rpc(sim, { stream, live: true }, { id: i }).then((r) => r.json<string>())));
    expect(new Set(tokens).size).toBe(1000);
    expect(new Set(sim.state.issuedStreamTokens.map((t) => t.stream)).size).toBe(1000);
  });
});

describe('JSON-RPC errors', () => {
  it('answers 400 with -32601 and the request id for an unknown method', async () => {
    const res = await rpc(sim, { stream: streamWith(sim, 'private') }, { method: 'Stream.Add', id: 7 });
    expect(res.status).toBe(400);
    expect(res.json<RpcError>()).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32601, message: expect.stringContaining('Stream.Add') } });
  });

  it('refuses Auth.CreateAccessToken by default (-32601)', async () => {
    const res = await rpc(sim, { stream: streamWith(sim, 'private') }, { method: 'Auth.CreateAccessToken' });
    expect(res.status).toBe(400);
    expect(res.json<RpcError>().error.code).toBe(-32601);
  });

  it('accepts Auth.CreateAccessToken when started with acceptCreateAccessToken', async () => {
    const alias = await startSimulator({ acceptCreateAccessToken: true });
    try {
      const res = await rpc(alias, { stream: streamWith(alias, 'private') }, { method: 'Auth.CreateAccessToken' });
      expect(res.status).toBe(200);
      expect(res.json<string>()).toMatch(/^st_/);
    } finally {
      await alias.close();
    }
  });

  it('answers -32600 when jsonrpc is not "2.0"', async () => {
    const res = await call(sim, 'POST', '/api/', { token: sim.apiToken, body: { jsonrpc: '1.0', method: 'Auth.CreateApiToken', params: {}, id: 1 } });
    expect(res.status).toBe(400);
    expect(res.json<RpcError>().error.code).toBe(-32600);
  });

  it('answers -32600 for a request without an id', async () => {
    const res = await call(sim, 'POST', '/api/', { token: sim.apiToken, body: { jsonrpc: '2.0', method: 'Auth.CreateApiToken', params: {} } });
    expect(res.status).toBe(400);
    expect(res.json<RpcError>().error.code).toBe(-32600);
  });

  it('answers -32600 for a batch (array) envelope', async () => {
    const res = await call(sim, 'POST', '/api/', { token: sim.apiToken, body: [{ jsonrpc: '2.0', method: 'Auth.CreateApiToken', params: {}, id: 1 }] });
    expect(res.status).toBe(400);
    expect(res.json<RpcError>().error.code).toBe(-32600);
  });

  it('answers -32700 for a body that is not JSON', async () => {
    const res = await call(sim, 'POST', '/api/', { token: sim.apiToken, body: '{"jsonrpc":' });
    expect(res.status).toBe(400);
    expect(res.json<RpcError>().error.code).toBe(-32700);
  });

  it.each([
    ['stream', { ttl: 10 }],
    ['ttl', { ttl: -1 }],
    ['ttl', { ttl: 1.5 }],
    ['live', { live: 'yes' }],
    ['from', { from: -5 }],
    ['to', { to: 'later' }],
    ['colour', { colour: 'red' }],
  ])('answers -32602 naming %s when that param is wrong', async (name, params) => {
    const base = 'stream' in params || name === 'stream' ? {} : { stream: streamWith(sim, 'private') };
    const res = await rpc(sim, { ...base, ...params });
    expect(res.status).toBe(400);
    const body = res.json<RpcError>();
    expect(body.error.code).toBe(-32602);
    expect(body.error.message).toContain(`'${name}'`);
  });

  it('answers -32602 when to is below from', async () => {
    const res = await rpc(sim, { stream: streamWith(sim, 'private'), dvr: true, from: 200, to: 100 });
    expect(res.status).toBe(400);
    expect(res.json<RpcError>().error).toMatchObject({ code: -32602, message: expect.stringContaining("'to'") });
  });

  it('answers -32001 for a stream that does not exist', async () => {
    const res = await rpc(sim, { stream: 'cam-9999-hd' });
    expect(res.status).toBe(400);
    expect(res.json<RpcError>().error).toMatchObject({ code: -32001, message: expect.stringContaining('cam-9999-hd') });
  });

  it.each(['public', 'protected'] as const)('answers -32002 for a %s stream', async (method) => {
    const res = await rpc(sim, { stream: streamWith(sim, method) });
    expect(res.status).toBe(400);
    expect(res.json<RpcError>().error).toMatchObject({ code: -32002, message: expect.stringContaining(method) });
  });

  it('issues nothing when the call fails', async () => {
    await rpc(sim, { stream: streamWith(sim, 'public') });
    await rpc(sim, { stream: streamWith(sim, 'private'), ttl: -1 });
    expect(sim.state.issuedStreamTokens).toHaveLength(0);
  });
});
