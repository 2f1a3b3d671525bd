import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CameraCreateRequest } from '../../../preload/contract/onboarding';
import { Outbox } from '../../../main/outbox/outbox';
import { cameraCreateResponse } from '../platform/samples';
import { outboxDatabase } from '../../support/outbox-db';

const databases: Array<ReturnType<typeof outboxDatabase>> = [];
afterEach(() => {
  for (const db of databases.splice(0)) db.remove();
});

const meta = { profileId: 'p', profileName: 'Demo' };
/**
 * Cameras per import, queued one per slice: enough turns of the event loop for the first answers to be committed and
 * synced before the last row is queued, even when a sync of the WAL takes 100 ms on a busy disk (300 were not).
 */
const IMPORTED = 2_000;
const cameras = (count: number): CameraCreateRequest[] => Array.from({ length: count }, (_, n) => ({ name: `Gate ${n}`, external_id: `gate-${n}` }));

/** An outbox whose server creates every camera at once, and whose import is queued one row per slice. */
async function quickOutbox() {
  const db = outboxDatabase();
  databases.push(db);
  let created = 0;
  const outbox = new Outbox({ repository: db.open().repository, send: async () => ({ ...cameraCreateResponse, id: ++created }), chunkRows: 1, outcomeDelayMs: 0 });
  await outbox.load();
  return outbox;
}

describe('answers told while their import was still being queued', () => {
  it('are what `settled` answers right after the import returns: each as it is on disk, none read back from it', async () => {
    const outbox = await quickOutbox();
    try {
      const entries = await outbox.enqueue(cameras(IMPORTED), meta);
      // Some were created before the last row was queued (the sends start after the first slice).
      const early = entries.filter((entry) => outbox.repository.stateOf(entry.id)?.state === 'created');
      expect(early.length).toBeGreaterThan(0);
      const reads = vi.spyOn(outbox.repository, 'get');
      const settled = await Promise.all(entries.map((entry) => outbox.settled(entry.id, 5_000)));
      expect(reads).not.toHaveBeenCalled();
      reads.mockRestore();
      expect(settled.map((entry) => entry.state)).toEqual(entries.map(() => 'created'));
      for (const entry of settled) expect(entry).toEqual(outbox.repository.get(entry.id));
    } finally {
      await outbox.dispose();
    }
  });

  it('are read from disk again once the operator changed something: cleared entries are told as cleared', async () => {
    const outbox = await quickOutbox();
    try {
      const entries = await outbox.enqueue(cameras(IMPORTED), meta);
      const early = entries.filter((entry) => outbox.repository.stateOf(entry.id)?.state === 'created');
      expect(early.length).toBeGreaterThan(0);
      await outbox.clearCreated();
      // Every camera created by the time of the clear is told as cleared, none as it was before.
      const settled = await Promise.all(early.map((entry) => outbox.settled(entry.id, 5_000)));
      for (const entry of settled) expect(entry.clearedAt).not.toBeNull();
      for (const entry of settled) expect(entry).toEqual(outbox.repository.get(entry.id));
    } finally {
      await outbox.dispose();
    }
  });
});
