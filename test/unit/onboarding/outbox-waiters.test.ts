import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../preload/contract/onboarding';
import { Waiters } from '../../../main/outbox/outbox-waiters';
import { queuedEntry } from '../../../main/outbox/outbox-state';
import { isAppFailure } from '../../../main/shared/app-failure';

const entryOf = (id: string, state: OutboxEntry['state'] = 'queued'): OutboxEntry => ({
  ...queuedEntry(id, { name: id }, { profileId: 'p', profileName: 'Demo' }, '2026-01-01T00:00:00.000Z'),
  state,
});

/** What a wait ended with: the entry's state, or the kind of failure. */
const outcomeOf = (promise: Promise<OutboxEntry>) =>
  promise.then(
    (entry) => entry.state,
    (error: unknown) => (isAppFailure(error) ? error.kind : String(error)),
  );

describe('waiters of settled', () => {
  it('answers every caller waiting on an entry with its answer, and NotFound to callers of an entry removed', async () => {
    const waiters = new Waiters(() => undefined);
    const first = waiters.wait('a', 60_000, undefined);
    const second = waiters.wait('a', 60_000, undefined);
    const other = waiters.wait('b', 60_000, undefined);
    waiters.wake('a', entryOf('a', 'created'));
    waiters.wake('b', null);
    expect(await outcomeOf(first)).toBe('created');
    expect(await outcomeOf(second)).toBe('created');
    expect(await outcomeOf(other)).toBe('NotFound');
    expect(waiters.ids()).toEqual([]);
  });

  it('ends each wait at its own time limit with the entry as it is then, a shorter limit after a longer one included', async () => {
    const now = new Map<string, OutboxEntry>([['a', entryOf('a')], ['b', entryOf('b', 'sending')]]);
    const waiters = new Waiters((id) => now.get(id));
    const started = performance.now();
    const long = waiters.wait('a', 200, undefined);
    const short = waiters.wait('b', 30, undefined);
    const gone = waiters.wait('c', 40, undefined);
    expect(await outcomeOf(short)).toBe('sending');
    expect(performance.now() - started).toBeGreaterThanOrEqual(29);
    expect(await outcomeOf(gone)).toBe('NotFound');
    expect(waiters.ids()).toEqual(['a']);
    expect(await outcomeOf(long)).toBe('queued');
    expect(performance.now() - started).toBeGreaterThanOrEqual(199);
    expect(waiters.ids()).toEqual([]);
  });

  it('ends the wait of one caller when its signal aborts, and leaves the others on the same entry waiting', async () => {
    const waiters = new Waiters((id) => entryOf(id));
    const abort = new AbortController();
    const aborted = waiters.wait('a', 60_000, abort.signal);
    const staying = waiters.wait('a', 60_000, undefined);
    abort.abort();
    expect(await outcomeOf(aborted)).toBe('queued');
    expect(waiters.ids()).toEqual(['a']);
    waiters.wake('a', entryOf('a', 'held'));
    expect(await outcomeOf(staying)).toBe('held');
  });
});
