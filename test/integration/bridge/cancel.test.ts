import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, type WatchdeskApp } from '../../../main/app/create-app';
import { createRegistry, type CallContext, type Handlers, type Registry } from '../../../main/ipc/registry';
import { isTrustedWebSender } from '../../../main/ipc/trusted-senders';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import { startWebHost, type RunningWebHost } from '../../../main/web/host';
import { buildBridge, type Door } from '../../../preload/contract/bridge';
import { channelNames, type Bridge } from '../../../preload/contract';
import type { ProfileView } from '../../../preload/contract/connect';
import { hasDbus } from '../../support/dbus';
import { streamsWith } from '../../support/streams';

/**
 * Cancel from the renderer's side of the bridge, through the registry (as Electron IPC carries it: by call id) and
 * through the web host (the page aborts its fetch), against a slow simulator endpoint.
 */

/** The renderer's door when main is reached through the registry by call id (what Electron IPC does). */
function registryDoor(registry: Registry): Door {
  return {
    invoke: (channel, input, callId) => registry.call(channel, input, { transport: 'test' }, { callId }),
    cancel: (callId) => void registry.cancel(callId),
    subscribe: () => () => undefined,
  };
}

/** The renderer's door over the web host, as the browser transport does it: one fetch per call, aborted to cancel. */
function webDoor(host: RunningWebHost): Door {
  const calls = new Map<string, AbortController>();
  return {
    async invoke(channel, input, callId) {
      const controller = new AbortController();
      calls.set(callId, controller);
      try {
        const response = await fetch(`${host.origin}/ipc/${channel}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-watchdesk-secret': host.secret },
          body: JSON.stringify(input),
          signal: controller.signal,
        });
        return await response.json();
      } finally {
        calls.delete(callId);
      }
    },
    cancel: (callId) => calls.get(callId)?.abort(),
    subscribe: () => () => undefined,
  };
}

const bridgeOptions = { channels: channelNames, cancelledMessage: () => 'Cancelled.' };

describe.skipIf(!hasDbus)('cancelling a call across the bridge', () => {
  let sim: RunningSimulator;
  let app: WatchdeskApp;
  let dataDir: string;
  let registry: Registry;
  let host: RunningWebHost;
  /** What the simulator logged per request when it closed: `POST /api/ -> dropped …` when the client hung up. */
  let simLog: string[];
  /** The signal the token handler got, to see it abort. */
  let handlerSignal: AbortSignal | undefined;
  let stream: string;

  beforeEach(async () => {
    simLog = [];
    handlerSignal = undefined;
    sim = await startSimulator({ seed: 11, onRequest: (line) => simLog.push(line) });
    stream = streamsWith(sim.state, 'private')[0]!;
    dataDir = mkdtempSync(join(tmpdir(), 'wd-cancel-'));
    app = await createApp({
      dataDir,
      hostFacts: { host: 'web', electronVersion: null, chromeVersion: null },
      keychainService: `watchdesk-test-cancel-${process.pid}-${Date.now()}`,
      demo: false,
    });
    const handlers: Handlers = {
      ...app.handlers,
      'tokens.create': (input, context: CallContext) => {
        handlerSignal = context.signal;
        return app.handlers['tokens.create'](input, context);
      },
    };
    registry = createRegistry(handlers, { isTrustedSender: (sender) => sender.transport === 'test' || isTrustedWebSender(sender) });
    host = await startWebHost({ registry, rendererDir: dataDir, events: app.services.events });
    const setup = buildBridge(bridgeOptions, registryDoor(registry));
    const saved = await setup.profiles.save({ name: 'Slow server', baseUrl: sim.baseUrl, token: sim.apiToken });
    if (!saved.ok) throw new Error(saved.error.message);
    const active = await setup.profiles.activate({ id: (saved.value as ProfileView).id });
    if (!active.ok) throw new Error(active.error.message);
    simLog = [];
  });

  afterEach(async () => {
    await host.close();
    await app.dispose();
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Issues one token, cancels it once the simulator holds the request, and checks what each side saw. */
  async function cancelWhileTheServerHoldsIt(api: Bridge): Promise<void> {
    sim.faults.add({ method: 'POST', path: '/api/', latencyMs: 1_500, times: 1 });
    const controller = new AbortController();
    const answer = api.tokens.create({ stream, live: true, ttl: 60 }, { signal: controller.signal });
    // The rule is used up when the request reaches the simulator, which then holds it for its latency.
    await vi.waitFor(() => expect(sim.faults.list()).toEqual([]), { timeout: 10_000 });
    controller.abort();

    expect(await answer).toMatchObject({ ok: false, error: { kind: 'Cancelled' } });
    await vi.waitFor(() => expect(handlerSignal?.aborted).toBe(true));
    // The client closed the socket: the simulator saw the request end without an answer.
    await vi.waitFor(() => expect(simLog.some((line) => /^POST \/api\/ -> dropped/.test(line))).toBe(true), { timeout: 5_000 });
    // After its latency the simulator finds the client gone and does not run the handler: no token was issued.
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(sim.state.issuedStreamTokens).toEqual([]);
    expect(registry.inFlight).toBe(0);
  }

  /** Cancels in the same tick as the call: the request must never be sent. Returns the signal the handler got, if it ran. */
  async function cancelBeforeSending(api: Bridge): Promise<AbortSignal | undefined> {
    const controller = new AbortController();
    const answer = api.tokens.create({ stream, live: true, ttl: 60 }, { signal: controller.signal });
    controller.abort();
    expect(await answer).toMatchObject({ ok: false, error: { kind: 'Cancelled' } });
    const seen = handlerSignal;
    // The same call, not cancelled, goes through: the cancel left nothing behind. Had the cancelled request been sent,
    // it would have reached the simulator before this one: once this one is logged, it is the only one.
    expect(await api.tokens.create({ stream, live: true, ttl: 60 })).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(simLog.filter((line) => line.startsWith('POST /api/')).length).toBeGreaterThan(0));
    expect(simLog.filter((line) => line.startsWith('POST /api/'))).toEqual([expect.stringMatching(/^POST \/api\/ -> 200 /)]);
    expect(sim.state.issuedStreamTokens).toHaveLength(1);
    return seen;
  }

  it('through the registry (by call id): the handler sees the abort, the socket closes, nothing is issued', async () => {
    await cancelWhileTheServerHoldsIt(buildBridge(bridgeOptions, registryDoor(registry)));
  });

  it('through the web host (the page aborts its fetch): the handler sees the abort, the socket closes, nothing is issued', async () => {
    await cancelWhileTheServerHoldsIt(buildBridge(bridgeOptions, webDoor(host)));
  });

  it('through the registry, cancelled before the request was sent: the simulator never sees it', async () => {
    const seen = await cancelBeforeSending(buildBridge(bridgeOptions, registryDoor(registry)));
    expect(seen?.aborted).toBe(true);
  });

  it('through the web host, cancelled before the request was sent: the simulator never sees it', async () => {
    await cancelBeforeSending(buildBridge(bridgeOptions, webDoor(host)));
  });
});
