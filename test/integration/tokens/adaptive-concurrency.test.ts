import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BatchStatus } from '../../../preload/contract/tokens';
import { hasDbus } from '../../support/dbus';
import { onBatchProgress } from '../../support/batch-progress';
import { followBatch, openDesk, privateStreams, type Desk } from './desk';

/** Follows a batch by its pushes, noting the in-flight limit each one reported. */
async function followLimits(desk: Desk, start: BatchStatus): Promise<{ status: BatchStatus; limits: number[] }> {
  const limits = [start.concurrency.limit];
  const stop = onBatchProgress(desk.app.services.events, (progress) => {
    if (progress.id === start.id) limits.push(progress.concurrency.limit);
  });
  try {
    const { status } = await followBatch(desk, start.id);
    limits.push(status.concurrency.limit);
    return { status, limits };
  } finally {
    stop();
  }
}

describe.skipIf(!hasDbus)('a batch adapts how many requests it keeps in flight', () => {
  let desk: Desk;
  beforeEach(async () => {
    desk = await openDesk();
  });
  afterEach(async () => {
    await desk.close();
  });

  it('backs off on 429 answers, waits for their Retry-After, then issues every token', async () => {
    const sim = desk.app.demoServer!;
    sim.faults.add({ method: 'POST', path: '/api/', status: 429, headers: { 'retry-after': '1' }, times: 6 });
    const started = Date.now();
    const start = await desk.value('tokens.batchStart', { text: privateStreams(desk).slice(0, 60).join('\n'), live: true, ttl: 60, concurrency: 16 });
    const { status, limits } = await followLimits(desk, start);
    expect(status.counts.ok).toBe(60);
    expect(status.counts.failed).toBe(0);
    expect(Math.min(...limits)).toBeLessThanOrEqual(4);
    // The server asked for a second's pause: no token could have been issued for the refused rows before it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('backs off when answers become far slower than the best seen', async () => {
    const sim = desk.app.demoServer!;
    sim.faults.add({ method: 'POST', path: '/api/', latencyMs: 400, probability: 0.3 });
    const start = await desk.value('tokens.batchStart', { text: privateStreams(desk).slice(0, 80).join('\n'), live: true, ttl: 60, concurrency: 16 });
    const { status, limits } = await followLimits(desk, start);
    expect(status.counts.ok).toBe(80);
    expect(Math.min(...limits)).toBeLessThan(8);
  });

  it('never keeps more requests in flight than the operator allows', async () => {
    const start = await desk.value('tokens.batchStart', { text: privateStreams(desk).slice(0, 200).join('\n'), live: true, ttl: 60, concurrency: 3 });
    const { status, limits } = await followLimits(desk, start);
    expect(status.counts.ok).toBe(200);
    expect(Math.max(...limits)).toBeLessThanOrEqual(3);
    expect(status.concurrency.cap).toBe(3);
  });

  it('refuses a cap outside 1 to 64 next to its field', async () => {
    const refused = await desk.call('tokens.batchStart', { text: 'cam-1', live: true, ttl: 60, concurrency: 500 });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.fieldErrors.concurrency?.[0]).toMatch(/64/);
  });
});
