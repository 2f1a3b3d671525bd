import { z } from 'zod';
import { fieldMessage } from '../../messages/field-message';
import { timestamp } from './shared';
import { streamTypeSchema } from './camera-create';

/** Wire schemas of one platform API operation, Camera-agent device; the leniency rules are in ../platform.ts. */

export const storageRecordSchema = z
  .object({
    id: z.int(),
    path: z.string(),
    /** Unit: not shown. */
    usage: z.number(),
    /** Megabytes. */
    capacity: z.number(),
  })
  .loose();
export type StorageRecord = z.infer<typeof storageRecordSchema>;

export const cameraStreamSchema = z
  .object({
    id: z.int(),
    type: streamTypeSchema,
    camera_id: z.int(),
    url: z.string(),
    is_preview_from_server: z.boolean(),
    is_archive_from_server: z.boolean().nullable(),
    status: z.string().nullable(),
    has_sound: z.boolean(),
    width: z.int().nullable(),
    height: z.int().nullable(),
    video_codec: z.string().nullable(),
    audio_codec: z.string().nullable(),
  })
  .loose();
export type CameraStream = z.infer<typeof cameraStreamSchema>;

export const agentCameraSchema = z
  .object({
    id: z.int(),
    group_id: z.int(),
    status: z.string(),
    type: z.string(),
    start_at: timestamp.nullable(),
    created_at: timestamp,
    billing_id: z.int().nullable(),
    pretty_name: z.string(),
    original_name: z.string(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    azimuth: z.number().nullable(),
    streams: z.array(cameraStreamSchema),
    has_sound: z.boolean(),
    archive_recording_type: z.string(),
    can_change_archive_timetable: z.boolean(),
    is_bridge: z.boolean(),
    is_agent: z.boolean(),
    is_intercom: z.boolean(),
    is_cloud_archive_enabled: z.boolean(),
    is_local_archive_enabled: z.boolean(),
    cloud_archive_storage_days: z.int(),
    local_archive_storage_days: z.int(),
    ip: z.string(),
    port: z.int(),
    is_favorite: z.boolean(),
    is_restricted_live: z.boolean().nullable(),
    is_restricted_archive: z.boolean().nullable(),
    user_status: z.string(),
    note: z.string().nullable(),
    name: z.string(),
  })
  .loose();
export type AgentCamera = z.infer<typeof agentCameraSchema>;

export const cameraAgentSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    uuid: z.string(),
    mac: z.string(),
    serial_number: z.string(),
    status: z.string(),
    is_online: z.boolean(),
    version: z.string(),
    last_updated_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    storages: z.array(storageRecordSchema),
    camera: agentCameraSchema,
  })
  .loose();
export type CameraAgent = z.infer<typeof cameraAgentSchema>;

/** A device number: a positive int, or a string of digits passed through as typed (the server judges its range). */
export const cameraAgentIdSchema = z.union([
  z.int().min(1, fieldMessage('validation.agents.devicePositive')),
  z.string().regex(/^\d{1,20}$/, fieldMessage('validation.agents.deviceDigitsShort')),
]);
