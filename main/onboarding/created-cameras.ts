import Papa from 'papaparse';
import { normalizeMac } from '../../preload/contract/camera/mac';
import type { CreatedCamera, OutboxEntry } from '../../preload/contract/onboarding';
import { t } from '../shared/i18n';
import type { OutboxRepository } from '../storage/repositories/outbox-repository';

/** A created outbox entry as the results list shows it: what the 201 said, or what was sent when it was recognised. */
export function createdCameraOf(entry: OutboxEntry): CreatedCamera {
  const { request, response } = entry;
  const cameraId = response?.id ?? entry.recognisedCameraId ?? null;
  return {
    entryId: entry.id,
    externalId: request.external_id ?? null,
    name: response?.name ?? request.name ?? '',
    mac: response?.network_device.mac ?? request.mac ?? '',
    serialNumber: response?.network_device.serial_number ?? request.serial_number ?? '',
    cameraId,
    cameraIdUnknown: cameraId === null ? t('onboarding.created.idUnknownWhy') : null,
    status: response ? response.status : null,
    folder: response ? { id: response.folder.id, key: response.folder.key } : request.folder_key !== undefined || request.folder_id !== undefined ? { id: request.folder_id ?? null, key: String(request.folder_key ?? '') } : null,
    groupId: request.group_id ?? null,
    groupKey: request.group_external_id !== undefined ? String(request.group_external_id) : null,
    isArchiveRecording: response ? response.is_archive_recording : null,
    archiveStorageDays: response ? response.archive_storage_days : null,
    service: request.service ?? null,
    recognisedByExternalId: entry.recognisedByExternalId,
    createdAt: entry.updatedAt,
    profileName: entry.profileName,
  };
}

/** True when the whole search is this camera's name, MAC (any notation), serial or external id. */
function isExact(camera: CreatedCamera, search: string, mac: string | null): boolean {
  return (
    camera.name.toLowerCase() === search ||
    camera.serialNumber.toLowerCase() === search ||
    (camera.externalId ?? '').toLowerCase() === search ||
    (mac !== null && camera.mac.toLowerCase() === mac)
  );
}

/**
 * Matching every word of the search in any shown field; an exact name, MAC, serial or external id comes first, the
 * rest newest first.
 */
export function searchCreated(cameras: CreatedCamera[], search: string): CreatedCamera[] {
  const whole = search.trim().toLowerCase();
  const words = whole.split(/\s+/).filter(Boolean);
  const sorted = cameras.slice().sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  if (words.length === 0) return sorted;
  const mac = normalizeMac(whole)?.toLowerCase() ?? null;
  const exact: CreatedCamera[] = [];
  const rest: CreatedCamera[] = [];
  for (const camera of sorted) {
    if (isExact(camera, whole, mac)) {
      exact.push(camera);
      continue;
    }
    const haystack = [camera.name, camera.mac, camera.serialNumber, camera.externalId, camera.cameraId, camera.folder?.key, camera.groupKey, camera.groupId, camera.service, camera.profileName]
      .filter((v) => v !== null && v !== undefined)
      .join(' ')
      .toLowerCase();
    if (words.every((word) => haystack.includes(word))) rest.push(camera);
  }
  return exact.concat(rest);
}

/**
 * The created cameras, opened once and then only those created since the last look (the index on their time), so a
 * search does not open every sealed entry again. A camera created with an earlier time than the last one seen (the
 * computer's clock was set back, as a laptop's is when it syncs its time once online) is not "since": the count of
 * created entries tells it is missing, and they are all looked at again (only the missing ones opened).
 */
export function createCreatedList(repository: () => OutboxRepository) {
  const known = new Map<string, CreatedCamera>();
  let since = '';
  let recentRequests: OutboxEntry['request'][] = [];
  const add = (entry: OutboxEntry) => {
    known.set(entry.id, createdCameraOf(entry));
    if (entry.updatedAt > since) since = entry.updatedAt;
    recentRequests.push(entry.request);
  };
  return {
    all(): CreatedCamera[] {
      const repo = repository();
      for (const entry of repo.createdSince(since)) add(entry);
      if (repo.createdCount() !== known.size) for (const entry of repo.createdSince('', new Set(known.keys()))) add(entry);
      if (recentRequests.length > 400) recentRequests = recentRequests.slice(-200);
      return [...known.values()];
    },
    /** Requests of the latest created cameras, newest last (suggestions). */
    recent(): OutboxEntry['request'][] {
      this.all();
      return recentRequests.slice(-200);
    },
  };
}

/** Free text a spreadsheet would run as a formula gets a leading apostrophe. */
function plainText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export const createdCsvColumns = [
  'camera_id',
  'name',
  'mac',
  'serial_number',
  'external_id',
  'status',
  'folder_id',
  'folder_key',
  'group_id',
  'group_external_id',
  'is_archive_recording',
  'archive_storage_days',
  'service',
  'created_at',
  'recognised_by_external_id',
  'profile',
] as const;

export function createdToCsv(cameras: CreatedCamera[]): string {
  const cell = (value: string | number | boolean | null | undefined) => (value === null || value === undefined ? '' : typeof value === 'string' ? plainText(value) : String(value));
  return Papa.unparse({
    fields: [...createdCsvColumns],
    data: cameras.map((c) => [
      cell(c.cameraId),
      cell(c.name),
      cell(c.mac),
      cell(c.serialNumber),
      cell(c.externalId),
      cell(c.status),
      cell(c.folder?.id),
      cell(c.folder?.key),
      cell(c.groupId),
      cell(c.groupKey),
      cell(c.isArchiveRecording),
      cell(c.archiveStorageDays),
      cell(c.service),
      c.createdAt,
      cell(c.recognisedByExternalId),
      cell(c.profileName),
    ]),
  });
}
