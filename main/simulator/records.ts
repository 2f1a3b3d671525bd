import { z } from 'zod';

/** What the simulator records about the tokens and cameras it issues, so tests can count and inspect them. */

export const PERMISSION_CAMERA_AGENTS = 'camera-agents';

export const apiTokenRecordSchema = z.object({
  id: z.int(),
  client: z.string(),
  token: z.string(),
  permissions: z.array(z.string()),
  /** Seconds; 0 = unlimited. */
  duration: z.int(),
  issuedAt: z.number(),
  /** Epoch ms, or null for an unlimited token. */
  expiresAt: z.number().nullable(),
});
export type ApiTokenRecord = z.infer<typeof apiTokenRecordSchema>;

export const issuedStreamTokenSchema = z.object({
  token: z.string(),
  stream: z.string(),
  live: z.boolean(),
  dvr: z.boolean(),
  copy: z.boolean(),
  ttl: z.int(),
  from: z.int(),
  to: z.int(),
  method: z.string(),
  /** Client name of the API token that asked for it. */
  issuedBy: z.string(),
  issuedAt: z.number(),
  expiresAt: z.number().nullable(),
});
export type IssuedStreamToken = z.infer<typeof issuedStreamTokenSchema>;

export const issuedAccessTokenSchema = z.object({
  token: z.string(),
  uid: z.string(),
  user: z.string(),
  duration: z.int(),
  issuedBy: z.string(),
  issuedAt: z.number(),
  expiresAt: z.number().nullable(),
});
export type IssuedAccessToken = z.infer<typeof issuedAccessTokenSchema>;

export const createdCameraResponseSchema = z.object({
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
  network_device: z.object({ mac: z.string(), serial_number: z.string() }),
  folder: z.object({ id: z.int(), key: z.string() }),
});
export type CreatedCameraResponse = z.infer<typeof createdCameraResponseSchema>;

export const createdCameraSchema = z.object({
  response: createdCameraResponseSchema,
  groupId: z.int(),
  externalId: z.string().nullable(),
  /** Stream settings kept for later (spec rule 3), as received after validation. */
  streams: z.array(z.unknown()),
  createdAt: z.number(),
});
export type CreatedCamera = z.infer<typeof createdCameraSchema>;
