import { z } from 'zod';
import { fieldMessage } from '../../messages/field-message';
import { unsigned } from './shared';

/** Wire schemas of one platform API operation, API access token (console only); the leniency rules are in ../platform.ts. */

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
