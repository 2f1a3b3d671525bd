/**
 * A whole console (createApp, the real registry, the built-in demo server) that saves watch lists, analytics drafts,
 * camera templates with their ONVIF passwords (deleting every third one it saved) or pinned devices as fast as it can,
 * telling `ACK <name>` (see told.ts) for each save the console answered ok (`ACK -<name>` for a delete or an unpin): the moment the
 * operator would see it done. The crash test kills it with SIGKILL at random moments. The data key comes from CRASH_KEY (hex), so every
 * start of the child opens what the earlier ones sealed.
 */
import { randomUUID } from 'node:crypto';
import { createApp } from '../../../main/app/create-app';
import { createRegistry } from '../../../main/ipc/registry';
import { createVault } from '../../../main/secrets/vault';
import { memoryKeychain } from '../fake-keychain';
import { told } from './told';

const [mode, dataDir] = process.argv.slice(2) as ['watch' | 'drafts' | 'templates' | 'pins', string];
const service = 'watchdesk-save-crash';
const keychain = memoryKeychain();
keychain.entries.set(`${service}\u0000data-key`, Buffer.from(process.env.CRASH_KEY!, 'hex').toString('base64'));
const app = await createApp({ dataDir, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null }, vault: createVault({ service, backend: keychain }) });
const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
const call = (channel: string, input: unknown) => registry.call(channel, input, { transport: 'test' }) as Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>;
await told('READY\n');

/** A template's name, and the id the console gave it (to delete it later). */
const templates: Array<{ name: string; id: string }> = [];

async function templateStep(i: number): Promise<void> {
  if (i % 3 === 2 && templates.length > 0) {
    const gone = templates.shift()!;
    const answer = await call('onboarding.deleteTemplate', { id: gone.id });
    if (!answer.ok) throw new Error(`delete refused: ${answer.error?.message}`);
    await told(`ACK -${gone.name}\n`);
    return;
  }
  const name = `templates-${randomUUID()}`;
  const answer = await call('onboarding.saveTemplate', { name, values: { onvif_credentials: { login: 'admin', password: `pw-${name}` }, log_extra: 'x'.repeat(500 + (i % 9) * 400) } });
  if (!answer.ok) throw new Error(`save refused: ${answer.error?.message}`);
  templates.push({ name, id: (answer.value as { id: string }).id });
  await told(`ACK ${name}\n`);
}

/**
 * Pins devices <pid>000001, <pid>000002… (ids of this run alone) and, every third step, unpins the one pinned two steps
 * before; the name told is the device id.
 */
async function pinStep(i: number): Promise<void> {
  const unpin = i % 3 === 2;
  const id = `${process.pid}${String(unpin ? i - 1 : i + 1).padStart(6, '0')}`;
  const answer = await call('agents.pin', { id, pinned: !unpin });
  if (!answer.ok) throw new Error(`pin refused: ${answer.error?.message}`);
  await told(`ACK ${unpin ? '-' : ''}${id}\n`);
}

for (let i = 0; ; i++) {
  if (mode === 'templates') {
    await templateStep(i);
    continue;
  }
  if (mode === 'pins') {
    await pinStep(i);
    continue;
  }
  const name = `${mode}-${randomUUID()}`;
  // Devices and bodies of some size, so a save spans several pages of the WAL and a kill lands inside one.
  const answer =
    mode === 'watch'
      ? await call('agents.watchSave', { name, devicesText: Array.from({ length: 200 + (i % 7) * 100 }, (_, n) => String(100_000 + n)).join('\n'), intervalSec: 3600, concurrency: 2, rules: [], active: false })
      : await call('analytics.saveDraft', { uid: `task-${name}`, name, body: { stream: 'rtsp://op:pw@10.0.0.9/live', areas: Array.from({ length: 50 + (i % 9) * 40 }, (_, n) => [n, n + 1]) } });
  if (!answer.ok) throw new Error(`save refused: ${answer.error?.message}`);
  await told(`ACK ${name}\n`);
}
