import { z } from 'zod';

/**
 * One issued token as the desk remembers it. Stream tokens (operation 1) carry permissions and a DVR window;
 * user-bound tokens (operation 3) carry a user id and a duration (kept in `ttl`). Times are ISO strings in UTC.
 */
export const historyEntrySchema = z.object({
  id: z.string().min(1),
  kind: z.enum(['stream', 'user']),
  stream: z.string(),
  user: z.string().nullable(),
  live: z.boolean(),
  dvr: z.boolean(),
  copy: z.boolean(),
  /** Lifetime in seconds as sent; 0 = unlimited. */
  ttl: z.number().int().min(0),
  /** DVR window in Unix seconds as sent; 0 = unbounded on that side. */
  from: z.number().int().min(0),
  to: z.number().int().min(0),
  /** Null only for a user-bound answer in which no token could be recognised (its shape is not documented). */
  token: z.string().nullable(),
  issuedAt: z.iso.datetime(),
  /** Null = never expires. Computed from this computer's clock when the answer arrived. */
  expiresAt: z.iso.datetime().nullable(),
  profileId: z.string(),
  profileName: z.string(),
  note: z.string(),
  batchId: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
