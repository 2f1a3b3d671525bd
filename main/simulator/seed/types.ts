import { z } from 'zod';
import type { AgentShape } from './agent-shapes';

/**
 * Shapes of the simulator's seeded and recorded data. The agent and media-server schemas follow the spec's
 * wire tables field by field, because those records are served as they are stored.
 */

export const authorizationMethodSchema = z.enum(['private', 'public', 'protected']);
export type AuthorizationMethod = z.infer<typeof authorizationMethodSchema>;

/** A tree element (camera group) of the billing area. `key` is its external id; some keys look numeric. */
export const treeElementSchema = z.object({
  id: z.int(),
  key: z.string(),
  name: z.string(),
  parent_id: z.int().nullable(),
});
export type TreeElement = z.infer<typeof treeElementSchema>;

/** A private folder; it lives in exactly one tree element. */
export const privateFolderSchema = z.object({
  id: z.int(),
  key: z.string(),
  name: z.string(),
  group_id: z.int(),
});
export type PrivateFolder = z.infer<typeof privateFolderSchema>;

/** A platform camera (dashboard statistics are counted from these). */
export const platformCameraSchema = z.object({
  id: z.int(),
  name: z.string(),
  external_id: z.string().nullable(),
  group_id: z.int(),
  media_server_id: z.int(),
  is_active: z.boolean(),
  issues: z.int(),
  created_at_ms: z.number(),
});
export type PlatformCamera = z.infer<typeof platformCameraSchema>;

/** A media-server stream registered with Stream.Add; only private ones get stream access tokens. */
export const streamEntrySchema = z.object({
  uid: z.string(),
  camera_id: z.int(),
  type: z.enum(['high', 'low']),
  name: z.string(),
  url: z.string(),
  authorization: authorizationMethodSchema,
  bitrate_kbps: z.int(),
});
export type StreamEntry = z.infer<typeof streamEntrySchema>;

export const agentStorageSchema = z.object({
  id: z.int(),
  path: z.string(),
  usage: z.number(),
  capacity: z.number(),
});
export type AgentStorage = z.infer<typeof agentStorageSchema>;

export const agentCameraStreamSchema = z.object({
  id: z.int(),
  type: z.enum(['high', 'low']),
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
});
export type AgentCameraStream = z.infer<typeof agentCameraStreamSchema>;

export const agentCameraSchema = z.object({
  id: z.int(),
  group_id: z.int(),
  status: z.string(),
  type: z.string(),
  start_at: z.string().nullable(),
  created_at: z.string(),
  billing_id: z.int().nullable(),
  pretty_name: z.string(),
  original_name: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  azimuth: z.number().nullable(),
  streams: z.array(agentCameraStreamSchema),
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
});

export const agentDeviceSchema = z.object({
  id: z.int(),
  name: z.string(),
  uuid: z.string(),
  mac: z.string(),
  serial_number: z.string(),
  status: z.string(),
  is_online: z.boolean(),
  version: z.string(),
  last_updated_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  storages: z.array(agentStorageSchema),
  camera: agentCameraSchema,
});
export type AgentDevice = z.infer<typeof agentDeviceSchema>;

export const mediaServerSchema = z.object({
  id: z.int(),
  type: z.string(),
  schema: z.string(),
  internal_domain: z.string(),
  external_domain: z.string(),
  domain: z.string(),
  internal: z.string(),
  external: z.string(),
  rtsp: z.string(),
  traffic_in: z.int(),
  traffic_out: z.int(),
  status: z.boolean(),
  is_enabled: z.boolean(),
  has_cache: z.boolean(),
  proxy: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  user_type: z.string().nullable(),
  group_type: z.string(),
  streams_limit: z.int(),
  bitrate_limit: z.int(),
  extra: z.object({ server: z.object({ hostname: z.string() }) }),
  is_editable: z.boolean(),
  is_stream_condition_management_enabled: z.boolean(),
});
export type MediaServer = z.infer<typeof mediaServerSchema>;

export const userTypeSchema = z.enum(['legal', 'individual', 'sub', 'special']);
export type UserType = z.infer<typeof userTypeSchema>;

export const platformUserSchema = z.object({
  id: z.int(),
  type: userTypeSchema,
  created_at_ms: z.number(),
});
export type PlatformUser = z.infer<typeof platformUserSchema>;

/** An analytics task as the media server keeps it (same nesting as the update body). */
export const analyticsTaskSchema = z.object({
  /** Internal id; a new one is assigned each time the task is replaced by an update. */
  id: z.int(),
  uid: z.string(),
  CaseType: z.string(),
  CameraGroupUid: z.string(),
  Collections: z.array(z.string()).optional(),
  Source: z.object({ Uid: z.string(), Url: z.string() }),
  Pipeline: z
    .object({
      Detector: z.object({ ScoreThreshold: z.number().optional() }).optional(),
      Fences: z.array(z.unknown()).optional(),
      Areas: z.array(z.unknown()).optional(),
    })
    .optional(),
  updated_at: z.string(),
});
export type AnalyticsTask = z.infer<typeof analyticsTaskSchema>;

/** Everything generated from one seed. */
export interface SeedData {
  tree: TreeElement[];
  /** Tree elements cameras hang from (cities and sites). */
  leafIds: number[];
  folders: PrivateFolder[];
  cameras: PlatformCamera[];
  streams: StreamEntry[];
  agents: AgentDevice[];
  /** Which seeded device has which shape (offline, no storages, four storages, nulls, no low stream, credentials). */
  agentShapes: Record<AgentShape, number>;
  mediaServers: MediaServer[];
  users: PlatformUser[];
  tasks: AnalyticsTask[];
}
