import type { CameraCreateRequest } from '../../preload/contract/onboarding';
import type { CameraCreateResponse } from '../../preload/contract/wire/platform';

/** The server's answer to a camera created from `request`, under `id` (in the request's own words unless renamed). */
export function createdAnswerFor(request: CameraCreateRequest, id: number, name = request.name!): CameraCreateResponse {
  return {
    id,
    status: 'active',
    name,
    is_archive_recording: true,
    archive_storage_days: 7,
    group_type: 'g',
    is_user_owner: false,
    is_need_replace: false,
    latitude: 0,
    longitude: 0,
    network_device: { mac: request.mac!, serial_number: request.serial_number! },
    folder: { id: 3, key: String(request.folder_key) },
  };
}
