import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAgentsFeature } from '../../../main/agents/agents-feature';
import { createApp, type WatchdeskApp } from '../../../main/app/create-app';
import { createRegistry, type Registry } from '../../../main/ipc/registry';
import { createRecordingNotifier, type RecordingNotifier } from '../../../main/shared/notifier';
import type { RunningSimulator } from '../../../main/simulator';
import type { ChannelName, InputOf, OutputOf } from '../../../preload/contract';
import type { AppError } from '../../../preload/contract/app-error';

export interface AgentsConsole {
  app: WatchdeskApp;
  sim: RunningSimulator;
  dataDir: string;
  /** The keychain service this console's tokens are stored under. */
  keychainService: string;
  notifier: RecordingNotifier;
  registry: Registry;
  call<C extends ChannelName>(channel: C, input: InputOf<C>): Promise<{ ok: true; value: OutputOf<C> } | { ok: false; error: AppError }>;
  value<C extends ChannelName>(channel: C, input: InputOf<C>): Promise<OutputOf<C>>;
  error<C extends ChannelName>(channel: C, input: InputOf<C>): Promise<AppError>;
  /** Replaces the demo profile's token (a refused one, or the simulator's limited token). */
  useToken(token: string): Promise<void>;
  /** Disposes the app, keeping its data folder (to reopen it, as after a restart). */
  dispose(): Promise<void>;
  close(): Promise<void>;
}

/** A console over the built-in demo server with a recording notifier; calls go through the real registry. */
export async function openAgentsConsole(options: { dataDir?: string } = {}): Promise<AgentsConsole> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'wd-agents-'));
  const notifier = createRecordingNotifier();
  const keychainService = `watchdesk-agents-test-${randomBytes(6).toString('hex')}`;
  const app = await createApp({
    dataDir,
    notifier,
    keychainService,
    hostFacts: { host: 'web', electronVersion: null, chromeVersion: null },
  });
  const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
  const call = (async (channel: string, input: unknown) => registry.call(channel, input, { transport: 'test' })) as AgentsConsole['call'];
  let disposed: Promise<void> | undefined;
  const dispose = (): Promise<void> => (disposed ??= app.dispose());
  return {
    app,
    sim: app.demoServer!,
    dataDir,
    keychainService,
    notifier,
    registry,
    call,
    async value(channel, input) {
      const result = await call(channel, input);
      if (!result.ok) throw new Error(`${channel} failed: ${result.error.kind}: ${result.error.message}`);
      return result.value;
    },
    async error(channel, input) {
      const result = await call(channel, input);
      if (result.ok) throw new Error(`${channel} succeeded; a failure was expected`);
      return result.error;
    },
    async useToken(token) {
      const { profile } = await app.services.connections.active();
      app.services.connections.setDemoToken(profile.id, token);
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

/** The agents feature of a console on a clock the test moves, with calls through a registry of its own. */
export interface ClockedAgents {
  /** The console's clock, in milliseconds since the epoch: the test moves it (`poll` does). */
  readonly clock: { now: number };
  registry: Registry;
  value<C extends ChannelName>(channel: C, input: InputOf<C>): Promise<OutputOf<C>>;
  /** Moves the console's clock and the simulator's by `stepMs` together, then runs one cycle of the list. */
  poll(listId: string, stepMs: number): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * `c`'s agents feature on a clock of the test's, the simulator's moving with it, so minutes and days pass in a moment;
 * alert notifications are gathered for 5 ms of that clock.
 */
export function agentsOnClock(c: AgentsConsole): ClockedAgents {
  const clock = { now: Date.now() };
  const feature = createAgentsFeature(c.app.services, { now: () => clock.now, notifyGatherMs: 5 });
  const registry = createRegistry({ ...c.app.handlers, ...feature.handlers }, { isTrustedSender: () => true });
  const value = async <C extends ChannelName>(channel: C, input: InputOf<C>): Promise<OutputOf<C>> => {
    const result = await registry.call(channel, input, { transport: 'test' });
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value as OutputOf<C>;
  };
  return {
    clock,
    registry,
    value,
    async poll(listId, stepMs) {
      clock.now += stepMs;
      c.sim.advanceClock(stepMs);
      await value('agents.watchPollNow', { id: listId });
    },
    async dispose() {
      await feature.dispose?.();
    },
  };
}

/** An id with no device: one past a seeded id, skipping ids that exist. */
export function missingId(sim: RunningSimulator): string {
  let id = Math.min(...sim.state.agents.keys()) + 1;
  while (sim.state.agents.has(id)) id += 1;
  return String(id);
}
