import { z } from 'zod';
import type { SimContext } from '../context';
import { issueApiToken } from '../http/auth';
import { jsonReply, messageError, type Reply } from '../http/reply';
import { validateBody, type SimRequest } from '../http/request';
import { PERMISSION_CAMERA_AGENTS } from '../records';
import { formatExpiry } from '../time-format';

const apiTokenRequestSchema = z.object({
  client: z.string().trim().min(1).max(255),
  duration: z.int().min(0).max(4_294_967_295),
});

/**
 * POST /api/auth/token/api/ — callable from the server's own console only. No API token is needed (it is how
 * the first one is obtained); the remote address decides. The answer is the bare token as a JSON string, as the
 * vendor documents it (24.03, README "Sources"); `answers.apiToken: 'object'` gives the object shape instead.
 */
export function handleApiToken(req: SimRequest, ctx: SimContext): Reply {
  if (!ctx.settings.localAddresses.has(req.remoteAddress)) {
    return messageError(req, 403, 'API access tokens can only be obtained from the local host (the media server console).');
  }
  const body = validateBody(req, apiTokenRequestSchema);
  if (!body.ok) return body.reply;

  // Tokens from this endpoint carry every permission: whoever sits at the server console administers it.
  const record = issueApiToken(ctx, body.value.client, body.value.duration, [PERMISSION_CAMERA_AGENTS]);
  if (ctx.settings.answers.apiToken === 'string') return jsonReply(200, record.token);
  return jsonReply(200, {
    token: record.token,
    client: record.client,
    duration: record.duration,
    expires_at: formatExpiry(record.expiresAt),
  });
}
