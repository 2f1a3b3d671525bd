import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newEntryIds } from '../../../main/outbox/entry-ids';
import { queuedEntry, transition } from '../../../main/outbox/outbox-state';
import { DATABASE_FILE, migrations, openStorage } from '../../../main/storage';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { createSealer } from '../../../main/storage/sealer';
import type { CameraCreateRequest } from '../../../preload/contract/onboarding';
import { createdAnswerFor } from '../../support/created-answer';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const meta = { profileId: 'site', profileName: 'Site' };

/** A camera whose every identifying value is distinctive, so a scan of the raw files finds it if it is in clear. */
const camera = (n: number, password = `Onvif-Secret-${n}-q7`): CameraCreateRequest => ({
  name: `Lobby-Leakcheck-${n}`,
  mac: `0A:1B:2C:3D:4E:${(16 + n).toString(16).toUpperCase()}`,
  serial_number: `SERIAL-LEAK-${n}-Z`,
  external_id: `extid-leak-${n}-k`,
  group_external_id: 'g',
  folder_key: `folderkey-leak-${n}`,
  onvif_credentials: { login: `onvif-login-${n}-x`, password },
});
const secretsOf = (request: CameraCreateRequest): string[] => [
  request.name!,
  request.mac!,
  request.mac!.toLowerCase(),
  request.mac!.replace(/:/g, ''),
  request.mac!.replace(/:/g, '').toLowerCase(),
  request.serial_number!,
  request.serial_number!.toLowerCase(),
  request.external_id!,
  String(request.folder_key),
  request.onvif_credentials!.login!,
  request.onvif_credentials!.password!,
];

/** Which of `secrets` the database, its WAL or its shared-memory file holds in clear (UTF-8 or UTF-16). */
function inClear(folder: string, secrets: string[]): string[] {
  const hits: string[] = [];
  for (const suffix of ['', '-wal', '-shm']) {
    const file = join(folder, DATABASE_FILE + suffix);
    if (!existsSync(file)) continue;
    const bytes = readFileSync(file);
    for (const secret of secrets) {
      if (bytes.includes(Buffer.from(secret, 'utf8')) || bytes.includes(Buffer.from(secret, 'utf16le'))) hits.push(`${DATABASE_FILE}${suffix} holds ${secret}`);
    }
  }
  return hits;
}

describe('the outbox at rest (schema step 13)', () => {
  it('holds no name, MAC, serial, external id, ONVIF login or password, or folder key in clear after an import, an edit, a discard and answers', () => {
    const folder = mkdtempSync(join(tmpdir(), 'wd-outbox-at-rest-'));
    folders.push(folder);
    const storage = openStorage({ folder, migrations });
    const sealer = createSealer(randomBytes(32));
    const repository = new OutboxRepository(storage, sealer);
    const at = new Date().toISOString();
    const requests = Array.from({ length: 40 }, (_, n) => camera(n));
    const ids = newEntryIds(requests.length);
    // An import in slices, as the outbox queues it.
    for (let start = 0; start < requests.length; start += 13) {
      repository.insert(ids.slice(start, start + 13).map((id, i) => queuedEntry(id, requests[start + i]!, { ...meta, importId: 'import-1' }, at)), true, true);
    }
    // An edit: a new password, a new name; the old ones must not stay behind in clear either.
    const edited = camera(1, 'Edited-Password-77');
    repository.save([transition(repository.get(ids[1]!)!, { type: 'edited', at: new Date(), request: { ...edited, name: 'Renamed-Leakcheck-1' } })], true);
    // A discard made final.
    repository.discard([ids[2]!, ids[3]!], 'mark-1');
    repository.discard([], 'mark-2');
    // Answers: plain "created" ones (kept in clear without their words), one renamed by the server (sealed whole).
    const sent = repository.dispatch(10, Date.now() + 1_000, [], false);
    const answered = sent.map((entry, n) =>
      transition(entry, { type: 'answered', at: new Date(), response: createdAnswerFor(entry.request, 900 + n, n === 0 ? 'Server-Renamed-Leakcheck' : entry.request.name) }),
    );
    repository.save(answered);
    expect(repository.all().filter((entry) => entry.state === 'created')).toHaveLength(10);

    const secrets = [...requests.flatMap(secretsOf), ...secretsOf({ ...edited, name: 'Renamed-Leakcheck-1' }), 'Server-Renamed-Leakcheck'];
    expect(existsSync(join(folder, `${DATABASE_FILE}-wal`))).toBe(true);
    expect(inClear(folder, secrets)).toEqual([]);
    // The scan does find what is in clear by design: the import's id.
    expect(inClear(folder, ['import-1']).length).toBeGreaterThan(0);
    // Read back whole from a fresh repository.
    const fresh = new OutboxRepository(storage, sealer);
    expect(fresh.get(ids[1]!)?.request.onvif_credentials?.password).toBe('Edited-Password-77');
    expect(fresh.get(sent[0]!.id)?.response?.name).toBe('Server-Renamed-Leakcheck');
    expect(fresh.get(sent[1]!.id)?.response?.folder.key).toBe(String(sent[1]!.request.folder_key));
    // After a clean close (the WAL checkpointed into the file): still nothing in clear.
    storage.close();
    expect(inClear(folder, secrets)).toEqual([]);
  });
});
