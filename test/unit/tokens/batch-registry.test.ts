import { describe, expect, it, vi } from 'vitest';
import { TokenBatch, type BatchDeps } from '../../../main/tokens/batch-runner';
import { BatchRegistry, memoryArchive } from '../../../main/tokens/batch-registry';
import { isAppFailure } from '../../../main/shared/app-failure';

const grant = { live: true, dvr: false, copy: false, ttl: 60, from: 0, to: 0 };

function finishedBatch(streams: string[]): Promise<TokenBatch> {
  const deps: BatchDeps = {
    issue: async (stream) => `st_${stream}`,
    describe: () => ({ message: 'failed', kind: 'Internal' }),
    record: async () => undefined,
    now: () => new Date(0),
  };
  const batch = new TokenBatch({ streams, grant, notes: [], profileName: 'Demo', deps });
  return batch.start().then(() => batch.settled()).then(() => batch);
}

const csvOf = (batch: TokenBatch): string => batch.allRows().map((row) => `${row.stream},${row.token}`).join('\n');

describe('BatchRegistry', () => {
  it('keeps the last few finished batches live and older ones as their export only', async () => {
    const registry = new BatchRegistry(csvOf, memoryArchive(10), 2);
    const batches: TokenBatch[] = [];
    for (let i = 0; i < 5; i++) {
      const batch = await finishedBatch([`a${i}`, `b${i}`]);
      batches.push(batch);
      registry.add(batch);
    }
    expect(registry.liveCount()).toBe(2);
    // The newest two answer status calls; the oldest is an export with the same CSV it had when live.
    expect(registry.get(batches[4]!.id)).toBe(batches[4]);
    expect(await registry.exportOf(batches[0]!.id)).toEqual({ csv: 'a0,st_a0\nb0,st_b0', rows: 2 });
    let failure: unknown = null;
    try {
      registry.get(batches[0]!.id);
    } catch (error) {
      failure = error;
    }
    expect(isAppFailure(failure) && failure.kind).toBe('NotFound');
  });

  it('gives back an archived export exactly as it was, whatever its size and script', async () => {
    const registry = new BatchRegistry(csvOf, memoryArchive(10), 0);
    const streams = Array.from({ length: 10_000 }, (_, i) => (i % 7 === 0 ? `камера-${i}` : `cam-${i}-hd`));
    const batch = await finishedBatch(streams);
    const live = csvOf(batch);
    registry.add(batch);
    expect(registry.liveCount()).toBe(0);
    expect(await registry.exportOf(batch.id)).toEqual({ csv: live, rows: 10_000 });
  });

  it('never archives a running batch and drops the oldest exports beyond its limit', async () => {
    const registry = new BatchRegistry(csvOf, memoryArchive(2), 1);
    const hanging = new TokenBatch({
      streams: ['slow'],
      grant,
      notes: [],
      profileName: 'Demo',
      deps: { issue: () => new Promise(() => undefined), describe: () => ({ message: 'x', kind: 'Internal' }), record: async () => undefined, now: () => new Date(0) },
    });
    void hanging.start();
    registry.add(hanging);
    const finished: TokenBatch[] = [];
    for (let i = 0; i < 4; i++) {
      const batch = await finishedBatch([`s${i}`]);
      finished.push(batch);
      registry.add(batch);
    }
    expect(registry.get(hanging.id)).toBe(hanging);
    expect(registry.liveCount()).toBe(2);
    // The exports are saved once packed (off the main thread); then the oldest beyond the archive's limit is gone.
    await vi.waitFor(() => expect(registry.exportOf(finished[0]!.id)).rejects.toThrow(), { timeout: 5_000, interval: 20 });
    expect((await registry.exportOf(finished[2]!.id)).rows).toBe(1);
  });
});
