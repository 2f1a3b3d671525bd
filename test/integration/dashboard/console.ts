import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type WatchdeskApp } from '../../../main/app/create-app';
import { createRegistry } from '../../../main/ipc/registry';
import { createVault } from '../../../main/secrets/vault';
import type { ChannelName, InputOf, OutputOf } from '../../../preload/contract';
import type { AppError } from '../../../preload/contract/app-error';

export interface DashboardConsole {
  app: WatchdeskApp;
  dataDir: string;
  call<C extends ChannelName>(channel: C, input: InputOf<C>, options?: { signal?: AbortSignal }): Promise<{ ok: true; value: OutputOf<C> } | { ok: false; error: AppError }>;
  value<C extends ChannelName>(channel: C, input: InputOf<C>): Promise<OutputOf<C>>;
  /** Adds a profile for a server with this token (held in memory like the demo's) and returns its id. */
  addServer(name: string, baseUrl: string, token: string): Promise<string>;
  close(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * A console through the real composition root and handler registry, without the demo server and with a session-only
 * vault (the dashboard reads no secret of its own; tokens are held in memory as the demo's are).
 */
export async function openConsole(dataDir = mkdtempSync(join(tmpdir(), 'wd-dashboard-'))): Promise<DashboardConsole> {
  const vault = createVault({ service: `watchdesk-dashboard-test-${process.pid}` });
  vault.useSessionOnly();
  const app = await createApp({ dataDir, vault, demo: false, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null } });
  const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
  const call = (async (channel: string, input: unknown, options?: { signal?: AbortSignal }) =>
    registry.call(channel, input, { transport: 'test' }, options)) as DashboardConsole['call'];
  return {
    app,
    dataDir,
    call,
    async value(channel, input) {
      const result = await call(channel, input);
      if (!result.ok) throw new Error(`${channel} failed: ${result.error.kind}: ${result.error.message}`);
      return result.value;
    },
    async addServer(name, baseUrl, token) {
      const profile = await app.services.profiles.create({ name, baseUrl });
      app.services.connections.setDemoToken(profile.id, token);
      if ((await app.services.profiles.getActiveId()) === null) await app.services.profiles.setActive(profile.id);
      return profile.id;
    },
    async close({ keepData = false } = {}) {
      await app.dispose();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
