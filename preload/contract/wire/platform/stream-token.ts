import { z } from 'zod';
import { fieldMessage } from '../../messages/field-message';
import { unsigned } from './shared';

/** Wire schemas of one platform API operation, Stream access token (JSON-RPC Auth.CreateApiToken); the leniency rules are in ../platform.ts. */

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

export const jsonRpcErrorBodySchema = z
  .object({
    error: z.object({ code: z.int(), message: z.string(), data: z.unknown().optional() }).loose(),
  })
  .loose();

/** 200: the spec shows a bare JSON string; a standard envelope with `result` is accepted too. */
export const streamTokenResponseSchema = z.union([z.string().min(1), z.object({ result: z.string().min(1) }).loose()]);
