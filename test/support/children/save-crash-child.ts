/**
 * A whole console (createApp, the real registry, the built-in demo server) that saves watch lists or analytics drafts
 * as fast as it can, printing `ACK <name>` for each save the console answered ok: the moment the operator would see it
 * saved. The crash test kills it with SIGKILL at random moments. The data key comes from CRASH_KEY (hex), so every
 * start of the child opens what the earlier ones sealed.
 */
import { randomUUID } from 'node:crypto';
import { createApp } from '../../../main/app/create-app';
import { createRegistry } from '../../../main/ipc/registry';
import { createVault } from '../../../main/secrets/vault';
import { memoryKeychain } from '../fake-keychain';

const [mode, dataDir] = process.argv.slice(2) as ['watch' | 'drafts', string];
const service = 'watchdesk-save-crash';
const keychain = memoryKeychain();
keychain.entries.set(`${service}\u0000data-key`, Buffer.from(process.env.CRASH_KEY!, 'hex').toString('base64'));
const app = await createApp({ dataDir, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null }, vault: createVault({ service, backend: keychain }) });
const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
const call = (channel: string, input: unknown) => registry.call(channel, input, { transport: 'test' }) as Promise<{ ok: boolean; error?: { message: string } }>;
process.stdout.write('READY\n');

for (let i = 0; ; i++) {
  const name = `${mode}-${randomUUID()}`;
  // Devices and bodies of some size, so a save spans several pages of the WAL and a kill lands inside one.
  const answer =
    mode === 'watch'
      ? await call('agents.watchSave', { name, devicesText: Array.from({ length: 200 + (i % 7) * 100 }, (_, n) => String(100_000 + n)).join('\n'), intervalSec: 3600, concurrency: 2, rules: [], active: false })
      : await call('analytics.saveDraft', { uid: `task-${name}`, name, body: { stream: 'rtsp://op:pw@10.0.0.9/live', areas: Array.from({ length: 50 + (i % 9) * 40 }, (_, n) => [n, n + 1]) } });
  if (!answer.ok) throw new Error(`save refused: ${answer.error?.message}`);
  process.stdout.write(`ACK ${name}\n`);
}
