import { z } from 'zod';
import { fieldMessage } from '../../messages/field-message';
import { unsigned } from './shared';

/** Wire schemas of one platform API operation, Token bound to a stream and a user (shape only); the leniency rules are in ../platform.ts. */

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
