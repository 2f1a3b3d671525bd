import { describe, expect, it } from 'vitest';
import { TokenBatch, type BatchDeps } from '../../../main/tokens/batch-runner';

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

  it('answers with every row final the moment the last one is, before the history write starts', async () => {
    const { batch, answers, events } = controlledBatch(['a', 'b', 'c']);
    void batch.start();
    await tick();
    const waiting = batch.waitForChange(10_000).then(() => {
      const status = batch.status();
      events.push(`answer: running=${status.running} ok=${status.counts.ok}`);
    });
    for (const answer of answers) answer();
    await waiting;
    await batch.settled();
    expect(events).toEqual(['answer: running=false ok=3', 'history write of 3']);
  });

  it('wakes a caller waiting on the history write when it lands', async () => {
    const { batch, answers } = controlledBatch(['a']);
    void batch.start();
    await tick();
    answers[0]!();
    await batch.waitForChange(10_000);
    expect(batch.status().savingHistory).toBe(true);
    await batch.waitForChange(10_000);
    expect(batch.status().savingHistory).toBe(false);
  });
});
