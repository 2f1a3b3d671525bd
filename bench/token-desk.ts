// The console side of the token-batch figures, shared by bench/token-batch.bench.ts and the profile script
// bench/token-batch-profile.ts (so what is profiled is the round that is measured): one long-lived console with the
// real vault in a private keyring, and one batch issued through the real handler registry as a screen would follow it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../main/app/create-app';
import { createRegistry } from '../main/ipc/registry';
import { createVault } from '../main/secrets/vault';
import type { BatchStatus } from '../preload/contract/tokens';
import type { SimulatorChild } from './simulator-child';

export type Server = Pick<SimulatorChild, 'baseUrl' | 'apiToken'>;

type Call = (channel: string, input: unknown) => Promise<BatchStatus>;

/** One long-lived console with the real vault: the API token is in the keychain, every token is committed to the history. */
export async function openConsole(sim: Server): Promise<{ call: Call; close: () => Promise<void> }> {
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
export async function consoleBatch(call: Call, streams: string[]): Promise<ConsoleRun> {
  const started = performance.now();
  let status = await call('tokens.batchStart', { text: streams.join('\n'), live: true, ttl: 3600 });
  while (status.running) status = await call('tokens.batchStatus', { batchId: status.id, since: status.rev, waitMs: 250 });
  const issuedMs = performance.now() - started;
  if (status.counts.ok !== streams.length) throw new Error(`console batch: ${status.counts.ok} of ${streams.length} issued`);
  while (status.savingHistory) status = await call('tokens.batchStatus', { batchId: status.id, since: status.rev, waitMs: 250 });
  if (status.historyWarning) throw new Error(`console batch: ${status.historyWarning}`);
  return { issuedMs, savedMs: performance.now() - started, limitAtEnd: status.concurrency.limit };
}
