import { z } from 'zod';

/**
 * The billing camera create request (spec, "Camera create request"). Field-local rules live here; rules that
 * need the platform's data (tree, folders, external ids) live in billing-camera-rules.ts. Optional fields
 * also accept null, read as "not given".
 */

/** HH:MM:SS+HH:MM — seconds required, offset required (the spec's only shape). */
export const TIME_WITH_OFFSET = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d[+-](0\d|1[0-4]):[0-5]\d$/;
/** Six hex pairs joined by one consistent separator, ':' or '-', any letter case. */
export const MAC_ADDRESS = /^[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}$/;

const timeWithOffset = z.string().regex(TIME_WITH_OFFSET, 'must be a time with a UTC offset, shaped HH:MM:SS+HH:MM');

const timetableDaySchema = z.object({
  type: z.enum(['same_every_day']),
  from: timeWithOffset,
  to: timeWithOffset,
  // Shape of break entries is not shown: any array is kept as given.
  breaks: z.array(z.unknown()).nullish(),
});

export const streamSettingsSchema = z.object({
  type: z.enum(['high', 'low']),
  is_archive_enabled: z.boolean().nullish(),
  archive_storage_days: z.int().min(1).max(90).nullish(),
  archive_recording_type: z.enum(['timetable', 'fulltime']).nullish(),
  archive_recording_timetable: z.object({ days: z.array(timetableDaySchema).min(1) }).nullish(),
});

const idOrKey = z.union([z.string().trim().min(1), z.int()]);

export const cameraCreateRequestSchema = z.object({
  name: z.string().trim().min(1).max(255),
  mac: z.string().regex(MAC_ADDRESS, 'must be a MAC address such as AA:BB:CC:DD:EE:FF or aa-bb-cc-dd-ee-ff'),
  serial_number: z.string().max(255).nullish(),
  group_type: z.enum(['private']).nullish(),
  group_id: z.int().nullish(),
  group_external_id: idOrKey.nullish(),
  folder_id: z.int().nullish(),
  folder_key: idOrKey.nullish(),
  is_user_owner: z.boolean().nullish(),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
  service: z.string().max(255).nullish(),
  external_id: z.string().trim().min(1).max(255).nullish(),
  onvif_credentials: z
    .object({ login: z.string(), password: z.string(), port: z.int().min(1).max(65_535) })
    .nullish(),
  is_can_manage_archive_storage_days: z.boolean().nullish(),
  log_extra: z.union([z.record(z.string(), z.unknown()), z.string()], { error: 'must be an object or a string' }).nullish(),
  streams: z.array(streamSettingsSchema).nullish(),
});

/** `aa-bb-...` and `AA:BB:...` are the same device; responses use the upper-case colon form. */
export function normalizeMac(mac: string): string {
  return mac.replace(/-/g, ':').toUpperCase();
}
