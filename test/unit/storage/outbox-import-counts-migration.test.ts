import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { queuedEntry } from '../../../main/outbox/outbox-state';
import { migrations, openStorage } from '../../../main/storage';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { createSealer } from '../../../main/storage/sealer';
import type { CameraCreateRequest } from '../../../preload/contract/onboarding';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const camera = (n: number): CameraCreateRequest => ({ name: `Camera ${n}`, mac: `02:00:00:00:00:${n.toString(16).padStart(2, '0')}`, serial_number: `SN-${n}`, external_id: `ext-${n}`, group_external_id: 'g', folder_key: 'f' });

describe('schema step 11: an import is counted from its index', () => {
  it('keeps the outbox of a database of step 10 as it was: the same counts per import, discarded rows left out until an undo', () => {
    const folder = mkdtempSync(join(tmpdir(), 'wd-migration-11-'));
    folders.push(folder);
    const sealer = createSealer(randomBytes(32));
    const at = new Date().toISOString();
    const before = openStorage({ folder, migrations: migrations.filter((step) => step.version <= 10) });
    expect(before.statement('PRAGMA user_version').get()).toEqual({ user_version: 10 });
    // Rows as the console of step 10 wrote them (the request sealed in the row): 12 queued, the first 3 then marked as
    // on the wire, the eighth discarded.
    const entries = Array.from({ length: 12 }, (_, n) => queuedEntry(randomUUID(), camera(n), { profileId: 'site', profileName: 'Site', importId: n < 8 ? 'import-a' : 'import-b' }, at));
    const insert = before.statement(
      `INSERT INTO outbox_entries (id, profile_id, external_id_hash, mac_hash, serial_hash, import_id, state, attempts, created_at, updated_at, due_at, discarded_at, body)
       VALUES (?, 'site', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    before.transaction(() =>
      entries.forEach((entry, n) => {
        const request = entry.request;
        insert.run(
          entry.id, sealer.hash('external-id', request.external_id!), sealer.hash('mac', request.mac!), sealer.hash('serial', request.serial_number!.toLowerCase()), entry.importId,
          n < 3 ? 'sending' : 'queued', n < 3 ? 1 : 0, at, at, n < 3 ? null : Date.parse(at), n === 7 ? 'mark-1' : null, sealer.sealJson({ profileName: 'Site', request }, `outbox:${entry.id}`),
        );
      }),
    );
    const countsBefore = [
      { queued: 4, sending: 3, retrying: 0, 'needs-fixing': 0, held: 0, created: 0 },
      { queued: 4, sending: 0, retrying: 0, 'needs-fixing': 0, held: 0, created: 0 },
    ];
    const unsentBefore = entries.slice(3, 7).map((entry) => entry.id);
    before.close();

    const after = openStorage({ folder, migrations });
    expect(after.statement('PRAGMA user_version').get()).toEqual({ user_version: migrations.at(-1)!.version });
    const second = new OutboxRepository(after, sealer);
    expect([second.importCounts('import-a'), second.importCounts('import-b')]).toEqual(countsBefore);
    expect(countsBefore[0]).toMatchObject({ sending: 3, queued: 4 });
    expect(second.unsentOfImport('import-a').sort()).toEqual(unsentBefore.sort());
    // The discarded row is out of the index and comes back into it (and into the counts) with its undo.
    expect(second.undoDiscard('mark-1')).toBe(1);
    expect(second.importCounts('import-a')).toMatchObject({ sending: 3, queued: 5 });
    // Counted from the index alone, without reading a row of the table.
    const plan = after.statement('EXPLAIN QUERY PLAN SELECT state, count(*) AS n FROM outbox_entries WHERE import_id = ? AND discarded_at IS NULL GROUP BY state').all('import-a') as Array<{ detail: string }>;
    expect(plan.map((row) => row.detail).join(' ')).toMatch(/USING COVERING INDEX outbox_by_import/);
    after.close();
  });
});
