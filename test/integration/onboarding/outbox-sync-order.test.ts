import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Outbox } from '../../../main/outbox/outbox';
import { createPlatformClient } from '../../../main/platform/client';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import type { Storage } from '../../../main/storage';
import type { CameraCreateRequest } from '../../../preload/contract/onboarding';
import { outboxDatabase } from '../../support/outbox-db';
import { seededDelays } from '../../support/seeded-delays';
import { placementOf } from './console';

/**
 * A camera goes on the wire only once the mark that says so is synced: what a power cut keeps is what was synced, so
 * a camera sent with its mark still unsynced would be sent again after the restart (and created twice when it has no
 * external id to be recognised by). Here the database's syncs are slowed (and of uneven length, so that a second
 * commit marks entries while the first still syncs), every relaxed commit is numbered, and each send checks that the
 * commit that marked its entry was synced before it.
 */

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 11 });
});
afterAll(() => sim.close());

/** Counts the relaxed commits of `storage` and how far its syncs reached; records which commit marked each entry. */
function watchDurability(storage: Storage) {
  const seen = { writes: 0, durable: 0, syncing: 0, mostSyncing: 0, markedBy: new Map<string, number>() };
  const relaxed = storage.relaxedTransaction.bind(storage);
  const sending = storage.statement("SELECT id FROM outbox_entries WHERE state = 'sending'");
  storage.relaxedTransaction = <T>(work: () => T): T => {
    const result = relaxed(work);
    seen.writes += 1;
    for (const { id } of sending.all() as Array<{ id: string }>) if (!seen.markedBy.has(id)) seen.markedBy.set(id, seen.writes);
    return result;
  };
  const sync = storage.sync.bind(storage);
  const delay = seededDelays(5, 0, 12);
  storage.sync = async () => {
    // The commits written before this call are the ones it makes durable.
    const upTo = seen.writes;
    seen.syncing += 1;
    seen.mostSyncing = Math.max(seen.mostSyncing, seen.syncing);
    try {
      await new Promise((resolve) => setTimeout(resolve, delay()));
      await sync();
      seen.durable = Math.max(seen.durable, upTo);
    } finally {
      seen.syncing -= 1;
    }
  };
  return seen;
}

describe('outbox marks before sends', () => {
  it('sends no camera before the commit that marked it as on the wire is synced, with commits overlapping their syncs', async () => {
    const db = outboxDatabase();
    const { storage, repository } = db.open();
    const seen = watchDurability(storage);
    const early: string[] = [];
    const client = createPlatformClient({ baseUrl: sim.baseUrl, tokenStyle: 'bearer', getToken: async () => sim.apiToken, timeoutMs: 5_000 });
    const outbox = new Outbox({
      repository,
      send: (entry, signal) => {
        const marked = seen.markedBy.get(entry.id);
        if (marked === undefined || marked > seen.durable) early.push(`${entry.request.name} (commit ${marked}, synced up to ${seen.durable})`);
        return client.createCamera(entry.request, { signal });
      },
      concurrency: 8,
      dispatchAhead: 16,
      outcomeDelayMs: 1,
      baseDelayMs: 20,
      maxDelayMs: 100,
      chunkRows: 50,
    });
    try {
      await outbox.load();
      const { group, folder } = placementOf(sim.state);
      // No external ids: a camera sent twice would be created twice.
      const file: CameraCreateRequest[] = Array.from({ length: 400 }, (_, i) => ({
        name: `Sync order ${i}`,
        mac: `02:20:00:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`,
        group_external_id: group,
        folder_key: folder,
      }));
      await outbox.queue(file, { profileId: 'sync-order', profileName: 'Sync order' });
      await expect.poll(() => outbox.summary().created, { timeout: 60_000, interval: 20 }).toBe(400);
    } finally {
      await outbox.dispose();
      await client.close();
      db.remove();
    }
    expect(early, 'cameras sent before their mark was synced').toEqual([]);
    // The case under attack happened: a second commit was written and synced while the first still synced.
    expect(seen.mostSyncing).toBeGreaterThanOrEqual(2);
    const created = sim.state.createdCameras.filter((camera) => camera.response.name.startsWith('Sync order '));
    expect(created).toHaveLength(400);
    expect(new Set(created.map((camera) => camera.response.name)).size).toBe(400);
  }, 90_000);

  it('a shutdown while two commits are still syncing puts every entry marked and never sent back to waiting, none left "sending"', async () => {
    const db = outboxDatabase();
    const { storage, repository } = db.open();
    const seen = watchDurability(storage);
    const handed = new Set<string>();
    const client = createPlatformClient({ baseUrl: sim.baseUrl, tokenStyle: 'bearer', getToken: async () => sim.apiToken, timeoutMs: 5_000 });
    const outbox = new Outbox({
      repository,
      send: (entry, signal) => {
        handed.add(entry.id);
        return client.createCamera(entry.request, { signal });
      },
      concurrency: 4,
      dispatchAhead: 8,
      outcomeDelayMs: 1,
      baseDelayMs: 20,
      maxDelayMs: 100,
      chunkRows: 50,
    });
    const { group, folder } = placementOf(sim.state);
    const file: CameraCreateRequest[] = Array.from({ length: 300 }, (_, i) => ({
      name: `Shutdown ${i}`,
      mac: `02:21:00:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`,
      external_id: `shutdown-${i}`,
      group_external_id: group,
      folder_key: folder,
    }));
    try {
      await outbox.load();
      await outbox.queue(file, { profileId: 'shutdown', profileName: 'Shutdown' });
      // Shut down once sends are going and two commits are syncing at once.
      await expect.poll(() => handed.size > 20 && seen.syncing >= 2, { timeout: 30_000, interval: 1 }).toBe(true);
      await outbox.dispose();
      const entries = repository.all();
      expect(entries.filter((entry) => entry.state === 'sending').map((entry) => entry.request.name)).toEqual([]);
      const neverSent = entries.filter((entry) => !handed.has(entry.id));
      expect(neverSent.length).toBeGreaterThan(0);
      expect(neverSent.filter((entry) => entry.state !== 'queued' || entry.attempts !== 0 || entry.maybeCreated).map((entry) => `${entry.request.name}: ${entry.state}, ${entry.attempts} tries`)).toEqual([]);
    } finally {
      await client.close();
      db.remove();
    }
  }, 60_000);
});
