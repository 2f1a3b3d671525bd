import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../support/dbus';
import { openDesk, privateStreams, type Desk } from '../tokens/desk';

/**
 * A server that repeats the caller's API token in its error bodies (message, field errors, JSON-RPC message):
 * nothing that leaves main through the registry may carry it.
 */
describe.skipIf(!hasDbus)('a token echoed by the server never reaches the renderer', () => {
  let desk: Desk;
  let apiToken: string;
  beforeEach(async () => {
    desk = await openDesk();
    apiToken = desk.app.demoServer!.apiToken;
  });
  afterEach(async () => {
    await desk.close();
  });

  it('scrubs a 422 body that repeats the token in its message and field errors', async () => {
    desk.app.demoServer!.faults.add({
      path: '/',
      status: 422,
      body: JSON.stringify({
        message: `token ${apiToken} is not allowed here`,
        errors: { stream: [`unknown stream for ${apiToken}`], [`x${apiToken}`]: ['key echo'] },
      }),
    });
    const result = await desk.call('tokens.create', { stream: privateStreams(desk)[0]!, live: true, ttl: 60 });
    expect(result.ok).toBe(false);
    const text = JSON.stringify(result);
    expect(text).not.toContain(apiToken);
    expect(text).toContain('[redacted]');
  });

  it('scrubs a JSON-RPC error whose message repeats the token (message, details and data.rpcMessage)', async () => {
    desk.app.demoServer!.faults.add({
      path: '/api',
      method: 'POST',
      status: 200,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: `bad call with Bearer ${apiToken}` } }),
    });
    const result = await desk.call('tokens.create', { stream: privateStreams(desk)[0]!, live: true, ttl: 60 });
    expect(result).toMatchObject({ ok: false, error: { kind: 'RpcError' } });
    expect(JSON.stringify(result)).not.toContain(apiToken);
  });

  it('scrubs a ?token= value from an error, whatever token it is', async () => {
    desk.app.demoServer!.faults.add({
      path: '/',
      status: 422,
      body: JSON.stringify({ message: 'see https://vms.example/live/x?token=st_abcdef0123456789&x=1', errors: { stream: ['GET /x?token=zzz9999'] } }),
    });
    const result = await desk.call('tokens.create', { stream: privateStreams(desk)[0]!, live: true, ttl: 60 });
    const text = JSON.stringify(result);
    expect(text).not.toContain('st_abcdef0123456789');
    expect(text).not.toContain('zzz9999');
  });

  it('keeps the stream token in an answer that is meant to carry it (the playback URL)', async () => {
    const { profile } = await desk.app.services.connections.active();
    await desk.app.services.profiles.update(profile.id, { playbackUrlTemplate: 'https://{host}/live/{stream}?token={token}' });
    const view = await desk.value('tokens.create', { stream: privateStreams(desk)[0]!, live: true, ttl: 60 });
    expect(view.playbackUrl).toContain(`?token=${view.token}`);
  });
});
