import { z } from 'zod';
import { fieldMessage } from '../../messages/field-message';
import { timestamp, timeZoneNamePattern } from './shared';

/** Wire schemas of one platform API operation, Dashboard; the leniency rules are in ../platform.ts. */

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
