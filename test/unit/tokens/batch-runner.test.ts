import { describe, expect, it } from 'vitest';
import { failureFromTransportError } from '../../../main/platform/errors';
import { TokenBatch, type BatchDeps } from '../../../main/tokens/batch-runner';
import { rowSentence } from '../../../main/tokens/token-errors';
import { locale, spoken } from '../../../renderer/lib/i18n.svelte';

const grant = { live: true, dvr: false, copy: false, ttl: 60, from: 0, to: 0 };

/** A batch whose requests answer when the test says so, and whose history write is recorded. */
function controlledBatch(streams: string[]) {
  const answers: Array<() => void> = [];
  const events: string[] = [];
  const deps: BatchDeps = {
    issue: (stream) => new Promise((resolve) => answers.push(() => resolve(`st_${stream}`))),
    describe: () => ({ message: 'failed', kind: 'Internal' }),
    record: async (rows) => {
      events.push(`history write of ${rows.length}`);
    },
    now: () => new Date(0),
  };
  const batch = new TokenBatch({ streams, grant, notes: [], profileName: 'Demo', deps });
  return { batch, answers, events };
}

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
/** Longer than a group of issued rows waits for more before its history write starts (GROUP_WAIT_MS). */
const groupWindow = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 320));

describe('TokenBatch.waitForChange', () => {
  it('answers at once when nothing is running or saving', async () => {
    const { batch } = controlledBatch(['a']);
    let answered = false;
    void batch.waitForChange(10_000).then(() => (answered = true));
    await tick();
    expect(answered).toBe(true);
  });

  it('answers after its wait while rows are still out', async () => {
    const { batch } = controlledBatch(['a']);
    void batch.start();
    const asked = performance.now();
    await batch.waitForChange(60);
    expect(performance.now() - asked).toBeGreaterThanOrEqual(55);
    expect(batch.status().running).toBe(true);
  });

  it('shows a row as issued only once its token is in the history', async () => {
    const { batch, answers, events } = controlledBatch(['a', 'b', 'c']);
    void batch.start();
    await tick();
    answers[0]!();
    await tick();
    // The others are in flight: the row waits a moment to be written with them, and is not shown as issued meanwhile.
    expect(batch.status().counts.ok).toBe(0);
    await groupWindow();
    expect(events).toEqual(['history write of 1']);
    expect(batch.status().counts.ok).toBe(1);
    for (const answer of answers.slice(1)) answer();
    await batch.settled();
    expect(batch.status().counts.ok).toBe(3);
    expect(events.reduce((n, e) => n + Number(e.split(' ').pop()), 0)).toBe(3);
  });

  it('writes the rows waiting for their group when the batch is cancelled', async () => {
    const answers: Array<() => void> = [];
    const events: string[] = [];
    const deps: BatchDeps = {
      // Answers when the test says so; a cancel aborts the request.
      issue: (stream, signal) =>
        new Promise((resolve, reject) => {
          answers.push(() => resolve(`st_${stream}`));
          signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
        }),
      describe: () => ({ message: 'failed', kind: 'Internal' }),
      record: async (rows) => {
        events.push(`history write of ${rows.length}`);
      },
      now: () => new Date(0),
    };
    const batch = new TokenBatch({ streams: ['a', 'b', 'c'], grant, notes: [], profileName: 'Demo', deps });
    void batch.start();
    await tick();
    answers[0]!();
    await tick();
    await batch.cancel();
    await batch.settled();
    expect(events).toEqual(['history write of 1']);
    expect(batch.status().counts).toMatchObject({ ok: 1, cancelled: 2, running: 0 });
  });
});

/** A batch whose requests answer and whose history writes land when the test says so. */
function slowHistoryBatch(streams: string[]) {
  const answers: Array<() => void> = [];
  const writes: Array<{ rows: number; land: () => void }> = [];
  const deps: BatchDeps = {
    issue: (stream) => new Promise((resolve) => answers.push(() => resolve(`st_${stream}`))),
    describe: () => ({ message: 'failed', kind: 'Internal' }),
    record: (rows) => new Promise<void>((resolve) => writes.push({ rows: rows.length, land: resolve })),
    now: () => new Date(0),
  };
  return { batch: new TokenBatch({ streams, grant, notes: [], profileName: 'Demo', deps, concurrency: 8, initialConcurrency: 8 }), answers, writes };
}

describe('TokenBatch history journal', () => {
  it('writes answers that arrive together or during a write in one write, the last at once, none shown before its write lands', async () => {
    const { batch, answers, writes } = slowHistoryBatch(['a', 'b', 'c', 'd', 'e']);
    const rowsWritten = () => writes.map((w) => w.rows);
    void batch.start();
    await tick();
    answers[0]!();
    answers[1]!();
    await tick();
    expect(rowsWritten()).toEqual([]);
    await groupWindow();
    expect(rowsWritten()).toEqual([2]);
    answers[2]!();
    answers[3]!();
    await groupWindow();
    expect(rowsWritten()).toEqual([2]);
    expect(batch.status().counts.ok).toBe(0);
    writes[0]!.land();
    await tick();
    expect(batch.status().counts.ok).toBe(2);
    // The run's last answer: written at once, with the rows that arrived during the first write.
    answers[4]!();
    await tick();
    expect(rowsWritten()).toEqual([2, 3]);
    expect(batch.status().counts.ok).toBe(2);
    writes[1]!.land();
    await batch.settled();
    expect(batch.status().counts.ok).toBe(5);
  });

  it('keeps the tokens on screen with a warning when the history cannot be written', async () => {
    const deps: BatchDeps = {
      issue: async (stream) => `st_${stream}`,
      describe: () => ({ message: 'failed', kind: 'Internal' }),
      record: async () => {
        throw new Error('disk full');
      },
      now: () => new Date(0),
    };
    const batch = new TokenBatch({ streams: ['a', 'b'], grant, notes: [], profileName: 'Demo', deps, concurrency: 1 });
    await batch.start();
    await batch.settled();
    const status = batch.status();
    expect(status.counts.ok).toBe(2);
    expect(status.rows.every((row) => row.token !== null)).toBe(true);
    expect(status.historyWarning).toMatch(/^2 new tokens are valid but could not be saved.*Export them now/);
  });
});

describe('TokenBatch circuit breaker', () => {
  function deadServerBatch(count: number, kind: 'Offline' | 'NotFound') {
    let calls = 0;
    const deps: BatchDeps = {
      issue: async () => {
        calls += 1;
        throw new Error('down');
      },
      describe: () => ({ message: kind === 'Offline' ? '127.0.0.1:9 refused the connection.' : 'No such stream.', kind }),
      record: async () => undefined,
      now: () => new Date(0),
    };
    const batch = new TokenBatch({ streams: Array.from({ length: count }, (_, i) => `cam-${i}`), grant, notes: [], profileName: 'Demo', deps, concurrency: 2, breakerThreshold: 5 });
    return { batch, calls: () => calls };
  }

  it('stops after a run of connection failures, with the reason, and leaves the untried rows pending', async () => {
    const { batch, calls } = deadServerBatch(100, 'Offline');
    await batch.start();
    const status = batch.status();
    expect(calls()).toBeLessThan(10);
    expect(status.running).toBe(false);
    expect(status.paused).toMatchObject({ message: '127.0.0.1:9 refused the connection.', kind: 'Offline' });
    expect(status.counts.pending).toBeGreaterThan(90);
    expect(status.retryableFailures).toBe(status.counts.failed);
  });

  it('keeps how the reason was said, so the page says it in the language shown now', async () => {
    const refused = failureFromTransportError({ method: 'POST', path: '/api/v1/stream', host: '127.0.0.1:9' }, Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }), 'request', 5_000);
    const batch = new TokenBatch({
      streams: Array.from({ length: 20 }, (_, i) => `cam-${i}`),
      grant,
      notes: [],
      profileName: 'Demo',
      deps: { issue: async () => Promise.reject(refused), describe: (error, stream) => rowSentence(error, stream, 'Auth.CreateAccessToken'), record: async () => undefined, now: () => new Date(0) },
      concurrency: 2,
      breakerThreshold: 5,
    });
    await batch.start();
    const paused = batch.status().paused!;
    expect(paused.message).toMatch(/^Could not reach the server\. 127\.0\.0\.1:9 refused the connection/);
    const failed = batch.status().rows.find((row) => row.state === 'failed')!;
    locale.set('ru');
    try {
      expect(spoken(paused).replace('127.0.0.1:9', '')).not.toMatch(/[A-Za-z]{5,}/);
      expect(spoken({ message: failed.error!, said: failed.errorSaid }).replace('127.0.0.1:9', '')).not.toMatch(/[A-Za-z]{5,}/);
    } finally {
      locale.set('en');
    }
  });

  it('resumes the untried rows, and cancel ends a paused batch', async () => {
    const { batch, calls } = deadServerBatch(20, 'Offline');
    await batch.start();
    const before = calls();
    await batch.resume();
    expect(calls()).toBeGreaterThan(before);
    expect(batch.status().paused).not.toBeNull();
    await batch.cancel();
    expect(batch.status()).toMatchObject({ paused: null, counts: { pending: 0 } });
  });

  it('does not trip on permanent failures (no such stream), and counts none of them as retryable', async () => {
    const { batch, calls } = deadServerBatch(30, 'NotFound');
    await batch.start();
    expect(calls()).toBe(30);
    expect(batch.status()).toMatchObject({ paused: null, retryableFailures: 0, counts: { failed: 30 } });
  });
});
