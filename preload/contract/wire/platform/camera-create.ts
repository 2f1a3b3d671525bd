import { z } from 'zod';
import { fieldMessage } from '../../messages/field-message';
import { timeWithOffsetPattern } from './shared';

/** Wire schemas of one platform API operation, Camera create (billing, v2); the leniency rules are in ../platform.ts. */

export const streamTypeSchema = z.enum(['high', 'low']);

export const timetableDaySchema = z.object({
  /** `same_every_day` is seen; other values: not shown. */
  type: z.string().min(1),
  from: z.string().regex(timeWithOffsetPattern, fieldMessage('validation.onboarding.timeFrom')),
  to: z.string().regex(timeWithOffsetPattern, fieldMessage('validation.onboarding.timeTo')),
  /** Shape of break entries: not shown. */
  breaks: z.array(z.unknown()).default([]),
});

export const archiveTimetableSchema = z.object({ days: z.array(timetableDaySchema) });

export const streamSettingsSchema = z.object({
  type: streamTypeSchema,
  is_archive_enabled: z.boolean().optional(),
  archive_storage_days: z
    .int(fieldMessage('validation.onboarding.archiveDaysWhole'))
    .min(1, fieldMessage('validation.onboarding.archiveDaysMin'))
    .max(90, fieldMessage('validation.onboarding.archiveDaysMax'))
    .optional(),
  /** `timetable` and `fulltime` are seen; the full set: not shown. */
  archive_recording_type: z.string().min(1).optional(),
  archive_recording_timetable: archiveTimetableSchema.optional(),
});
export type StreamSettings = z.infer<typeof streamSettingsSchema>;

export const onvifCredentialsSchema = z.object({
  login: z.string().optional(),
  password: z.string().optional(),
  port: z.int().min(1).max(65_535).optional(),
});

/** Which fields are required: not shown, so none is required at the wire level. */
export const cameraCreateRequestSchema = z.object({
  name: z.string().optional(),
  mac: z.string().optional(),
  serial_number: z.string().optional(),
  group_type: z.string().optional(),
  group_id: z.int().optional(),
  group_external_id: z.union([z.string(), z.int()]).optional(),
  folder_id: z.int().optional(),
  folder_key: z.union([z.string(), z.int()]).optional(),
  is_user_owner: z.boolean().optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  service: z.string().optional(),
  external_id: z.string().optional(),
  onvif_credentials: onvifCredentialsSchema.optional(),
  is_can_manage_archive_storage_days: z.boolean().optional(),
  log_extra: z.union([z.record(z.string(), z.unknown()), z.string()]).optional(),
  streams: z.array(streamSettingsSchema).optional(),
});
export type CameraCreateRequest = z.infer<typeof cameraCreateRequestSchema>;

export const cameraCreateResponseSchema = z
  .object({
    id: z.int(),
    status: z.string(),
    name: z.string(),
    is_archive_recording: z.boolean(),
    archive_storage_days: z.int(),
    group_type: z.string(),
    is_user_owner: z.boolean(),
    is_need_replace: z.boolean(),
    latitude: z.number(),
    longitude: z.number(),
    network_device: z.object({ mac: z.string(), serial_number: z.string() }).loose(),
    folder: z.object({ id: z.int(), key: z.string() }).loose(),
  })
  .loose();
export type CameraCreateResponse = z.infer<typeof cameraCreateResponseSchema>;

/** 422 body of camera creation and camera-agent view. */
export const validationErrorBodySchema = z
  .object({
    message: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .loose();
