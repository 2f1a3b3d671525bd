import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasDbus } from '../../../support/dbus';
import { BatchState } from '../../../../renderer/features/tokens/batch-state.svelte';
import { connectedApi, savedFiles, type ConnectedApi } from '../connected-api';

const grant = { live: true, ttl: 600 };

describe.skipIf(!hasDbus)('BatchState over the real main process and the simulator', () => {
  let under: ConnectedApi;
  beforeEach(async () => {
    under = await connectedApi('ui-batch', { profile: true });
  });
  afterEach(async () => {
    await under.close();
  });

  it('follows a batch by its pushes to the end: every row issued, the bar full, the export offered as a file', async () => {
    const files = savedFiles();
    const batch = new BatchState(under.api, files.save);
    const streams = under.privateStreams().slice(0, 60);
    const error = await batch.start({ text: streams.join('\n'), ...grant });
    expect(error).toBeNull();
    expect(batch.status?.total).toBe(60);
    await vi.waitFor(() => expect(batch.status?.running || batch.status?.savingHistory).toBe(false), { timeout: 15_000, interval: 20 });
    expect(batch.busy).toBe(false);
    expect(batch.done).toBe(60);
    expect(batch.rows.map((row) => row.state)).toEqual(streams.map(() => 'ok'));
    expect(new Set(batch.rows.map((row) => row.token)).size).toBe(60);
    expect(batch.retryable).toBe(0);
    await batch.exportCsv();
    expect(files.files).toHaveLength(1);
    expect(files.files[0]!.filename).toMatch(/^watchdesk-batch.*\.csv$/);
    expect(files.files[0]!.text.trim().split(/\r?\n/)).toHaveLength(61);
    batch.stop();
  });

  it('answers an unusable list with the sentence for the list field, and starts nothing', async () => {
    const batch = new BatchState(under.api);
    const error = await batch.start({ text: 'cam-1\ncam 2', ...grant });
    expect(error?.fieldErrors['text']?.[0]).toMatch(/line 2/);
    expect(batch.status).toBeNull();
    expect(batch.busy).toBe(false);
    batch.stop();
  });

  it('cancels a slow batch: its rows end cancelled and Retry is offered for them', async () => {
    under.simulator.faults.add({ method: 'POST', path: '/api/', latencyMs: 3_000 });
    const batch = new BatchState(under.api);
    await batch.start({ text: under.privateStreams().slice(0, 5).join('\n'), ...grant, concurrency: 2 });
    expect(batch.busy).toBe(true);
    await batch.cancel();
    expect(batch.status?.running).toBe(false);
    expect(batch.status?.counts.cancelled).toBe(5);
    expect(batch.retryable).toBe(5);
    expect(batch.retryHelps).toBe(true);
    batch.stop();
  });

  it('catches up after the screen was away: rows changed meanwhile are there once it resumes', async () => {
    under.simulator.faults.add({ method: 'POST', path: '/api/', latencyMs: 150 });
    const batch = new BatchState(under.api);
    await batch.start({ text: under.privateStreams().slice(0, 20).join('\n'), ...grant, concurrency: 4 });
    batch.stop();
    const before = batch.done;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(batch.done).toBe(before);
    batch.resume();
    await vi.waitFor(() => expect(batch.done).toBe(20), { timeout: 15_000, interval: 20 });
    batch.stop();
  });
});
