import { z } from 'zod';
import { fieldMessage } from '../messages/field-message';

/**
 * Wire schemas for every request and response of the platform API (docs/platform-api.md).
 * Pure zod, no I/O: the IPC contract imports these.
 *
 * Responses are lenient in the ways the spec allows: unknown extra fields are kept (`loose`), members the spec marks
 * "not shown" are optional, "or null" is nullable. Requests are strict about what the spec does state (ranges,
 * shapes) and say nothing about what it does not (which camera fields are required is "not shown").
 */

// ---------------------------------------------------------------------------------------------------------------
// Shared pieces

const unsigned = z.int().min(0).max(4_294_967_295);
/** A timestamp as the platform sends it (ISO 8601). Kept as a string: the UI formats it, we never compute with it. */
const timestamp = z.string();
/** Time of day with a UTC offset, `HH:MM:SS+HH:MM`. */
export const timeWithOffsetPattern = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d[+-]([01]\d|2[0-3]):[0-5]\d$/;
/** `Region/City`, also `America/Argentina/Buenos_Aires` and `Etc/GMT+3`. */
export const timeZoneNamePattern = /^[A-Za-z][A-Za-z_-]*(\/[A-Za-z0-9_+-]+)+$/;

// ---------------------------------------------------------------------------------------------------------------
// 1. Stream access token (JSON-RPC Auth.CreateApiToken)

export const rpcMethodSchema = z.enum(['Auth.CreateApiToken', 'Auth.CreateAccessToken'], {
  error: fieldMessage('validation.connect.rpcMethod'),
});
export type RpcMethod = z.infer<typeof rpcMethodSchema>;

/** How a profile sends its API token: `Authorization: Bearer <token>`, `Authorization: <token>`, or `?token=`. */
export const tokenStyleSchema = z.enum(['bearer', 'bare', 'query'], {
  error: fieldMessage('validation.connect.tokenStyle'),
});
export type TokenStyle = z.infer<typeof tokenStyleSchema>;

export const streamTokenParamsSchema = z
  .object({
    stream: z.string().trim().min(1, fieldMessage('validation.common.streamChoose')),
    ttl: unsigned.default(3600),
    live: z.boolean().default(false),
    dvr: z.boolean().default(false),
    copy: z.boolean().default(false),
    from: unsigned.optional(),
    to: unsigned.optional(),
  })
  .refine((p) => p.from === undefined || p.to === undefined || p.to === 0 || p.to >= p.from, {
    // 0 means "unbounded" for both ends, so to = 0 never contradicts from.
    message: fieldMessage('validation.common.dvrWindowOrder'),
    path: ['to'],
  });
/** What a caller passes (defaults not yet applied). */
export type StreamTokenParamsInput = z.input<typeof streamTokenParamsSchema>;
export type StreamTokenParams = z.output<typeof streamTokenParamsSchema>;

export const jsonRpcErrorBodySchema = z
  .object({
    error: z.object({ code: z.int(), message: z.string(), data: z.unknown().optional() }).loose(),
  })
  .loose();
export type JsonRpcErrorBody = z.infer<typeof jsonRpcErrorBodySchema>;

/** 200: the spec shows a bare JSON string; a standard envelope with `result` is accepted too. */
export const streamTokenResponseSchema = z.union([z.string().min(1), z.object({ result: z.string().min(1) }).loose()]);
export type StreamTokenResponse = z.infer<typeof streamTokenResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// 2. API access token (console only)

export const obtainApiTokenRequestSchema = z.object({
  client: z.string().trim().min(1, fieldMessage('validation.connect.clientName')),
  duration: unsigned,
});
export type ObtainApiTokenRequest = z.infer<typeof obtainApiTokenRequestSchema>;

/** Response shape: not shown. A bare string, or an object carrying the token under one of the usual names. */
export const obtainApiTokenResponseSchema = z.union([
  z.string().min(1),
  z.object({ token: z.string().min(1) }).loose(),
  z.object({ access_token: z.string().min(1) }).loose(),
  z.object({ api_token: z.string().min(1) }).loose(),
]);
export type ObtainApiTokenResponse = z.infer<typeof obtainApiTokenResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// 3. Token bound to a stream and a user (shape only)

export const userBoundTokenRequestSchema = z.object({
  uid: z.string().trim().min(1, fieldMessage('validation.common.streamChoose')),
  user: z.string().trim().min(1, fieldMessage('validation.common.userRequired')),
  duration: unsigned,
});
export type UserBoundTokenRequest = z.infer<typeof userBoundTokenRequestSchema>;

/** Response: not shown. Whatever JSON comes back is kept; a token is picked out when one is recognisable. */
export const userBoundTokenResponseSchema = z.union([
  z.string(),
  z
    .object({
      token: z.string().optional(),
      access_token: z.string().optional(),
      result: z.string().optional(),
    })
    .loose(),
  z.null(),
]);
export type UserBoundTokenResponse = z.infer<typeof userBoundTokenResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// 4. Camera create (billing, v2)

export const streamTypeSchema = z.enum(['high', 'low']);
export type StreamType = z.infer<typeof streamTypeSchema>;

export const timetableDaySchema = z.object({
  /** `same_every_day` is seen; other values: not shown. */
  type: z.string().min(1),
  from: z.string().regex(timeWithOffsetPattern, fieldMessage('validation.onboarding.timeFrom')),
  to: z.string().regex(timeWithOffsetPattern, fieldMessage('validation.onboarding.timeTo')),
  /** Shape of break entries: not shown. */
  breaks: z.array(z.unknown()).default([]),
});
export type TimetableDay = z.infer<typeof timetableDaySchema>;

export const archiveTimetableSchema = z.object({ days: z.array(timetableDaySchema) });
export type ArchiveTimetable = z.infer<typeof archiveTimetableSchema>;

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
export type OnvifCredentials = z.infer<typeof onvifCredentialsSchema>;

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
export type ValidationErrorBody = z.infer<typeof validationErrorBodySchema>;

// ---------------------------------------------------------------------------------------------------------------
// 5. Camera-agent device

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

// ---------------------------------------------------------------------------------------------------------------
// 6. Dashboard

export const dashboardQuerySchema = z
  .object({
    timezone: z
      .string()
      .regex(timeZoneNamePattern, fieldMessage('validation.dashboard.timeZoneName'))
      .optional(),
    /** A predefined period; allowed values: not shown. The platform's default is today. */
    date: z.string().min(1).optional(),
    /** Date format: not shown. */
    from: z.string().min(1).optional(),
    to: z.string().min(1).optional(),
  })
  .refine((q) => q.timezone !== undefined || (q.date === undefined && q.from === undefined && q.to === undefined), {
    message: fieldMessage('validation.dashboard.timeZoneWithDate'),
    path: ['timezone'],
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

export const countForRangeSchema = z.object({ number: z.int(), percent: z.number() }).loose();
export type CountForRange = z.infer<typeof countForRangeSchema>;

const userCountSchema = z.object({ count_all: z.int(), count_for_range: countForRangeSchema }).loose();

export const mediaServerEntrySchema = z
  .object({
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
    created_at: timestamp,
    updated_at: timestamp,
    user_type: z.string().nullable(),
    group_type: z.string(),
    streams_limit: z.int(),
    bitrate_limit: z.int(),
    extra: z.object({ server: z.object({ hostname: z.string() }).loose() }).loose(),
    is_editable: z.boolean(),
    is_stream_condition_management_enabled: z.boolean(),
  })
  .loose();
export type MediaServerEntry = z.infer<typeof mediaServerEntrySchema>;

export const dashboardSchema = z
  .object({
    users: z
      .object({
        all: userCountSchema,
        others: z
          .object({ legal: userCountSchema, individual: userCountSchema, sub: userCountSchema, special: userCountSchema })
          .loose(),
      })
      .loose(),
    cameras: z
      .object({
        count_all: z.int(),
        count_with_issues: z.int(),
        count_for_range: countForRangeSchema,
        count_inactive: z.int(),
        /** Item shape: not shown. */
        streams: z.object({ top_by_bitrate: z.array(z.unknown()) }).loose(),
      })
      .loose(),
    issues: z
      .object({
        count_with_issues: z.int(),
        count_issues: z.string(),
        /** Item shape: not shown. */
        top_by_issues: z.array(z.unknown()),
      })
      .loose(),
    mediaservers: z
      .object({
        count_all: z.int(),
        count_inactive: z.int(),
        count_enabled: z.int(),
        avg_count_cams: z.number(),
        avg_count_users: z.number(),
        top_by_bitrate: z.array(mediaServerEntrySchema),
      })
      .loose(),
  })
  .loose();
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---------------------------------------------------------------------------------------------------------------
// 7. Analytics task update

/**
 * Every object is loose: members the spec does not list (other Pipeline keys, Regions, a vendor's extras) are sent
 * as the operator wrote them, never dropped on the way out.
 */
export const analyticsTaskBodySchema = z
  .object({
    Collections: z.array(z.string().min(1)).optional(),
    CaseType: z.string().trim().min(1, fieldMessage('validation.analytics.caseTypeRequired')),
    CameraGroupUid: z.string().trim().min(1, fieldMessage('validation.analytics.cameraGroupRequired')),
    Source: z
      .object({
        Uid: z.string().trim().min(1, fieldMessage('validation.analytics.sourceUidRequired')),
        Url: z.string().trim().min(1, fieldMessage('validation.analytics.sourceUrlRequired')),
      })
      .loose(),
    Pipeline: z
      .object({
        Detector: z.object({ ScoreThreshold: z.number().optional() }).loose().optional(),
        /** Element shape: not shown. */
        Fences: z.array(z.unknown()).optional(),
        Areas: z.array(z.unknown()).optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
export type AnalyticsTaskBody = z.infer<typeof analyticsTaskBodySchema>;

export const analyticsTaskUidSchema = z.string().trim().min(1, fieldMessage('validation.common.taskUidRequired'));

// Connect screen shapes (TLS trust, certificate review, connection report) live in their own file.
export * from './connection';
