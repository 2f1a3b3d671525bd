import type { SimContext } from './context';
import { errorReply, messageError, type Reply } from './http/reply';
import { isHookPath, type SimRequest } from './http/request';
import { handleAccessToken } from './routes/access-token';
import { handleTaskUpdate } from './routes/analytics-tasks';
import { handleApiToken } from './routes/api-token';
import { handleCreateCamera } from './routes/billing-cameras';
import { handleCameraAgent } from './routes/camera-agents';
import { handleDashboard } from './routes/dashboard';
import { handleJsonRpc } from './routes/json-rpc';
import { handleSimHook } from './routes/sim-hooks';

/** The spec's path, and the admin path the vendor documents for the same device (24.09, README "Sources"). */
const CAMERA_AGENT = /^\/api\/(?:admin\/)?v1\/camera-agents\/([^/]+)$/;
const ANALYTICS_TASK = /^\/api\/streams\/([^/]+)$/;

function notFound(req: SimRequest): Reply {
  return messageError(req, 404, `No route for ${req.method} ${req.path}.`);
}

/** A path parameter as text: percent-escapes decoded; a malformed escape is passed on raw (it names nothing). */
function pathParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function only(req: SimRequest, method: string, handler: () => Reply): Reply {
  if (req.method === method) return handler();
  return errorReply(req, 405, { message: `The ${req.method} method is not supported for this route. Supported: ${method}.` }, { allow: method });
}

/**
 * Maps a request to its operation. `req.path` comes without the trailing slash the spec shows, so both spellings
 * match (README). /_sim/* exists only when hooks are on; otherwise it is an ordinary 404.
 */
export function route(req: SimRequest, ctx: SimContext): Reply {
  const { path } = req;
  if (isHookPath(path)) return ctx.settings.hooks ? handleSimHook(req, ctx) : notFound(req);
  switch (path) {
    case '/api':
      return only(req, 'POST', () => handleJsonRpc(req, ctx));
    case '/api/auth/token/api':
      return only(req, 'POST', () => handleApiToken(req, ctx));
    case '/api/auth/token/access':
      return only(req, 'POST', () => handleAccessToken(req, ctx));
    case '/api/v2/billing/cameras':
      return only(req, 'POST', () => handleCreateCamera(req, ctx));
    case '/api/admin/v1/dashboard':
      return only(req, 'GET', () => handleDashboard(req, ctx));
    default:
      break;
  }
  const agent = CAMERA_AGENT.exec(path);
  if (agent?.[1] !== undefined) {
    const id = pathParam(agent[1]);
    return only(req, 'GET', () => handleCameraAgent(req, ctx, id));
  }
  const task = ANALYTICS_TASK.exec(path);
  if (task?.[1] !== undefined) {
    const uid = pathParam(task[1]);
    return only(req, 'PUT', () => handleTaskUpdate(req, ctx, uid));
  }
  return notFound(req);
}
