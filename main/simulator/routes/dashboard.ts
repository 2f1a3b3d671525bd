import type { SimContext } from '../context';
import { resolvePeriod } from '../dashboard/period';
import { dashboardStatistics } from '../dashboard/statistics';
import { authenticate } from '../http/auth';
import { jsonReply, validationError, type Reply } from '../http/reply';
import type { SimRequest } from '../http/request';

/** GET /api/admin/v1/dashboard?timezone=&date=&from=&to= */
export function handleDashboard(req: SimRequest, ctx: SimContext): Reply {
  const auth = authenticate(req, ctx);
  if (!auth.ok) return auth.reply;
  const result = resolvePeriod(req.query, ctx.clock.now());
  if (!result.ok) return validationError(req, result.errors);
  return jsonReply(200, dashboardStatistics(ctx.state, result.period, ctx.settings.topMediaServers));
}
