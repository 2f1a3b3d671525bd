import { describe, expect, it } from 'vitest';
import { createRegistry, type CallContext, type Handlers, type Sender } from '../../../main/ipc/registry';
import { AppFailure } from '../../../main/shared/app-failure';
import { contract } from '../../../preload/contract';
import { z } from 'zod';

const trusted: Sender = { transport: 'test' };
const foreign: Sender = { transport: 'electron', frameUrl: 'https://evil.example/', isTopFrame: true };

function registryWith(overrides: Partial<Handlers> = {}) {
  const calls: string[] = [];
  const handlers = new Proxy({} as Handlers, {
    get: (_target, name: string) =>
      (overrides as Record<string, unknown>)[name] ??
      (() => {
        calls.push(name);
        return { handled: name };
      }),
  });
  const registry = createRegistry(handlers, { isTrustedSender: (sender) => sender.transport === 'test' });
  return { registry, calls };
}

/** A channel of the contract whose input is an object with at least one required field. */
function channelWithRequiredField(): { name: string; field: string } {
  for (const [name, definition] of Object.entries(contract)) {
    const schema = definition.input as z.ZodType;
    if (schema instanceof z.ZodObject) {
      const required = Object.entries(schema.shape).find(([, field]) => !(field as z.ZodType).safeParse(undefined).success);
      if (required) return { name, field: required[0] };
    }
  }
  throw new Error('the contract has no channel with a required field');
}

describe('handler registry', () => {
  it('refuses an unknown channel without calling any service', async () => {
    const { registry, calls } = registryWith();
    const result = await registry.call('secrets.readToken', {}, trusted);
    expect(result).toMatchObject({ ok: false, error: { kind: 'UnknownChannel' } });
    expect(calls).toEqual([]);
  });

  it('refuses a call from a foreign sender without calling the service', async () => {
    const { registry, calls } = registryWith();
    const result = await registry.call('app.info', undefined, foreign);
    expect(result).toMatchObject({ ok: false, error: { kind: 'UntrustedSender' } });
    expect(calls).toEqual([]);
  });

  it('answers a malformed input with a Validation error naming the field', async () => {
    const { registry, calls } = registryWith();
    const { name, field } = channelWithRequiredField();
    const result = await registry.call(name, { unrelated: true }, trusted);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('Validation');
    expect(Object.keys(result.error.fieldErrors)).toContain(field);
    expect(calls).toEqual([]);
  });

  it('refuses an input where none is expected', async () => {
    const { registry } = registryWith();
    const result = await registry.call('app.info', { extra: 1 }, trusted);
    expect(result).toMatchObject({ ok: false, error: { kind: 'Validation' } });
  });

  it('returns the service result on success', async () => {
    const { registry } = registryWith();
    expect(await registry.call('app.info', undefined, trusted)).toEqual({ ok: true, value: { handled: 'app.info' } });
  });

  it('turns a service exception into an AppError without a stack', async () => {
    const { registry } = registryWith({
      'app.info': () => {
        throw new TypeError('cannot read properties of undefined');
      },
    });
    const result = await registry.call('app.info', undefined, trusted);
    expect(result).toMatchObject({ ok: false, error: { kind: 'Internal', retryable: false } });
    expect(JSON.stringify(result)).not.toMatch(/at .*\.ts:\d+|stack/);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it('passes a service AppFailure through as it was thrown', async () => {
    const { registry } = registryWith({
      'app.info': () => {
        throw new AppFailure('Unauthorized', 'The server refused the API token.');
      },
    });
    const result = await registry.call('app.info', undefined, trusted);
    expect(result).toEqual({
      ok: false,
      error: { kind: 'Unauthorized', message: 'The server refused the API token.', fieldErrors: {}, retryable: false },
    });
  });

  it('gives the handler a signal that a cancel by call id aborts, and answers Cancelled at once', async () => {
    let seen: AbortSignal | undefined;
    const { registry } = registryWith({
      'app.info': (_input, { signal }) => {
        seen = signal;
        return new Promise<never>(() => undefined); // a handler that never finishes on its own
      },
    });
    const answer = registry.call('app.info', undefined, trusted, { callId: 'c1' });
    expect(registry.inFlight).toBe(1);
    expect(registry.cancel('c1')).toBe(true);
    expect(await answer).toMatchObject({ ok: false, error: { kind: 'Cancelled', retryable: false } });
    expect(seen?.aborted).toBe(true);
    expect(registry.inFlight).toBe(0);
    expect(registry.cancel('c1')).toBe(false);
  });

  it('aborts the handler when the transport signal aborts (the caller went away)', async () => {
    const gone = new AbortController();
    let aborted = false;
    const { registry } = registryWith({
      'app.info': (_input, { signal }) =>
        new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => ((aborted = true), reject(new Error('aborted'))))),
    });
    const answer = registry.call('app.info', undefined, trusted, { signal: gone.signal });
    gone.abort();
    expect(await answer).toMatchObject({ ok: false, error: { kind: 'Cancelled' } });
    expect(aborted).toBe(true);
  });

  it('does not run a handler for a call cancelled before it started', async () => {
    const gone = new AbortController();
    gone.abort();
    const { registry, calls } = registryWith();
    expect(await registry.call('app.info', undefined, trusted, { signal: gone.signal })).toMatchObject({ ok: false, error: { kind: 'Cancelled' } });
    expect(calls).toEqual([]);
  });

  it('cancels only the call with that id', async () => {
    const slow = async (_input: unknown, { signal }: CallContext) => (await new Promise((resolve) => setTimeout(resolve, 20)), signal.aborted);
    const { registry } = registryWith({ 'app.info': slow as unknown as Handlers['app.info'] });
    const first = registry.call('app.info', undefined, trusted, { callId: 'a' });
    const second = registry.call('app.info', undefined, trusted, { callId: 'b' });
    registry.cancel('a');
    expect(await first).toMatchObject({ ok: false, error: { kind: 'Cancelled' } });
    expect(await second).toEqual({ ok: true, value: false });
  });
});
