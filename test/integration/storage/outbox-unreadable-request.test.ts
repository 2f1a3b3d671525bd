import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEntryIds } from '../../../main/outbox/entry-ids';
import { Outbox } from '../../../main/outbox/outbox';
import { queuedEntry } from '../../../main/outbox/outbox-state';
import { createPlatformClient } from '../../../main/platform/client';
import { log } from '../../../main/shared/log';
import { startSimulator } from '../../../main/simulator';
import { DATABASE_FILE, migrations, openStorage } from '../../../main/storage';
import { createSealer } from '../../../main/storage/sealer';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { GROUP_MEMBERS } from '../../../main/storage/repositories/outbox-request-groups';
import type { CameraCreateRequest } from '../../../preload/contract/onboarding';
import { placementOf } from '../onboarding/console';
import { eventually } from '../onboarding/services';

const lines: string[] = [];
beforeAll(() => log.setSink((line) => lines.push(line)));
afterAll(() => log.setSink((line) => process.stderr.write(line + '\n')));

describe('the outbox runner over an entry whose sealed request no longer opens', () => {
  it('sends every other camera to the server and commits its answers, holds that one with its sentence, and lets it be removed or entered again', async () => {
    const sim = await startSimulator({ seed: 42 });
    const { group, folder: folderKey } = placementOf(sim.state);
    const camera = (n: number): CameraCreateRequest => ({
      name: `Damaged-file camera ${n}`,
      mac: `02:20:00:00:00:${n.toString(16).padStart(2, '0')}`,
      serial_number: `DF-${n}`,
      external_id: `damaged-file-${n}`,
      group_external_id: group,
      folder_key: folderKey,
    });
    const folder = mkdtempSync(join(tmpdir(), 'wd-outbox-unreadable-run-'));
    const sealer = createSealer(randomBytes(32));
    const client = createPlatformClient({ baseUrl: sim.baseUrl, tokenStyle: 'bearer', getToken: async () => sim.apiToken, timeoutMs: 5_000 });
    try {
      // Three queueings of one sealed group each, written by an earlier run; then bytes inside the second group are
      // damaged in the file (its page still reads, so the check at start passes).
      let storage = openStorage({ folder, migrations });
      const ids = newEntryIds(3 * GROUP_MEMBERS);
      const earlier = new OutboxRepository(storage, sealer);
      for (let start = 0; start < ids.length; start += GROUP_MEMBERS) {
        earlier.insert(ids.slice(start, start + GROUP_MEMBERS).map((id, i) => queuedEntry(id, camera(start + i), { profileId: 'site', profileName: 'Site' }, new Date().toISOString())));
      }
      const second = Buffer.from((storage.statement('SELECT body FROM outbox_requests ORDER BY seq LIMIT 1 OFFSET 1').get() as { body: Uint8Array }).body);
      storage.close();
      const file = join(folder, DATABASE_FILE);
      const piece = second.subarray(second.length / 2, second.length / 2 + 32);
      // Every copy in the file (a page the table left behind when it grew may hold one too).
      const bytes = readFileSync(file);
      const fd = openSync(file, 'r+');
      let copies = 0;
      for (let at = bytes.indexOf(piece); at >= 0; at = bytes.indexOf(piece, at + 1), copies++) writeSync(fd, Buffer.from(piece.map((byte) => byte ^ 0xff)), 0, piece.length, at);
      closeSync(fd);
      expect(copies).toBeGreaterThan(0);
      const damaged = ids.slice(GROUP_MEMBERS, 2 * GROUP_MEMBERS);
      const others = ids.filter((id) => !damaged.includes(id));

      // This start: a few entries per commit, so answers and the damaged entries meet in the same commits.
      storage = openStorage({ folder, migrations });
      const repository = new OutboxRepository(storage, sealer);
      const outbox = new Outbox({ repository, send: (entry, signal) => client.createCamera(entry.request, { signal }), concurrency: 2, dispatchAhead: 4, baseDelayMs: 20, maxDelayMs: 100 });
      await outbox.load();
      await eventually(() => outbox.summary().created === others.length);
      await eventually(() => outbox.summary().held === GROUP_MEMBERS);
      expect(outbox.summary()).toMatchObject({ created: 2 * GROUP_MEMBERS, held: GROUP_MEMBERS, pending: 0, needsFixing: 0 });
      // On the server: every other camera, none of the damaged ones.
      for (const id of others) expect(sim.state.externalIds.has(`damaged-file-${ids.indexOf(id)}`)).toBe(true);
      for (const id of damaged) expect(sim.state.externalIds.has(`damaged-file-${ids.indexOf(id)}`)).toBe(false);
      const { entries, total } = repository.visible(300);
      expect(total).toBe(ids.length);
      for (const entry of entries) {
        if (damaged.includes(entry.id)) expect(entry).toMatchObject({ state: 'held', attempts: 0, lastError: { message: expect.stringMatching(/could not be read.*Enter them again/) } });
        else expect(entry).toMatchObject({ state: 'created', request: camera(ids.indexOf(entry.id)), response: { name: camera(ids.indexOf(entry.id)).name } });
      }
      for (const id of damaged) expect(lines.some((line) => line.includes(`entry ${id}: its sealed request does not open`))).toBe(true);

      // Removed, or entered again and then created.
      const [gone, fixed] = damaged as [string, string];
      await outbox.discard([gone]);
      expect(outbox.get(gone)).toBeUndefined();
      await outbox.edit(fixed, camera(99));
      const settled = await outbox.settled(fixed, 10_000);
      expect(settled).toMatchObject({ state: 'created', request: camera(99) });
      expect(sim.state.externalIds.has('damaged-file-99')).toBe(true);
      expect(outbox.summary()).toMatchObject({ created: 2 * GROUP_MEMBERS + 1, held: GROUP_MEMBERS - 2 });
      await outbox.dispose();
      storage.close();
    } finally {
      await client.close();
      await sim.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
