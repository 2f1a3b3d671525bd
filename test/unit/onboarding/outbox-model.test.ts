import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CameraCreateResponse } from '../../../preload/contract/onboarding';
import { Outbox } from '../../../main/outbox/outbox';
import { AppFailure, isAppFailure } from '../../../main/shared/app-failure';
import { log } from '../../../main/shared/log';
import type { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { cameraCreateResponse } from '../platform/samples';
import { outboxDatabase } from '../../support/outbox-db';

beforeAll(() => log.setQuiet(true));
afterAll(() => log.setQuiet(false));

/**
 * A model test of the outbox against the database: random sequences of submits, answers of every kind (created, a
 * 422, the server down, an answer lost after the camera was made), removes, "Clear created", retries, wakes and
 * restarts. After every step the database holds one live entry per external id and every acknowledged entry not
 * removed; at the end, with the server answering, every camera the server made is created in the outbox (or was
 * removed by the installer) and every created entry exists on the server, once.
 */

type Answer = 'ok' | 'lost' | 'down' | 'invalid';
interface Pending {
  externalId: string;
  resolve(response: CameraCreateResponse): void;
  reject(error: unknown): void;
}

class Server {
  made = new Map<string, number>();
  pending: Pending[] = [];
  answer(mode: Answer): void {
    const call = this.pending.shift();
    if (!call) return;
    const exists = this.made.has(call.externalId);
    if (mode === 'down') return call.reject(new AppFailure('Offline', 'The server refused the connection.', { data: { reason: 'refused' } }));
    if (mode === 'invalid' && !exists) return call.reject(new AppFailure('Validation', 'Invalid.', { fieldErrors: { name: ['The name is not valid.'] } }));
    if (exists) return call.reject(new AppFailure('Validation', 'Invalid.', { fieldErrors: { external_id: ['The external_id has already been taken.'] } }));
    this.made.set(call.externalId, this.made.size + 1);
    if (mode === 'lost') return call.reject(new AppFailure('Timeout', 'The answer did not come.', { data: { phase: 'body' } }));
    call.resolve({ ...cameraCreateResponse, id: this.made.get(call.externalId)! });
  }
}

interface Real {
  db: ReturnType<typeof outboxDatabase>;
  server: Server;
  outbox: Outbox;
  repository: OutboxRepository;
}
interface Model {
  /** Entries acknowledged and not removed: id -> external id. */
  live: Map<string, string>;
  removed: Set<string>;
}

const settle = async () => {
  for (let i = 0; i < 4; i++) await new Promise((resolve) => setTimeout(resolve, 1));
};

function open(real: Pick<Real, 'db' | 'server'>): { outbox: Outbox; repository: OutboxRepository } {
  const { repository } = real.db.open();
  const outbox = new Outbox({
    repository,
    concurrency: 2,
    dispatchAhead: 3,
    baseDelayMs: 1,
    maxDelayMs: 4,
    outcomeDelayMs: 0,
    send: (entry, signal) =>
      new Promise<CameraCreateResponse>((resolve, reject) => {
        real.server.pending.push({ externalId: entry.request.external_id!, resolve, reject });
        signal.addEventListener('abort', () => reject(new AppFailure('Cancelled', 'Stopped.')));
      }),
  });
  return { outbox, repository };
}

function checkDatabase(model: Model, real: Real): void {
  const entries = real.repository.all();
  const externalIds = entries.map((entry) => entry.request.external_id);
  expect(new Set(externalIds).size).toBe(externalIds.length);
  const ids = new Set(entries.map((entry) => entry.id));
  expect([...model.live.keys()].filter((id) => !ids.has(id))).toEqual([]);
}

const meta = { profileId: 'p', profileName: 'Model' };
const commands = [
  fc.nat(5).map((n) => ({
    check: () => true,
    async run(model: Model, real: Real) {
      const externalId = `ext-${n}`;
      const taken = [...model.live.values()].includes(externalId);
      try {
        const entry = await real.outbox.add({ name: `Camera ${n}`, external_id: externalId }, meta);
        expect(taken).toBe(false);
        model.live.set(entry.id, externalId);
      } catch (error) {
        expect(isAppFailure(error) && error.kind === 'Validation').toBe(true);
        expect(taken).toBe(true);
      }
      await settle();
      checkDatabase(model, real);
    },
    toString: () => `submit ext-${n}`,
  })),
  fc.constantFrom<Answer>('ok', 'ok', 'lost', 'down', 'invalid').map((mode) => ({
    check: () => true,
    async run(model: Model, real: Real) {
      real.server.answer(mode);
      await settle();
      checkDatabase(model, real);
    },
    toString: () => `answer ${mode}`,
  })),
  fc.nat(5).map((n) => ({
    check: () => true,
    async run(model: Model, real: Real) {
      const id = [...model.live.keys()][n];
      if (!id) return;
      const state = real.outbox.get(id)?.state;
      try {
        await real.outbox.discard([id]);
        expect(state === 'sending' || state === 'created').toBe(false);
        model.live.delete(id);
        model.removed.add(id);
      } catch (error) {
        expect(isAppFailure(error) && error.kind === 'Conflict').toBe(true);
      }
      await settle();
      checkDatabase(model, real);
    },
    toString: () => `remove #${n}`,
  })),
  fc.constantFrom('clear', 'retry', 'wake', 'restart').map((what) => ({
    check: () => true,
    async run(model: Model, real: Real) {
      if (what === 'clear') await real.outbox.clearCreated();
      else if (what === 'retry') await real.outbox.retry();
      else if (what === 'wake') real.outbox.wake();
      else {
        const stopping = real.outbox.dispose();
        // Requests on the wire end with the process.
        for (const call of real.server.pending.splice(0)) call.reject(new AppFailure('Cancelled', 'Stopped.'));
        await stopping;
        real.db.close();
        Object.assign(real, open(real));
        await real.outbox.load();
      }
      await settle();
      checkDatabase(model, real);
    },
    toString: () => what,
  })),
];

describe('the outbox state machine against the database (model-based)', () => {
  it('keeps one entry per external id, every acknowledged entry, and ends with the server and the outbox agreeing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40 }), async (steps) => {
        const db = outboxDatabase();
        const server = new Server();
        const real = { db, server, ...open({ db, server }) } as Real;
        await real.outbox.load();
        const model: Model = { live: new Map(), removed: new Set() };
        try {
          await fc.asyncModelRun(() => ({ model, real }), steps);
          // Drain: the server answers every request from now on, and whatever waits is tried at once.
          for (let round = 0; round < 200; round++) {
            await real.outbox.retry();
            while (server.pending.length > 0) server.answer('ok');
            await settle();
            const states = real.repository.all().map((entry) => entry.state);
            if (server.pending.length === 0 && states.every((state) => state === 'created' || state === 'needs-fixing')) break;
          }
          const entries = real.repository.all();
          const created = new Set(entries.filter((entry) => entry.state === 'created').map((entry) => entry.request.external_id!));
          // Every created entry exists on the server; every camera the server made is created here unless removed.
          expect([...created].filter((id) => !server.made.has(id))).toEqual([]);
          const live = new Set(model.live.values());
          expect([...server.made.keys()].filter((id) => live.has(id) && !created.has(id))).toEqual([]);
          expect(entries.filter((entry) => entry.state !== 'created' && entry.state !== 'needs-fixing')).toEqual([]);
        } finally {
          const stopping = real.outbox.dispose();
          for (const call of server.pending.splice(0)) call.reject(new AppFailure('Cancelled', 'Stopped.'));
          await stopping;
          db.remove();
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
