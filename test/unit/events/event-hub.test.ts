import { describe, expect, it } from 'vitest';
import { createEventHub, type PushedEvent } from '../../../main/app/events';
import { sampleProgress } from '../../support/batch-progress';

const progress = sampleProgress();

describe('event hub', () => {
  it('hands every emitted event to every listener, in order', () => {
    const hub = createEventHub();
    const a: PushedEvent[] = [];
    const b: PushedEvent[] = [];
    hub.listen((event) => a.push(event));
    hub.listen((event) => b.push(event));
    hub.emit('batch.progress', progress);
    hub.emit('batch.progress', { ...progress, rev: 2 });
    expect(a).toEqual([
      { name: 'batch.progress', payload: progress },
      { name: 'batch.progress', payload: { ...progress, rev: 2 } },
    ]);
    expect(b).toEqual(a);
  });

  it('stops handing events to a listener once it unsubscribed', () => {
    const hub = createEventHub();
    const seen: PushedEvent[] = [];
    const off = hub.listen((event) => seen.push(event));
    expect(hub.listeners).toBe(1);
    off();
    hub.emit('batch.progress', progress);
    expect(seen).toEqual([]);
    expect(hub.listeners).toBe(0);
  });

  it('keeps serving the other listeners when one throws', () => {
    const hub = createEventHub();
    const seen: PushedEvent[] = [];
    hub.listen(() => {
      throw new Error('a closed window');
    });
    hub.listen((event) => seen.push(event));
    hub.emit('batch.progress', progress);
    expect(seen).toHaveLength(1);
  });

  it('refuses a name that is not a contract event', () => {
    const hub = createEventHub();
    expect(() => (hub.emit as (name: string, payload: unknown) => void)('vault.dump', {})).toThrow(/not a contract event/);
  });

  it('a listener added while an event is handed out gets the next one, not that one', () => {
    const hub = createEventHub();
    const late: PushedEvent[] = [];
    hub.listen(() => {
      hub.listen((event) => late.push(event));
    });
    hub.emit('batch.progress', progress);
    expect(late).toEqual([]);
  });
});
