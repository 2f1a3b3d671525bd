import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type WatchdeskApp } from '../../../main/app/create-app';
import { createRegistry } from '../../../main/ipc/registry';
import type { ChannelName, InputOf, OutputOf } from '../../../preload/contract';
import type { AppError } from '../../../preload/contract/app-error';
import type { BatchProgress, BatchRow, BatchStatus } from '../../../preload/contract/tokens';
import { streamsWith } from '../../support/streams';
import { onBatchProgress } from '../../support/batch-progress';

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

/** The batch is over: every row final and its tokens in the history. */
export const batchOver = (status: Pick<BatchProgress, 'running' | 'savingHistory'>): boolean => !status.running && !status.savingHistory;

/**
 * Follows a batch as the screen does: by its `batch.progress` pushes, with one status read to start from (a push may
 * have come before this listened). Resolves once `until` holds, with the whole batch read once then.
 */
export async function followBatch(
  desk: Pick<Desk, 'app' | 'value'>,
  batchId: string,
  until: (status: Pick<BatchProgress, 'running' | 'savingHistory' | 'counts'>) => boolean = batchOver,
  timeoutMs = 120_000,
): Promise<{ status: BatchStatus; rows: Map<number, BatchRow> }> {
  let reached!: () => void;
  const pushed = new Promise<void>((resolve) => (reached = resolve));
  const stop = onBatchProgress(desk.app.services.events, (progress) => {
    if (progress.id === batchId && until(progress)) reached();
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    if (!until(await desk.value('tokens.batchStatus', { batchId, since: Number.MAX_SAFE_INTEGER }))) {
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`batch ${batchId} not there within ${timeoutMs} ms`)), timeoutMs)));
      await Promise.race([pushed, late]);
    }
  } finally {
    stop();
    clearTimeout(timer);
  }
  const status = await desk.value('tokens.batchStatus', { batchId, since: 0 });
  return { status, rows: new Map(status.rows.map((row) => [row.index, row])) };
}
