import { z } from 'zod';
import type { SimContext } from '../context';
import { authenticate } from '../http/auth';
import { addFieldError, jsonReply, validationError, type Reply } from '../http/reply';
import { validateBody, type SimRequest } from '../http/request';
import type { IssuedAccessToken } from '../records';
import { expiryMs, formatExpiry } from '../time-format';

const accessTokenRequestSchema = z.object({
  uid: z.string().min(1),
  user: z.string().trim().min(1).max(255),
  duration: z.int().min(0).max(4_294_967_295),
});

/**
 * POST /api/auth/token/access/ — a token bound to one stream and one user. The spec shows only the request; the
 * vendor's documentation (createaccesstoken, 23.09 and 24.03, README "Sources") answers 200 with a bare JSON string,
 * the same shape as the API token endpoint. `answers.accessToken: 'object'` gives the shape this simulator gave before.
 */
export function handleAccessToken(req: SimRequest, ctx: SimContext): Reply {
  const auth = authenticate(req, ctx);
  if (!auth.ok) return auth.reply;
  const body = validateBody(req, accessTokenRequestSchema);
  if (!body.ok) return body.reply;
  const { uid, user, duration } = body.value;
  if (!ctx.state.streams.has(uid)) {
    const errors = {};
    addFieldError(errors, 'uid', `The selected uid is invalid: no stream ${uid}.`);
    return validationError(req, errors);
  }
  const issuedAt = ctx.clock.now();
  const record: IssuedAccessToken = {
    token: ctx.tokens.next('access'),
    uid,
    user,
    duration,
    issuedBy: auth.token.client,
    issuedAt,
    expiresAt: expiryMs(issuedAt, duration),
  };
  ctx.state.accessTokens.push(record);
  if (ctx.settings.answers.accessToken === 'string') return jsonReply(200, record.token);
  return jsonReply(200, {
    token: record.token,
    uid,
    user,
    duration,
    expires_at: formatExpiry(record.expiresAt),
  });
}
