import Papa from 'papaparse';
import type { CreatedCamera, OutboxEntry } from '../../preload/contract/onboarding';

/** A created outbox entry as the results list shows it: what the 201 said, or what was sent when it was recognised. */
export function createdCameraOf(entry: OutboxEntry): CreatedCamera {
  const { request, response } = entry;
  return {
    entryId: entry.id,
    externalId: request.external_id ?? null,
    name: response?.name ?? request.name ?? '',
    mac: response?.network_device.mac ?? request.mac ?? '',
    serialNumber: response?.network_device.serial_number ?? request.serial_number ?? '',
    cameraId: response?.id ?? null,
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

/** Newest first, matching every word of the search in any shown field. */
export function searchCreated(cameras: CreatedCamera[], search: string): CreatedCamera[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const sorted = cameras.slice().sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  if (words.length === 0) return sorted;
  return sorted.filter((camera) => {
    const haystack = [camera.name, camera.mac, camera.serialNumber, camera.externalId, camera.cameraId, camera.folder?.key, camera.groupKey, camera.groupId, camera.service, camera.profileName]
      .filter((v) => v !== null && v !== undefined)
      .join(' ')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
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
