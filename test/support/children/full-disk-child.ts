/**
 * A whole console (createApp, the real registry, the built-in demo server) on a data folder that is a small tmpfs
 * the test mounted in a private mount namespace. It saves, fills the disk, tries to save, frees the disk, saves again,
 * then starts a second console on the same folder and reads back. Prints one JSON line: every step's answers.
 */
import { createApp, type WatchdeskApp } from '../../../main/app/create-app';
import { createRegistry } from '../../../main/ipc/registry';
import { createVault } from '../../../main/secrets/vault';
import { memoryKeychain } from '../fake-keychain';
import { fillDiskOnceLogEmpty, freeDisk } from '../fill-disk';

const dataDir = process.argv[2]!;
const vault = createVault({ service: 'watchdesk-full-disk', backend: memoryKeychain() });
const hostFacts = { host: 'web', electronVersion: null, chromeVersion: null } as const;

async function consoleOn(): Promise<{ app: WatchdeskApp; call: (channel: string, input?: unknown) => Promise<unknown> }> {
  const app = await createApp({ dataDir, hostFacts, vault });
  const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
  return { app, call: (channel, input) => registry.call(channel, input ?? undefined, { transport: 'test' }) };
}

const list = (name: string, ids: string) => ({ name, devicesText: ids, intervalSec: 3600, concurrency: 2, rules: [], active: false });
const draft = (name: string) => ({ uid: 'task-7', name, body: { stream: 'rtsp://op:pw@10.0.0.9/live', areas: [] } });


const steps: Record<string, unknown[]> = {};
const first = await consoleOn();
steps.before = [await first.call('agents.watchSave', list('Kept before', '101 102')), await first.call('agents.pin', { id: '101', pinned: true }), await first.call('analytics.saveDraft', draft('Before'))];
await fillDiskOnceLogEmpty(dataDir);
steps.full = [
  await first.call('agents.watchSave', list('Refused', '201')),
  await first.call('agents.watchLists'),
  await first.call('agents.pin', { id: '202', pinned: true }),
  await first.call('agents.shortcuts'),
  await first.call('analytics.saveDraft', draft('Refused')),
  await first.call('analytics.work', { uid: 'task-7' }),
  await first.call('profiles.list'),
];
freeDisk(dataDir);
steps.after = [await first.call('agents.watchSave', list('Kept after', '301')), await first.call('agents.pin', { id: '303', pinned: true }), await first.call('analytics.saveDraft', draft('After')), await first.call('profiles.list')];
await first.app.dispose();
const second = await consoleOn();
steps.restart = [await second.call('agents.watchLists'), await second.call('agents.shortcuts'), await second.call('analytics.work', { uid: 'task-7' }), await second.call('profiles.list')];
await second.app.dispose();
process.stdout.write(JSON.stringify(steps) + '\n');
