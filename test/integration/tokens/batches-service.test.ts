import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../support/dbus';
import { onBatchProgress } from '../../support/batch-progress';
import { isAppFailure } from '../../../main/shared/app-failure';
import { openDesk, privateStreams, type Desk } from './desk';
import { tokensServices } from './tokens-services';

const grant = { live: true, dvr: false, copy: false, ttl: 60, from: 0, to: 0, note: '', concurrency: 8 };

/** Follows `batch.progress` pushes from now on: `over(id)` resolves once a push says that batch is over. */
function followPushes(desk: Desk): { over(id: string): Promise<void>; stop(): void } {
  const ended = new Set<string>();
  const waiting = new Map<string, () => void>();
  const stop = onBatchProgress(desk.app.services.events, (progress) => {
    if (progress.running || progress.savingHistory) return;
    ended.add(progress.id);
    waiting.get(progress.id)?.();
  });
  return {
    over: (id) => (ended.has(id) ? Promise.resolve() : new Promise((resolve) => waiting.set(id, resolve))),
    stop,
  };
}

describe.skipIf(!hasDbus)('the batches service against the simulator', () => {
  let desk: Desk;
  beforeEach(async () => {
    desk = await openDesk();
  });
  afterEach(async () => {
    await desk.close();
  });

  it('issues a pasted list once per stream, pushes its end, and links every token to the batch in the history', async () => {
    const { batches, history } = tokensServices(desk);
    const streams = privateStreams(desk).slice(0, 30);
    const text = [...streams, ...streams.slice(0, 5)].join('\n');
    const pushes = followPushes(desk);
    const start = await batches.start({ ...grant, text });
    expect(start.total).toBe(30);
    expect(start.notes.join(' ')).toMatch(/5/);
    await pushes.over(start.id);
    pushes.stop();
    const status = batches.status(start.id, 0);
    expect(status.counts.ok).toBe(30);
    expect((await history.page(start.id, 100)).matched).toBe(30);
    const exported = await batches.exportCsv(start.id);
    expect(exported.rows).toBe(30);
  });

  it('refuses an unusable list on the text field before anything is sent', async () => {
    const { batches } = tokensServices(desk);
    const refused = await batches.start({ ...grant, text: 'cam-1\ncam 2' }).catch((error: unknown) => error);
    expect(isAppFailure(refused) && refused.appError.fieldErrors['text']?.[0]).toMatch(/line 2/);
    expect(desk.app.demoServer!.state.issuedStreamTokens).toHaveLength(0);
  });

  it('refuses a retry while the batch still runs, and cancels it', async () => {
    const { batches } = tokensServices(desk);
    desk.app.demoServer!.faults.add({ method: 'POST', path: '/api/', latencyMs: 2_000 });
    const start = await batches.start({ ...grant, text: privateStreams(desk).slice(0, 4).join('\n') });
    const refused = await batches.retry(start.id).catch((error: unknown) => error);
    expect(isAppFailure(refused) && refused.kind).toBe('Conflict');
    const cancelled = await batches.cancel(start.id);
    expect(cancelled.running).toBe(false);
    expect(cancelled.counts.cancelled).toBe(4);
    await batches.dispose();
  });
});
