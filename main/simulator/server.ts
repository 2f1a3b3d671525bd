import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimContext } from './context';
import { faultReply } from './fault-reply';
import { isFailureRule, type FaultRule } from './fault-rules';
import { deliver } from './http/deliver';
import { errorReply, messageError, type Reply } from './http/reply';
import { BodyTooLarge, declaresJson, isHookPath, readBody, withoutTrailingSlash, type SimRequest } from './http/request';
import { route } from './router';
import type { TimerSet } from './timers';

export interface ListenerRuntime {
  timers: TimerSet;
  onRequest?: ((line: string) => void) | undefined;
}

/** Log lines never carry a token: the query form would otherwise print it. */
function redactedTarget(url: string): string {
  return url.replace(/([?&]token=)[^&]*/gi, '$1***');
}

function describeFault(rule: FaultRule | undefined): string {
  if (!rule) return '';
  const knobs = Object.entries(rule)
    .filter(([k]) => k !== 'path' && k !== 'method' && k !== 'body')
    .map(([k, v]) => `${k}=${String(v)}`);
  return ` [fault ${knobs.join(' ')}]`;
}

/**
 * The request pipeline: read the body, pick a fault, wait out any latency, then either answer with the fault
 * (the handler never runs: no side effects) or run the handler, and deliver (possibly slowly).
 * If the client hangs up during the latency wait, the handler does not run either.
 */
export function createRequestListener(ctx: SimContext, runtime: ListenerRuntime) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    void handle(req, res, ctx, runtime);
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, ctx: SimContext, runtime: ListenerRuntime): Promise<void> {
  const started = performance.now();
  const method = (req.method ?? 'GET').toUpperCase();
  const target = req.url ?? '/';
  const queryAt = target.indexOf('?');
  const simReq: SimRequest = {
    method,
    path: withoutTrailingSlash(queryAt === -1 ? target : target.slice(0, queryAt)),
    query: new URLSearchParams(queryAt === -1 ? '' : target.slice(queryAt + 1)),
    headers: req.headers,
    remoteAddress: req.socket.remoteAddress ?? '',
    wantsJson: declaresJson(req.headers),
    rawBody: Buffer.alloc(0),
  };
  let rule: FaultRule | undefined;
  if (runtime.onRequest) {
    const log = runtime.onRequest;
    res.once('close', () => {
      const outcome = res.writableFinished ? String(res.statusCode) : res.headersSent ? `${res.statusCode} (cut)` : 'dropped';
      log(`${method} ${redactedTarget(target)} -> ${outcome} ${(performance.now() - started).toFixed(1)}ms${describeFault(rule)}`);
    });
  }

  try {
    simReq.rawBody = await readBody(req);
  } catch (error) {
    if (error instanceof BodyTooLarge) deliver(res, messageError(simReq, 413, 'The request body is too large.'), {}, runtime.timers);
    else res.destroy();
    return;
  }

  rule = isHookPath(simReq.path) ? undefined : ctx.faults.take(method, simReq.path);
  if (rule?.latencyMs) {
    await runtime.timers.delay(rule.latencyMs);
    if (res.destroyed || req.socket.destroyed) return;
  }
  if (rule?.drop) {
    req.socket.destroy();
    return;
  }

  let reply: Reply;
  if (rule && isFailureRule(rule)) {
    reply = faultReply(rule);
  } else {
    try {
      reply = route(simReq, ctx);
    } catch {
      reply = errorReply(simReq, 500, { message: 'Server Error' });
    }
  }
  if (rule?.dropAfter) {
    // The work is done, the answer is lost: the client cannot know whether its request took effect.
    req.socket.destroy();
    return;
  }
  deliver(res, reply, { slowBodyMs: rule?.slowBodyMs, truncate: rule?.truncate }, runtime.timers);
}
