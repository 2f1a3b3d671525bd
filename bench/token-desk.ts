// The console side of the token-batch figures, shared by bench/token-batch.bench.ts and the profile script
// bench/token-batch-profile.ts (so what is profiled is the round that is measured): one long-lived console with the
// real vault in a private keyring, and one batch issued through the real handler registry as a screen would follow it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../main/app/create-app';
import { createRegistry } from '../main/ipc/registry';
import { createVault } from '../main/secrets/vault';
import type { BatchProgress, BatchStatus } from '../preload/contract/tokens';
import type { SimulatorChild } from './simulator-child';

export type Server = Pick<SimulatorChild, 'baseUrl' | 'apiToken'>;

type Call = (channel: string, input: unknown) => Promise<BatchStatus>;

/** A console as a screen sees a batch: calls, and the batch's `batch.progress` pushes. */
export interface BenchConsole {
  call: Call;
  /** Resolves with the first push (or the status now) for which `until` holds. */
  pushed(batchId: string, until: (status: BatchProgress | BatchStatus) => boolean): Promise<BatchProgress | BatchStatus>;
  close(): Promise<void>;
}

/** One long-lived console with the real vault: the API token is in the keychain, every token is committed to the history. */
export async function openConsole(sim: Server): Promise<BenchConsole> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-bench-'));
  const vault = createVault({ service: `watchdesk-bench-${process.pid}` });
  const app = await createApp({ dataDir, vault, demo: false, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null } });
  const profile = await app.services.profiles.create({ name: 'Bench', baseUrl: sim.baseUrl });
  await app.services.profiles.setActive(profile.id);
  await vault.setToken(profile.id, sim.apiToken);
  const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
  const call: Call = async (channel, input) => {
    const result = await registry.call(channel, input, { transport: 'test' });
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value as BatchStatus;
  };
  return {
    call,
    async pushed(batchId, until) {
      let reached!: (status: BatchProgress) => void;
      const push = new Promise<BatchProgress>((resolve) => (reached = resolve));
      const stop = app.services.events.listen((event) => {
        const progress = event.payload as BatchProgress;
        if (event.name === 'batch.progress' && progress.id === batchId && until(progress)) reached(progress);
      });
      try {
        // One read first, without rows: the push may have come before this listened.
        const now = await call('tokens.batchStatus', { batchId, since: Number.MAX_SAFE_INTEGER });
        return until(now) ? now : await push;
      } finally {
        stop();
      }
    },
    async close() {
      await app.dispose();
      await vault.deleteToken(profile.id).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Milliseconds until issued and until saved; the in-flight limit the batch had adapted to when it ended. */
export interface ConsoleRun {
  issuedMs: number;
  savedMs: number;
  limitAtEnd: number;
}

/** Milliseconds until every token is issued and final, and until its history commit has landed too. */
export async function consoleBatch(desk: Pick<BenchConsole, 'call' | 'pushed'>, streams: string[]): Promise<ConsoleRun> {
  const started = performance.now();
  const start = await desk.call('tokens.batchStart', { text: streams.join('\n'), live: true, ttl: 3600 });
  let status = await desk.pushed(start.id, (now) => !now.running);
  const issuedMs = performance.now() - started;
  if (status.counts.ok !== streams.length) throw new Error(`console batch: ${status.counts.ok} of ${streams.length} issued`);
  status = await desk.pushed(start.id, (now) => !now.running && !now.savingHistory);
  if (status.historyWarning) throw new Error(`console batch: ${status.historyWarning}`);
  return { issuedMs, savedMs: performance.now() - started, limitAtEnd: status.concurrency.limit };
}
