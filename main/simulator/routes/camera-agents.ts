import type { SimContext } from '../context';
import { authenticate } from '../http/auth';
import { jsonReply, messageError, validationError, type Reply } from '../http/reply';
import type { SimRequest } from '../http/request';
import { PERMISSION_CAMERA_AGENTS } from '../records';

/**
 * GET /api/v1/camera-agents/{cameraAgent}. Order of checks: token (401), permission (403), id shape (422),
 * existence (404) — a caller without rights learns nothing about which ids exist. `id` comes decoded from the router;
 * a malformed escape arrives raw and is simply not an integer (422).
 */
export function handleCameraAgent(req: SimRequest, ctx: SimContext, id: string): Reply {
  const auth = authenticate(req, ctx);
  if (!auth.ok) return auth.reply;
  if (!auth.token.permissions.includes(PERMISSION_CAMERA_AGENTS)) {
    return messageError(req, 403, 'This action is unauthorized: the token lacks the camera-agents permission.');
  }
  if (!/^-?\d+$/.test(id) || !Number.isSafeInteger(Number(id))) {
    return validationError(req, { cameraAgent: ['The cameraAgent field must be an integer.'] });
  }
  const agent = ctx.agents.read(Number(id));
  if (agent === undefined) return messageError(req, 404, `Camera agent ${id} not found.`);
  // A device set to stop answering (a test hook): the platform cannot reach it.
  if (agent === 'silent') return messageError(req, 503, `Camera agent ${id} does not answer.`);
  return jsonReply(200, agent);
}
