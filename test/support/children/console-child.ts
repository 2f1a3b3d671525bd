/**
 * A whole console (createApp, the real registry, the built-in demo server) started on a data folder the test has
 * made read-only or full, in a private mount namespace. It makes the calls named in CHILD_CALLS (JSON:
 * [channel, input][]) and prints one JSON line: whether it started, and each call's result. The step
 * ['!remove', path] removes a file in between (space returning on a full disk); ['!list', folder] answers its files.
 */
import { readdirSync, rmSync } from 'node:fs';
import { createApp } from '../../../main/app/create-app';
import { createRegistry } from '../../../main/ipc/registry';
import { createVault } from '../../../main/secrets/vault';
import { memoryKeychain } from '../fake-keychain';

const dataDir = process.argv[2]!;
const calls = JSON.parse(process.env.CHILD_CALLS ?? '[]') as Array<[string, unknown]>;
const app = await createApp({
  dataDir,
  hostFacts: { host: 'web', electronVersion: null, chromeVersion: null },
  vault: createVault({ service: 'watchdesk-child', backend: memoryKeychain() }),
});
const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
const results: unknown[] = [];
for (const [channel, input] of calls) {
  if (channel === '!remove') {
    rmSync(String(input));
    results.push({ ok: true });
  } else if (channel === '!list') results.push({ ok: true, value: { files: readdirSync(String(input)) } });
  else results.push(await registry.call(channel, input ?? undefined, { transport: 'test' }));
}
process.stdout.write(JSON.stringify({ started: true, results }) + '\n');
await app.dispose();
