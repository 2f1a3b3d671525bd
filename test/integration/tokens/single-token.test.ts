import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closedPort } from '../../support/closed-port';
import { hasDbus } from '../../support/dbus';
import { openDesk, privateStreams, streamWith, type Desk } from './desk';

const combos = [false, true].flatMap((live) => [false, true].flatMap((dvr) => [false, true].map((copy) => ({ live, dvr, copy }))));

describe.skipIf(!hasDbus)('single stream tokens against the simulator', () => {
  let desk: Desk;
  beforeEach(async () => {
    desk = await openDesk();
  });
  afterEach(async () => {
    await desk.close();
  });

  for (const combo of combos) {
    const name = [combo.live && 'live', combo.dvr && 'dvr', combo.copy && 'copy'].filter(Boolean).join('+') || 'no permission';
    it(`issues a token with ${name}, and the server records exactly those flags`, async () => {
      const stream = privateStreams(desk)[0]!;
      // With every permission off the operator has said yes to a token that opens nothing (see the next test).
      const none = !combo.live && !combo.dvr && !combo.copy;
      const view = await desk.value('tokens.create', { stream, ...combo, ttl: 900, ...(none ? { allowNothing: true } : {}) });
      const issued = desk.app.demoServer!.state.issuedStreamTokens;
      expect(issued).toHaveLength(1);
      expect(issued[0]).toMatchObject({ token: view.token, stream, ...combo, ttl: 900 });
      expect(view).toMatchObject({ kind: 'stream', stream, ...combo, ttl: 900, historyWarning: null });
    });
  }

  it('refuses a token with every permission off unless the operator confirmed it, in words, and sends nothing', async () => {
    const stream = privateStreams(desk)[0]!;
    const result = await desk.call('tokens.create', { stream, ttl: 900 });
    expect(result).toMatchObject({ ok: false, error: { kind: 'Validation' } });
    expect(JSON.stringify(result)).toContain('Live, DVR and download are all off, so this token would open nothing.');
    const batch = await desk.call('tokens.batchStart', { text: stream, ttl: 900 });
    expect(batch).toMatchObject({ ok: false, error: { kind: 'Validation' } });
    expect(desk.app.demoServer!.state.issuedStreamTokens).toHaveLength(0);
  });

  it('sends the DVR window as Unix seconds, 0 meaning unbounded', async () => {
    const stream = privateStreams(desk)[1]!;
    await desk.value('tokens.create', { stream, dvr: true, ttl: 3600, from: 1_767_225_600, to: 0 });
    expect(desk.app.demoServer!.state.issuedStreamTokens[0]).toMatchObject({ from: 1_767_225_600, to: 0 });
  });

  it('states the expiry from the TTL, and none for an unlimited token', async () => {
    const stream = privateStreams(desk)[2]!;
    const timed = await desk.value('tokens.create', { stream, live: true, ttl: 3600 });
    expect(Date.parse(timed.expiresAt!) - Date.parse(timed.issuedAt)).toBe(3_600_000);
    const unlimited = await desk.value('tokens.create', { stream, live: true, ttl: 0 });
    expect(unlimited.expiresAt).toBeNull();
  });

  it('builds the playback URL from the profile template', async () => {
    const { profile } = await desk.app.services.connections.active();
    await desk.app.services.profiles.update(profile.id, { playbackUrlTemplate: 'https://{host}:8443/live/{stream}?token={token}' });
    const stream = privateStreams(desk)[3]!;
    const view = await desk.value('tokens.create', { stream, live: true, ttl: 60 });
    expect(view.playbackUrl).toBe(`https://127.0.0.1:8443/live/${stream}?token=${view.token}`);
  });

  it('issues a user-bound token (operation 3) recorded by the server for that stream and user', async () => {
    const uid = privateStreams(desk)[0]!;
    const view = await desk.value('tokens.createUserBound', { uid, user: 'operator-17', duration: 600 });
    expect(view).toMatchObject({ kind: 'user', stream: uid, user: 'operator-17', ttl: 600 });
    expect(desk.app.demoServer!.state.accessTokens).toEqual([expect.objectContaining({ token: view.token, uid, user: 'operator-17', duration: 600 })]);
  });

  it('puts "no such stream" under the stream field', async () => {
    const result = await desk.call('tokens.create', { stream: 'cam-9999-xx', live: true, ttl: 60 });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.fieldErrors.stream).toEqual(['The server has no stream “cam-9999-xx”. Check the uid (it is case-sensitive).']);
  });

  it('puts "not private" under the stream field, naming the stream’s method', async () => {
    const stream = streamWith(desk, 'public');
    const result = await desk.call('tokens.create', { stream, live: true, ttl: 60 });
    expect(!result.ok && result.error.fieldErrors.stream?.[0]).toMatch(new RegExp(`Stream “${stream}” is not private \\(it uses the public authorization method\\)`));
  });

  it('puts an unknown stream of a user-bound token under its stream field', async () => {
    const result = await desk.call('tokens.createUserBound', { uid: 'cam-9999-xx', user: 'u', duration: 60 });
    expect(!result.ok && result.error.fieldErrors.uid?.length).toBe(1);
  });

  it('says the server offers no stream tokens when both method names are unknown', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } });
    desk.app.demoServer!.faults.add({ method: 'POST', path: '/api/', status: 400, body, times: 2 });
    const result = await desk.call('tokens.create', { stream: privateStreams(desk)[0]!, live: true, ttl: 60 });
    expect(!result.ok && result.error).toMatchObject({
      kind: 'RpcError',
      message: expect.stringMatching(/rejected Auth\.CreateApiToken and Auth\.CreateAccessToken as unknown methods/),
    });
    expect(desk.app.demoServer!.faults.list()).toEqual([]);
    expect(desk.app.demoServer!.state.issuedStreamTokens).toEqual([]);
  });

  it('refers to Connect when the server refuses the API token (401)', async () => {
    const { profile } = await desk.app.services.connections.active();
    desk.app.services.connections.setDemoToken(profile.id, 'at_wrong_token_value');
    const result = await desk.call('tokens.create', { stream: privateStreams(desk)[0]!, live: true, ttl: 60 });
    expect(!result.ok && result.error).toMatchObject({
      kind: 'Unauthorized',
      message: 'The server refused the API token — open Connect to replace it.',
      action: 'open-connect',
    });
  });

  it('says the server could not be reached when nothing listens on its port', async () => {
    const profile = await desk.app.services.profiles.create({ name: 'Gone', baseUrl: `http://127.0.0.1:${await closedPort()}`, timeoutMs: 2000 });
    await desk.app.services.profiles.setActive(profile.id);
    desk.app.services.connections.setDemoToken(profile.id, 'at_any');
    const result = await desk.call('tokens.create', { stream: 'cam-0001-hd', live: true, ttl: 60 });
    expect(!result.ok && result.error).toMatchObject({ kind: 'Offline', message: expect.stringMatching(/^Could not reach the server\. .*refused the connection/) });
  });

  it('refuses a window with to before from before anything is sent', async () => {
    const result = await desk.call('tokens.create', { stream: privateStreams(desk)[0]!, dvr: true, ttl: 60, from: 2000, to: 1000 });
    expect(!result.ok && result.error.fieldErrors.to).toEqual(['The end of the DVR window must not be before its start.']);
    expect(desk.app.demoServer!.state.issuedStreamTokens).toEqual([]);
  });
});
