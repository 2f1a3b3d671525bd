import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BatchProgress, BatchStatus } from '../../../preload/contract/tokens';
import { hasDbus } from '../../support/dbus';
import { onBatchProgress } from '../../support/batch-progress';
import { followBatch, openDesk, privateStreams, type Desk } from './desk';

/** Follows the batch by its pushes, like the screen does, until the run is over. */
const follow = (desk: Desk, start: BatchStatus) => followBatch(desk, start.id);

/** Follows the batch by its pushes until `count` rows have their token (so a cancel now finds rows done and rows out). */
async function issued(desk: Desk, start: BatchStatus, count: number): Promise<void> {
  const { status } = await followBatch(desk, start.id, (progress) => progress.counts.ok >= count);
  expect(status.counts.ok).toBeGreaterThanOrEqual(count);
}

describe.skipIf(!hasDbus)('batches against the simulator', () => {
  let desk: Desk;
  beforeEach(async () => {
    desk = await openDesk();
  });
  afterEach(async () => {
    await desk.close();
  });

  it('issues 1,000 tokens with 5% injected failures: every row ends ok or with a sentence, retries finish the rest, no stream gets two tokens', async () => {
    const sim = desk.app.demoServer!;
    const streams = privateStreams(desk).slice(0, 1000);
    sim.faults.add({ method: 'POST', path: '/api/', status: 500, probability: 0.05 });

    const first = await follow(desk, await desk.value('tokens.batchStart', { text: streams.join('\n'), live: true, dvr: true, ttl: 3600 }));
    expect(first.status.counts.ok + first.status.counts.failed).toBe(1000);
    expect(first.status.counts.failed).toBeGreaterThan(0);
    const failedRows = [...first.rows.values()].filter((row) => row.state === 'failed');
    expect(failedRows.length).toBe(first.status.counts.failed);
    for (const row of failedRows) expect(row.error).toMatch(/^The server failed while handling the request\./);

    let status = first.status;
    for (let attempt = 0; attempt < 10 && status.counts.ok < 1000; attempt++) {
      status = (await follow(desk, await desk.value('tokens.batchRetry', { batchId: status.id }))).status;
    }
    expect(status.counts).toEqual({ pending: 0, running: 0, ok: 1000, failed: 0, cancelled: 0 });

    const issued = sim.state.issuedStreamTokens;
    expect(issued).toHaveLength(1000);
    expect(new Set(issued.map((t) => t.stream)).size).toBe(1000);
    expect(issued.every((t) => t.live && t.dvr && !t.copy && t.ttl === 3600)).toBe(true);

    const history = await desk.value('tokens.history', { limit: 5000 });
    expect(history.total).toBe(1000);
    expect(new Set(history.entries.map((e) => e.token))).toEqual(new Set(issued.map((t) => t.token)));
  }, 120_000);

  it('cancel aborts in-flight requests, marks the rest cancelled and leaves no row running', async () => {
    const sim = desk.app.demoServer!;
    sim.faults.add({ method: 'POST', path: '/api/', latencyMs: 300 });
    const start = await desk.value('tokens.batchStart', { text: privateStreams(desk).slice(0, 200).join('\n'), live: true, ttl: 60 });
    await issued(desk, start, 1);
    const cancelled = await desk.value('tokens.batchCancel', { batchId: start.id });

    expect(cancelled.running).toBe(false);
    expect(cancelled.counts.running).toBe(0);
    expect(cancelled.counts.pending).toBe(0);
    expect(cancelled.counts.ok).toBeGreaterThan(0);
    expect(cancelled.counts.cancelled).toBeGreaterThan(100);
    expect(cancelled.counts.ok + cancelled.counts.cancelled).toBe(200);
    const rows = cancelled.rows.filter((row) => row.state === 'cancelled');
    expect(rows.every((row) => row.error !== null && row.errorKind === 'Cancelled')).toBe(true);
    // Every token shown as issued was committed before it was shown, the last ones too (written at the cancel).
    const shownIssued = cancelled.rows.filter((row) => row.state === 'ok').map((row) => row.token);
    const history = await desk.value('tokens.history', { search: start.id });
    expect(history.matched).toBe(shownIssued.length);
    expect(new Set(history.entries.map((entry) => entry.token))).toEqual(new Set(shownIssued));
  });

  it('keeps the export of a batch given up for newer ones in the database, exactly as it was', async () => {
    const streams = privateStreams(desk);
    const finished: BatchStatus[] = [];
    for (let i = 0; i < 5; i++) {
      const start = await desk.value('tokens.batchStart', { text: streams.slice(i * 3, i * 3 + 3).join('\n'), live: true, ttl: 60 });
      finished.push((await follow(desk, start)).status);
    }
    const oldest = finished[0]!;
    // The three newest keep their live rows; the older ones are exports only, packed and sealed in the database.
    const archived = await desk.call('tokens.batchStatus', { batchId: oldest.id });
    expect(archived.ok === false && archived.error.kind).toBe('NotFound');
    const exported = await desk.value('tokens.batchExportCsv', { batchId: oldest.id });
    expect(exported.rows).toBe(3);
    for (const row of oldest.rows) expect(exported.csv).toContain(row.token!);
    const { createTokenBatchesRepository } = await import('../../../main/storage/repositories/token-batches-repository');
    const sealer = await desk.app.services.sealer();
    await expect.poll(() => createTokenBatchesRepository(desk.app.services.storage).exportOf(sealer, oldest.id)?.rows).toBe(3);
  });

  it('retry after cancel issues only the rows without a token', async () => {
    const sim = desk.app.demoServer!;
    // Ten rows answer at once; the server holds every request after them far longer than the test, so the cancel
    // cannot cross an answer on its way (a token issued by the server for a row the cancel has just let go).
    sim.faults.add({ method: 'POST', path: '/api/', latencyMs: 1, times: 10 });
    sim.faults.add({ method: 'POST', path: '/api/', latencyMs: 60_000 });
    const streams = privateStreams(desk).slice(0, 100);
    const start = await desk.value('tokens.batchStart', { text: streams.join('\n'), live: true, ttl: 60 });
    await issued(desk, start, 10);
    await desk.value('tokens.batchCancel', { batchId: start.id });
    sim.faults.clear();
    const done = await follow(desk, await desk.value('tokens.batchRetry', { batchId: start.id }));
    expect(done.status.counts.ok).toBe(100);
    expect(new Set(sim.state.issuedStreamTokens.map((t) => t.stream)).size).toBe(sim.state.issuedStreamTokens.length);
  });

  it('pushes the end the moment every row is final, and a status read while rows are out says the batch runs', async () => {
    const sim = desk.app.demoServer!;
    sim.faults.add({ method: 'POST', path: '/api/', latencyMs: 400 });
    const pushes: BatchProgress[] = [];
    const stop = onBatchProgress(desk.app.services.events, (progress) => pushes.push(progress));
    const start = await desk.value('tokens.batchStart', { text: privateStreams(desk).slice(0, 20).join('\n'), live: true, ttl: 60 });

    const midway = await desk.value('tokens.batchStatus', { batchId: start.id, since: start.rev });
    expect(midway.running).toBe(true);

    // Two rounds of 16 + 4 requests at 400 ms each: the push that says so comes with the last row.
    const { status: final } = await followBatch(desk, start.id, (status) => !status.running, 5_000);
    stop();
    expect(final.running).toBe(false);
    expect(final.counts.ok).toBe(20);
    expect(final.rows.every((row) => row.state === 'ok' && row.token)).toBe(true);
    const ended = pushes.find((push) => push.id === start.id && !push.running);
    expect(ended?.counts.ok).toBe(20);
    // Each push carries only the rows changed since the one before it: together they are every row, once at the end.
    const finalRows = new Map<number, string>();
    for (const push of pushes.filter((one) => one.id === start.id)) for (const row of push.rows) finalRows.set(row.index, row.state);
    expect([...finalRows.values()].filter((state) => state === 'ok')).toHaveLength(20);
  });

  it('names the reason of a row that fails for its stream', async () => {
    const start = await desk.value('tokens.batchStart', { text: `${privateStreams(desk)[0]}\ncam-9999-xx`, live: true, ttl: 60 });
    const { rows } = await follow(desk, start);
    expect(rows.get(1)).toMatchObject({ state: 'failed', error: 'The server has no stream “cam-9999-xx”. Check the uid (it is case-sensitive).' });
  });

  it('exports the results as CSV with one line per stream', async () => {
    const streams = privateStreams(desk).slice(0, 5);
    const start = await desk.value('tokens.batchStart', { text: `stream,site\n${streams.map((s) => `${s},North`).join('\n')}`, copy: true, ttl: 900 });
    await follow(desk, start);
    const exported = await desk.value('tokens.batchExportCsv', { batchId: start.id });
    expect(exported.rows).toBe(5);
    expect(exported.csv.split('\r\n')).toHaveLength(6);
  });

  it('refuses an unusable pasted list on the list field, before anything is sent', async () => {
    const refused = await desk.call('tokens.batchStart', { text: 'cam-1\ncam 2\n', live: true, ttl: 60 });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatchObject({ kind: 'Validation', fieldErrors: { text: [expect.stringMatching(/line 2 \(“cam 2”\)/)] } });
  });
});
