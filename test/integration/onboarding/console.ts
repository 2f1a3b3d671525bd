import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type WatchdeskApp } from '../../../main/app/create-app';
import { createRegistry } from '../../../main/ipc/registry';
import type { ChannelName, InputOf, OutputOf } from '../../../preload/contract';
import type { AppError } from '../../../preload/contract/app-error';
import type { CameraCreateRequest, OutboxSummary } from '../../../preload/contract/onboarding';

export interface Console {
  app: WatchdeskApp;
  dataDir: string;
  /** One call through the registry, as the bridge makes it; `signal` cancels it as the renderer's would. */
  call<C extends ChannelName>(channel: C, input: InputOf<C>, signal?: AbortSignal): Promise<{ ok: true; value: OutputOf<C> } | { ok: false; error: AppError }>;
  value<C extends ChannelName>(channel: C, input: InputOf<C>): Promise<OutputOf<C>>;
  /** Polls the outbox summary until `done` holds (or fails after `timeoutMs`). */
  until(done: (summary: OutboxSummary) => boolean, timeoutMs?: number): Promise<OutboxSummary>;
  close(): Promise<void>;
}

/** A console on the built-in demo server with a short outbox backoff (run under scripts/with-keyring.sh). */
export async function openConsole(options: { dataDir?: string; tuning?: { baseDelayMs: number; maxDelayMs: number } } = {}): Promise<Console> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'wd-onboarding-'));
  const app = await createApp({
    dataDir,
    keychainService: `watchdesk-onboarding-test-${randomBytes(6).toString('hex')}`,
    hostFacts: { host: 'web', electronVersion: null, chromeVersion: null },
    onboarding: { tuning: { baseDelayMs: 50, maxDelayMs: 300, ...options.tuning, changeThrottleMs: 10 }, createNowWaitMs: 5_000 },
  });
  const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
  const call = (async (channel: string, input: unknown, signal?: AbortSignal) =>
    registry.call(channel, input, { transport: 'test' }, signal ? { signal } : {})) as Console['call'];
  const value: Console['value'] = async (channel, input) => {
    const result = await call(channel, input);
    if (!result.ok) throw new Error(`${channel} failed: ${result.error.kind}: ${result.error.message} ${JSON.stringify(result.error.fieldErrors)}`);
    return result.value;
  };
  return {
    app,
    dataDir,
    call,
    value,
    async until(done, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const summary = await value('outbox.summary', undefined);
        if (done(summary)) return summary;
        if (Date.now() > deadline) throw new Error(`outbox did not get there in time: ${JSON.stringify(summary)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      try {
        await app.dispose();
      } finally {
        if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

let counter = 0;
/** A valid camera for the seeded simulator (site and folder from its tree). */
export function camera(group: string, folder: string, changes: Partial<CameraCreateRequest> = {}): CameraCreateRequest {
  counter += 1;
  const hex = counter.toString(16).padStart(6, '0');
  return {
    name: `Test camera ${counter}`,
    mac: `02:00:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`,
    group_external_id: group,
    folder_key: folder,
    streams: [{ type: 'high', is_archive_enabled: true, archive_storage_days: 30, archive_recording_type: 'fulltime' }],
    ...changes,
  };
}

/** A folder of the seeded tree and the key of the tree element it lives in. */
export function placementOf(state: { folders?: unknown; foldersByKey: Map<string, { key: string; group_id: number }>; treeById: Map<number, { key: string }> }, index = 0): { group: string; folder: string } {
  const folder = [...state.foldersByKey.values()][index];
  if (!folder) throw new Error('the seed has no private folder');
  const group = state.treeById.get(folder.group_id);
  if (!group) throw new Error('the folder has no tree element');
  return { group: group.key, folder: folder.key };
}
