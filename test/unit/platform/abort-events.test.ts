import { describe, expect, it } from 'vitest';
import { abortEvents } from '../../../main/platform/abort-events';

describe('the abort events undici listens to', () => {
  it('are one emitter per signal, told once when it aborts, with nothing that passes for an AbortSignal', () => {
    const controller = new AbortController();
    const events = abortEvents(controller.signal);
    expect(abortEvents(controller.signal)).toBe(events);
    expect(abortEvents(new AbortController().signal)).not.toBe(events);
    // undici takes anything with `aborted` for an AbortSignal and hands it to Node's listener, which refuses others.
    expect('aborted' in events).toBe(false);
    let told = 0;
    for (let i = 0; i < 20; i++) events.once('abort', () => (told += 1));
    controller.abort();
    controller.abort();
    expect(told).toBe(20);
    expect(events.listenerCount('abort')).toBe(0);
  });
});
