/**
 * A whole console (createApp, the real registry, the built-in demo server) on a data folder that is a small tmpfs the
 * test mounted in a private mount namespace: a camera template with its password, a server profile and a token batch
 * are saved, then tried with the disk full to the byte, then again once space is back (and the batch run on the full
 * disk is followed until its tokens are in the history); a second console on the same folder reads back. Prints one
 * JSON line: every step's answers.
 */
import { createApp, type WatchdeskApp } from '../../../main/app/create-app';
import { createRegistry } from '../../../main/ipc/registry';
import { createVault } from '../../../main/secrets/vault';
import type { BatchStatus } from '../../../preload/contract/tokens';
import { memoryKeychain } from '../fake-keychain';
import { fillDiskOnceLogEmpty, freeDisk } from '../fill-disk';
import { streamsWith } from '../streams';

const dataDir = process.argv[2]!;
const vault = createVault({ service: 'watchdesk-full-disk-saves', backend: memoryKeychain() });
const hostFacts = { host: 'web', electronVersion: null, chromeVersion: null } as const;
type Answer = { ok: boolean; value?: unknown; error?: { kind: string; message: string } };

async function consoleOn(): Promise<{ app: WatchdeskApp; call: (channel: string, input?: unknown) => Promise<Answer> }> {
  const app = await createApp({ dataDir, hostFacts, vault });
  const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
  return { app, call: (channel, input) => registry.call(channel, input ?? undefined, { transport: 'test' }) as Promise<Answer> };
}

const template = (name: string) => ({ name, values: { onvif_credentials: { login: 'admin', password: `pw-${name}` } } });
const site = (name: string) => ({ name, baseUrl: 'http://127.0.0.1:9' });

/** Runs a batch of `count` tokens to its end (every row final, its tokens written or refused): its last status. */
async function batch(console: Awaited<ReturnType<typeof consoleOn>>, streams: string[]): Promise<Answer> {
  const start = await console.call('tokens.batchStart', { text: streams.join('\n'), live: true, ttl: 60, concurrency: 8 });
  if (!start.ok) return start;
  const id = (start.value as BatchStatus).id;
  for (let i = 0; i < 600; i += 1) {
    const status = await console.call('tokens.batchStatus', { batchId: id, since: 0 });
    const value = status.value as BatchStatus;
    if (!status.ok || (!value.running && !value.savingHistory)) return { ok: status.ok, value: status.ok ? { id, counts: value.counts, historyWarning: value.historyWarning } : undefined, ...(status.error ? { error: status.error } : {}) };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { ok: false, error: { kind: 'Timeout', message: 'the batch did not end in 30 s' } };
}

const historyTotal = async (console: Awaited<ReturnType<typeof consoleOn>>) => ((await console.call('tokens.history', { limit: 1 })).value as { total: number }).total;

const steps: Record<string, unknown[]> = {};
const first = await consoleOn();
const streams = streamsWith(first.app.demoServer!.state, 'private');
steps.before = [await first.call('onboarding.saveTemplate', template('Before')), await first.call('profiles.save', site('Site before')), await batch(first, streams.slice(0, 20)), await historyTotal(first)];
await fillDiskOnceLogEmpty(dataDir);
steps.full = [
  await first.call('onboarding.saveTemplate', template('Refused')),
  await first.call('onboarding.templates'),
  await first.call('profiles.save', site('Site refused')),
  await first.call('profiles.list'),
  await batch(first, streams.slice(20, 40)),
  await historyTotal(first),
  await first.call('tokens.create', { stream: streams[70], live: true, ttl: 60 }),
];
freeDisk(dataDir);
/** The batch run on the full disk, followed until its warning is gone (its tokens then in the history), for 15 s at most. */
async function settledWarning(id: string): Promise<string | null> {
  let warning: string | null = 'not asked';
  for (let i = 0; i < 300 && warning !== null; i += 1) {
    warning = ((await first.call('tokens.batchStatus', { batchId: id, since: 0 })).value as BatchStatus).historyWarning;
    if (warning !== null) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return warning;
}
const fullBatch = steps.full[4] as Answer;
const warningAfter = await settledWarning((fullBatch.value as { id: string }).id);
// The single token is written again on its own timer: given up to 15 s as well.
for (let i = 0; i < 300 && (await historyTotal(first)) < 41; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
steps.recovered = [warningAfter, await historyTotal(first)];
steps.after = [await first.call('onboarding.saveTemplate', template('After')), await first.call('profiles.save', site('Site after')), await batch(first, streams.slice(40, 60)), await historyTotal(first)];
await first.app.dispose();
const second = await consoleOn();
steps.restart = [await second.call('onboarding.templates'), await second.call('profiles.list'), await historyTotal(second)];
await second.app.dispose();
process.stdout.write(JSON.stringify(steps) + '\n');
