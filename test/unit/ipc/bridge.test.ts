import { describe, expect, it } from 'vitest';
import { buildBridge, type Door } from '../../../preload/contract/bridge';
import { channelNames, eventNames } from '../../../preload/contract';
import type { Result } from '../../../preload/contract/app-error';

/** A door that records what the bridge does and answers calls when the test says so. */
function recordingDoor() {
  const invoked: Array<{ channel: string; input: unknown; callId: string }> = [];
  const cancelled: string[] = [];
  const pending = new Map<string, (result: Result<unknown>) => void>();
  const handlers = new Map<string, (payload: unknown) => void>();
  const door: Door = {
    invoke(channel, input, callId) {
      invoked.push({ channel, input, callId });
      return new Promise((resolve) => pending.set(callId, resolve));
    },
    cancel: (callId) => void cancelled.push(callId),
    subscribe(name, handler) {
      handlers.set(name, handler);
      return () => handlers.delete(name);
    },
  };
  return { door, invoked, cancelled, pending, handlers };
}

const options = { channels: channelNames, cancelledMessage: () => 'Cancelled here.' };

describe('bridge', () => {
  it('has one function per contract channel, under its namespace, plus on()', () => {
    const api = buildBridge(options, recordingDoor().door) as unknown as Record<string, Record<string, unknown>>;
    for (const name of channelNames) {
      const [namespace, method] = name.split('.') as [string, string];
      expect(typeof api[namespace]?.[method]).toBe('function');
    }
    expect(typeof api.on).toBe('function');
  });

  it('gives every call its own id and passes the answer through', async () => {
    const { door, invoked, pending } = recordingDoor();
    const api = buildBridge(options, door);
    const first = api.app.info();
    const second = api.app.info();
    expect(invoked.map((call) => call.channel)).toEqual(['app.info', 'app.info']);
    expect(new Set(invoked.map((call) => call.callId)).size).toBe(2);
    pending.get(invoked[0]!.callId)!({ ok: true, value: 'one' });
    pending.get(invoked[1]!.callId)!({ ok: true, value: 'two' });
    expect(await first).toEqual({ ok: true, value: 'one' });
    expect(await second).toEqual({ ok: true, value: 'two' });
  });

  it('cancels a call in main by its id when the signal aborts, and answers Cancelled at once', async () => {
    const { door, invoked, cancelled } = recordingDoor();
    const api = buildBridge(options, door);
    const controller = new AbortController();
    const answer = api.tokens.history(undefined, { signal: controller.signal });
    controller.abort();
    expect(await answer).toEqual({ ok: false, error: { kind: 'Cancelled', message: 'Cancelled here.', fieldErrors: {}, retryable: false } });
    expect(cancelled).toEqual([invoked[0]!.callId]);
  });

  it('does not send a call whose signal is already aborted', async () => {
    const { door, invoked } = recordingDoor();
    const controller = new AbortController();
    controller.abort();
    expect(await buildBridge(options, door).app.info(undefined, { signal: controller.signal })).toMatchObject({ ok: false, error: { kind: 'Cancelled' } });
    expect(invoked).toEqual([]);
  });

  it('subscribes to events by name and returns the unsubscribe', () => {
    const { door, handlers } = recordingDoor();
    const seen: number[] = [];
    const off = buildBridge(options, door).on('batch.progress', (payload) => seen.push(payload.rev));
    handlers.get('batch.progress')!({ rev: 3 });
    expect(seen).toEqual([3]);
    off();
    expect(handlers.size).toBe(0);
    expect(eventNames).toContain('batch.progress');
  });
});
