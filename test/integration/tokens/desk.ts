import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type WatchdeskApp } from '../../../main/app/create-app';
import { createRegistry } from '../../../main/ipc/registry';
import type { ChannelName, InputOf, OutputOf } from '../../../preload/contract';
import type { AppError } from '../../../preload/contract/app-error';
import { streamsWith } from '../../support/streams';

export interface Desk {
  app: WatchdeskApp;
  dataDir: string;
  keychainService: string;
  /** Calls a channel the way the renderer does: through the registry, input parsed by the contract. */
  call<C extends ChannelName>(channel: C, input: InputOf<C>): Promise<{ ok: true; value: OutputOf<C> } | { ok: false; error: AppError }>;
  /** Like call, but throws on failure. */
  value<C extends ChannelName>(channel: C, input: InputOf<C>): Promise<OutputOf<C>>;
  /** Disposes the app only, keeping the data folder (to reopen it, as after a restart). Safe to call twice. */
  dispose(): Promise<void>;
  /** Disposes the app and removes the data folder. Safe to call twice, and after dispose(). */
  close(): Promise<void>;
}

/** A console over the built-in demo server, with the real keychain (run under scripts/with-keyring.sh). */
export async function openDesk(options: { dataDir?: string; keychainService?: string } = {}): Promise<Desk> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'wd-tokens-'));
  const keychainService = options.keychainService ?? `watchdesk-tokens-test-${randomBytes(6).toString('hex')}`;
  const app = await createApp({ dataDir, keychainService, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null } });
  const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
  const call = (async (channel: string, input: unknown) => registry.call(channel, input, { transport: 'test' })) as Desk['call'];
  let disposed: Promise<void> | undefined;
  const dispose = (): Promise<void> => (disposed ??= app.dispose());
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
    dispose,
    async close() {
      try {
        await dispose();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

export function privateStreams(desk: Desk): string[] {
  return streamsWith(desk.app.demoServer!.state, 'private');
}

export function streamWith(desk: Desk, authorization: 'public' | 'protected'): string {
  const uid = streamsWith(desk.app.demoServer!.state, authorization)[0];
  if (uid === undefined) throw new Error(`the seed has no ${authorization} stream`);
  return uid;
}
