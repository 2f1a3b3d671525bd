import { hasDbus } from '../../support/dbus';
import { streamsWith } from '../../support/streams';
import { afterEach, describe, expect, it } from 'vitest';
import { startRegistryApp, type RegistryApp } from '../../support/registry-app';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import type { BatchStatus, HistoryView } from '../../../preload/contract/tokens';
import type { ProfileView } from '../../../preload/contract/connect';

/**
 * The history's clear note promises the cleared tokens are gone for good once its Undo ends. Rows of an interrupted
 * batch are kept past that for the next start's notice; once the operator dismisses it, nothing needs them.
 */
describe.skipIf(!hasDbus)('the cleared tokens of an interrupted batch', () => {
  const running: RegistryApp[] = [];
  let simulator: RunningSimulator;

  afterEach(async () => {
    for (const app of running.splice(0)) await app.app.dispose();
    await simulator.close();
  });

  async function until(check: () => Promise<boolean> | boolean): Promise<void> {
    for (let i = 0; i < 200; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('gave up waiting');
  }

  it('leave the data folder once its notice is dismissed, not at some later start', async () => {
    simulator = await startSimulator({ seed: 17 });
    const first = await startRegistryApp('interrupted-purge');
    running.push(first);
    await first.call<ProfileView>('profiles.save', { name: 'Site', baseUrl: simulator.baseUrl, token: simulator.apiToken });
    const streams = streamsWith(simulator.state, 'private').slice(0, 6);
    // A slow server, so the batch is still running when it stops answering altogether (as at a kill -9).
    simulator.faults.add({ path: '/api/', latencyMs: 300 });
    const batch = await first.call<BatchStatus>('tokens.batchStart', { text: streams.join('\n'), live: true, ttl: 600, concurrency: 1 });
    await until(async () => (await first.call<BatchStatus>('tokens.batchStatus', { batchId: batch.id })).counts.ok >= 2);
    simulator.faults.clear();
    simulator.faults.add({ path: '/api/', latencyMs: 60_000 });
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
    await until(() => keptRows() === 0);
    expect((await second.call<HistoryView>('tokens.history')).interrupted).toEqual([]);
  });
});
