import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../support/dbus';
import { startRegistryApp, type RegistryApp } from '../../support/registry-app';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import { httpWarmth, warmHttp } from '../../../main/platform/http-warm-up';
import type { HttpWarmth } from '../../../preload/contract/about';

describe('warming the HTTP stack before the first server call', () => {
  it('makes one request to a server of its own on 127.0.0.1, once, and reports it warm', async () => {
    const first = warmHttp();
    expect(['warming', 'warm']).toContain(httpWarmth().state);
    const warmth = await first;
    expect(warmth).toMatchObject({ state: 'warm', loadMs: expect.any(Number), firstRequestMs: expect.any(Number), tlsMs: expect.any(Number) });
    expect(httpWarmth()).toEqual(warmth);
    expect(warmHttp()).toBe(first);
  });
});

describe.skipIf(!hasDbus)('app.warmUp, as the page asks for it once idle', () => {
  let simulator: RunningSimulator;
  let registryApp: RegistryApp;
  let requests = 0;
  beforeEach(async () => {
    requests = 0;
    simulator = await startSimulator({ seed: 3, onRequest: () => void (requests += 1) });
    registryApp = await startRegistryApp('warm-up');
  });
  afterEach(async () => {
    await registryApp.app.dispose();
    await simulator.close();
  });

  it('answers the stack warm and sends nothing to the active server', async () => {
    await registryApp.call('profiles.save', { name: 'Site', baseUrl: simulator.baseUrl, token: simulator.apiToken });
    requests = 0;
    const warmth = await registryApp.call<HttpWarmth>('app.warmUp');
    expect(warmth.state).toBe('warm');
    expect(requests).toBe(0);
    await registryApp.call('connection.check', { force: true });
    expect(requests).toBeGreaterThan(0);
  });

  it('answers warm on a console with no server yet', async () => {
    expect((await registryApp.call<HttpWarmth>('app.warmUp')).state).toBe('warm');
  });
});
