import { hasDbus } from '../../support/dbus';
import { streamsWith } from '../../support/streams';
import { createTokenBatchesRepository } from '../../../main/storage/repositories/token-batches-repository';
import { afterEach, describe, expect, it } from 'vitest';
import { startRegistryApp, type RegistryApp } from '../../support/registry-app';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import type { BatchStatus, HistoryView } from '../../../preload/contract/tokens';
import type { ProfileView } from '../../../preload/contract/connect';

describe.skipIf(!hasDbus)('a batch interrupted by a crash is told on the next start', () => {
  const running: RegistryApp[] = [];
  let simulator: RunningSimulator;

  afterEach(async () => {
    for (const app of running.splice(0)) await app.app.dispose();
    await simulator.close();
  });

  /** The batches the database holds as running, as the next start would find them (none of them this run's own). */
  async function markedRunning(app: RegistryApp): Promise<string[]> {
    return createTokenBatchesRepository(app.app.services.storage).leftovers(await app.app.services.sealer(), new Set()).map((batch) => batch.uid);
  }

  async function until(check: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 200; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('gave up waiting');
  }

  /** A console connected to a new simulator. */
  async function connected(name: string, seed: number): Promise<RegistryApp> {
    simulator = await startSimulator({ seed });
    const app = await startRegistryApp(name);
    running.push(app);
    await app.call<ProfileView>('profiles.save', { name: 'Site', baseUrl: simulator.baseUrl, token: simulator.apiToken });
    return app;
  }

  /**
   * A batch of `streams` with 2 tokens issued, then hanging as it would at the moment of a kill -9. Counted by the
   * server's rules, not by the clock: two answers after 300 ms each (the batch is still running), then none. A slower
   * rule put in place by the clock left a request already in flight to be answered, issuing a token after the test's
   * next step.
   */
  async function hangingBatch(app: RegistryApp, streams: string[], whileRunning?: (id: string) => Promise<void>): Promise<BatchStatus> {
    simulator.faults.add({ path: '/api/', latencyMs: 300, times: 2 });
    simulator.faults.add({ path: '/api/', latencyMs: 60_000 });
    const batch = await app.call<BatchStatus>('tokens.batchStart', { text: streams.join('\n'), live: true, ttl: 600, concurrency: 1 });
    await whileRunning?.(batch.id);
    await until(async () => (await app.call<BatchStatus>('tokens.batchStatus', { batchId: batch.id })).counts.ok >= 2);
    return batch;
  }

  it('says how many of its tokens were issued (listed in the history by the batch id) and how many were not', async () => {
    const first = await connected('interrupted', 11);
    const streams = streamsWith(simulator.state, 'private').slice(0, 6);
    const batch = await hangingBatch(first, streams, async (id) => expect(await markedRunning(first)).toEqual([id]));

    // The next start, on the same data folder and keychain, while the first never finished.
    const second = await startRegistryApp('interrupted', { dataDir: first.dataDir, keychainService: first.keychainService });
    running.push(second);
    const view = await second.call<HistoryView>('tokens.history');
    expect(view.interrupted).toHaveLength(1);
    const [told] = view.interrupted;
    expect(told).toMatchObject({ batchId: batch.id, total: 6, profileName: 'Site' });
    expect(told!.issued).toBeGreaterThanOrEqual(2);
    const listed = await second.call<HistoryView>('tokens.history', { search: batch.id });
    expect(listed.matched).toBe(told!.issued);

    await second.call('tokens.dismissInterrupted', { batchId: batch.id });
    expect((await second.call<HistoryView>('tokens.history')).interrupted).toEqual([]);
    expect(await markedRunning(second)).toEqual([]);
  });

  it('counts the tokens issued before a clear made while it ran: the next start tells them issued, not listed', async () => {
    const first = await connected('interrupted-cleared', 13);
    const streams = streamsWith(simulator.state, 'private').slice(0, 7);
    // One token before the batch: the next start's purge of the clear deletes it, which says the purge has run.
    await first.call('tokens.create', { stream: streams[6], live: true, ttl: 600 });
    const batch = await hangingBatch(first, streams.slice(0, 6));
    // The operator clears the history while the batch runs; then Watchdesk is killed.
    await first.call('tokens.clearHistory', { confirm: true });
    const issuedBefore = (await first.call<BatchStatus>('tokens.batchStatus', { batchId: batch.id })).counts.ok;

    const second = await startRegistryApp('interrupted-cleared', { dataDir: first.dataDir, keychainService: first.keychainService });
    running.push(second);
    const storage = second.app.services.storage;
    const unbatched = () => storage.get<{ n: number }>('SELECT count(*) AS n FROM token_history WHERE batch_seq IS NULL')!.n;
    await until(async () => {
      await second.call<HistoryView>('tokens.history');
      return unbatched() === 0;
    });
    const [told] = (await second.call<HistoryView>('tokens.history')).interrupted;
    expect(told).toMatchObject({ batchId: batch.id, total: 6, shown: 0 });
    expect(told!.issued).toBeGreaterThanOrEqual(issuedBefore);
    expect((await second.call<HistoryView>('tokens.history', { search: batch.id })).matched).toBe(0);
  });

  it('its cleared tokens leave the data folder once its notice is dismissed, not at some later start', async () => {
    const first = await connected('interrupted-purge', 17);
    const batch = await hangingBatch(first, streamsWith(simulator.state, 'private').slice(0, 6));
    // The operator clears the history while the batch runs; then Watchdesk is killed.
    await first.call('tokens.clearHistory', { confirm: true });

    const second = await startRegistryApp('interrupted-purge', { dataDir: first.dataDir, keychainService: first.keychainService });
    running.push(second);
    const storage = second.app.services.storage;
    const keptRows = () => storage.get<{ n: number }>('SELECT count(*) AS n FROM token_history')!.n;
    const [told] = (await second.call<HistoryView>('tokens.history')).interrupted;
    expect(told).toMatchObject({ batchId: batch.id, shown: 0 });
    expect(told!.issued).toBeGreaterThanOrEqual(2);
    // Kept for the notice while it is shown.
    expect(keptRows()).toBe(told!.issued);

    await second.call('tokens.dismissInterrupted', { batchId: batch.id });
    // The sealed tokens the clear took are deleted now, in this run.
    await until(async () => keptRows() === 0);
    expect((await second.call<HistoryView>('tokens.history')).interrupted).toEqual([]);
  });

  it('the cleared tokens of a batch that outlives the clear’s Undo leave the data folder once it finishes', async () => {
    const app = await connected('finished-purge', 19);
    // 300 ms a token, one at a time: 12 tokens run for about 3.6 s, long enough for two clears in the middle.
    simulator.faults.add({ path: '/api/', latencyMs: 300 });
    const streams = streamsWith(simulator.state, 'private').slice(0, 12);
    const batch = await app.call<BatchStatus>('tokens.batchStart', { text: streams.join('\n'), live: true, ttl: 600, concurrency: 1 });
    await until(async () => (await app.call<BatchStatus>('tokens.batchStatus', { batchId: batch.id })).counts.ok >= 2);
    const storage = app.app.services.storage;
    // The clear while the batch runs, then a second clear, which ends the first one's Undo.
    await app.call('tokens.clearHistory', { confirm: true });
    const firstClear = storage.get<{ upto: number }>('SELECT upto FROM token_history_cleared WHERE id = 1')!.upto;
    await app.call('tokens.clearHistory', { confirm: true });
    const clearedOfBatch = () =>
      storage.get<{ n: number }>('SELECT count(*) AS n FROM token_history WHERE seq <= ? AND batch_seq = (SELECT seq FROM token_batches WHERE uid = ?)', firstClear, batch.id)!.n;
    // Kept while it runs (a kill now: the next start's notice counts them).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(clearedOfBatch()).toBeGreaterThanOrEqual(2);

    simulator.faults.clear();
    await until(async () => !(await app.call<BatchStatus>('tokens.batchStatus', { batchId: batch.id })).running);
    await until(async () => clearedOfBatch() === 0);
  });

  it('leaves nothing to tell once a batch has finished', async () => {
    simulator = await startSimulator({ seed: 12 });
    const first = await startRegistryApp('finished-batch');
    running.push(first);
    await first.call<ProfileView>('profiles.save', { name: 'Site', baseUrl: simulator.baseUrl, token: simulator.apiToken });
    const streams = streamsWith(simulator.state, 'private').slice(0, 3);
    const batch = await first.call<BatchStatus>('tokens.batchStart', { text: streams.join('\n'), live: true, ttl: 600 });
    await until(async () => {
      const status = await first.call<BatchStatus>('tokens.batchStatus', { batchId: batch.id });
      return !status.running && !status.savingHistory;
    });
    await until(async () => (await markedRunning(first)).length === 0);
    const second = await startRegistryApp('finished-batch', { dataDir: first.dataDir, keychainService: first.keychainService });
    running.push(second);
    expect((await second.call<HistoryView>('tokens.history')).interrupted).toEqual([]);
  });
});
