import { newEntryIds } from '../../../main/outbox/entry-ids';
import { queuedEntry } from '../../../main/outbox/outbox-state';
import type { Storage } from '../../../main/storage';
import type { Sealer } from '../../../main/storage/sealer';
import type { CameraCreateRequest, CreatedAnswer, OutboxEntry } from '../../../preload/contract/onboarding';

/**
 * An outbox as schema step 12 kept it (each request sealed in its entry's row, each outcome sealed beside it), with an
 * entry in every state a console leaves: queued, on the wire, retrying (perhaps created), refused, held, created with
 * the request's words, created with other words, recognised by its external id, cleared, discarded. `expected` is what
 * the repository must read back for each after step 13.
 */
export const camera = (n: number): CameraCreateRequest => ({
  name: `Camera ${n}`,
  mac: `02:00:00:00:${(n >> 8).toString(16).padStart(2, '0')}:${(n & 255).toString(16).padStart(2, '0')}`,
  serial_number: `SN-${n}`,
  external_id: `ext-${n}`,
  group_external_id: 'g',
  folder_key: n % 2 === 0 ? 'f' : 12,
  onvif_credentials: { login: 'admin', password: `pw-${n}` },
});

const AT = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-01T00:05:00.000Z';
const answerOf = (n: number, words: Partial<CreatedAnswer> = {}): CreatedAnswer => ({
  id: 500 + n,
  status: 'active',
  name: `Camera ${n}`,
  is_archive_recording: n % 3 === 0,
  archive_storage_days: n % 30,
  network_device: { mac: camera(n).mac!, serial_number: `SN-${n}` },
  folder: { id: 7, key: String(camera(n).folder_key) },
  ...words,
});

type Kind = 'queued' | 'sending' | 'retrying' | 'needs-fixing' | 'held' | 'created' | 'created-renamed' | 'recognised' | 'cleared' | 'discarded';
export const KINDS: readonly Kind[] = ['queued', 'sending', 'retrying', 'needs-fixing', 'held', 'created', 'created-renamed', 'recognised', 'cleared', 'discarded'];

/** The entry of kind `kind` for camera `n`, as the console had it. */
function entryOf(id: string, n: number, kind: Kind): OutboxEntry {
  const base = queuedEntry(id, camera(n), { profileId: 'site', profileName: 'Site', importId: n % 4 === 0 ? 'import-1' : null }, AT);
  switch (kind) {
    case 'queued':
    case 'discarded':
      return base;
    case 'sending':
      return { ...base, state: 'sending', attempts: 1, updatedAt: LATER };
    case 'retrying':
      return { ...base, state: 'retrying', attempts: 2, maybeCreated: true, updatedAt: LATER, nextAttemptAt: '2026-01-01T00:06:00.000Z', lastError: { kind: 'Offline', message: 'The server could not be reached.' } };
    case 'needs-fixing':
      return { ...base, state: 'needs-fixing', attempts: 1, updatedAt: LATER, lastError: { kind: 'Validation', message: 'The server refused some values.' }, fieldErrors: { name: ['is taken'] } };
    case 'held':
      return { ...base, state: 'held', attempts: 1, updatedAt: LATER, lastError: { kind: 'Forbidden', message: 'Not allowed.', details: 'HTTP 403' } };
    case 'created':
      return { ...base, state: 'created', attempts: 1, updatedAt: LATER, response: answerOf(n) };
    case 'created-renamed':
      return { ...base, state: 'created', attempts: 1, updatedAt: LATER, response: answerOf(n, { name: `Renamed ${n}`, network_device: { mac: camera(n).mac!.toUpperCase(), serial_number: `SN-${n}` } }) };
    case 'recognised':
      return { ...base, state: 'created', attempts: 2, maybeCreated: true, updatedAt: LATER, recognisedByExternalId: true, recognisedCameraId: 900 + n };
    case 'cleared':
      return { ...base, state: 'created', attempts: 1, updatedAt: LATER, response: answerOf(n), clearedAt: LATER };
  }
}

/** Writes `count` entries (kinds in turn) into a storage at schema step 12; answers what each must read back as. */
export function step12Outbox(storage: Storage, sealer: Sealer, count = KINDS.length): { expected: OutboxEntry[]; discarded: string[] } {
  const hash = (kind: string, value: string) => sealer.hash(kind, value, 16);
  const insert = storage.statement(
    `INSERT INTO outbox_entries (id, profile_id, external_id_hash, mac_hash, serial_hash, import_id, state, attempts, maybe_created, due_at, created_at, updated_at, cleared_at, discarded_at, body, outcome)
     VALUES (?, 'site', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const expected: OutboxEntry[] = [];
  const discarded: string[] = [];
  const ids = newEntryIds(count);
  storage.transaction(() =>
    ids.forEach((id, n) => {
      const kind = KINDS[n % KINDS.length]!;
      const entry = entryOf(id, n, kind);
      const request = entry.request;
      const due = entry.state === 'queued' ? Date.parse(entry.updatedAt) : entry.state === 'retrying' ? Date.parse(entry.nextAttemptAt!) : null;
      const hasOutcome = entry.lastError !== null || entry.response !== null || entry.recognisedByExternalId;
      const outcome = { lastError: entry.lastError, fieldErrors: entry.fieldErrors, response: entry.response, recognisedByExternalId: entry.recognisedByExternalId, recognisedCameraId: entry.recognisedCameraId };
      insert.run(
        id,
        hash('external-id', request.external_id!),
        hash('mac', request.mac!.toLowerCase()),
        hash('serial', request.serial_number!.toLowerCase()),
        entry.importId,
        entry.state,
        entry.attempts,
        entry.maybeCreated ? 1 : 0,
        due,
        entry.createdAt,
        entry.updatedAt,
        entry.clearedAt,
        kind === 'discarded' ? 'mark-1' : null,
        sealer.sealJson({ profileName: entry.profileName, request }, `outbox:${id}`),
        hasOutcome ? sealer.sealJson(outcome, `outbox-outcome:${id}`) : null,
      );
      if (kind === 'discarded') discarded.push(id);
      else expected.push(entry);
    }),
  );
  return { expected, discarded };
}
