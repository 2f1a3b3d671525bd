import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type WatchdeskApp } from '../../../main/app/create-app';
import { createRegistry } from '../../../main/ipc/registry';
import type { ChannelName, InputOf, OutputOf } from '../../../preload/contract';
import type { AppError } from '../../../preload/app-error';

export const hasDbus = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);

export interface Desk {
  app: WatchdeskApp;
  dataDir: string;
  keychainService: string;
  /** Calls a channel the way the renderer does: through the registry, input parsed by the contract. */
  call<C extends ChannelName>(channel: C, input: InputOf<C>): Promise<{ ok: true; value: OutputOf<C> } | { ok: false; error: AppError }>;
  /** Like call, but throws on failure. */
  value<C extends ChannelName>(channel: C, input: InputOf<C>): Promise<OutputOf<C>>;
}

/** A console over the built-in demo server, with the real keychain (run under scripts/with-keyring.sh). */
export async function openDesk(options: { dataDir?: string; keychainService?: string } = {}): Promise<Desk> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'wd-tokens-'));
  const keychainService = options.keychainService ?? `watchdesk-tokens-test-${randomBytes(6).toString('hex')}`;
  const app = await createApp({ dataDir, keychainService, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null } });
  const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
  const call = (async (channel: string, input: unknown) => registry.call(channel, input, { transport: 'test' })) as Desk['call'];
  return {
    app,
    dataDir,
    keychainService,
    call,
    async value(channel, input) {
      const result = await call(channel, input);
      if (!result.ok) throw new Error(`${channel} failed: ${result.error.kind}: ${result.error.message}`);
      return result.value;
    },
  };
}

export function privateStreams(desk: Desk): string[] {
  return [...desk.app.demoServer!.state.streams.values()].filter((s) => s.authorization === 'private').map((s) => s.uid);
}

export function streamWith(desk: Desk, authorization: 'public' | 'protected'): string {
  return [...desk.app.demoServer!.state.streams.values()].find((s) => s.authorization === authorization)!.uid;
}
