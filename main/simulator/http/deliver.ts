import type { ServerResponse } from 'node:http';
import type { TimerSet } from '../timers';
import type { Reply } from './reply';

export interface DeliveryOptions {
  /** Send the headers, then the body in pieces spread over this many ms. */
  slowBodyMs?: number | undefined;
  /** Declare the full Content-Length, send half the body, then cut the connection. */
  truncate?: boolean | undefined;
}

const SLOW_BODY_PIECES = 10;

/** Writes a reply, honouring the delivery faults. Nothing here changes state. */
export function deliver(res: ServerResponse, reply: Reply, options: DeliveryOptions, timers: TimerSet): void {
  const body = Buffer.from(reply.body, 'utf8');
  const headers: Record<string, string | number> = { ...reply.headers };
  if (reply.status !== 204 && reply.status !== 304) headers['content-length'] = body.length;

  if (options.truncate) {
    res.writeHead(reply.status, headers);
    res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.socket?.destroy());
    return;
  }
  if (options.slowBodyMs !== undefined && body.length > 0) {
    res.writeHead(reply.status, headers);
    res.flushHeaders();
    const pieces = Math.min(SLOW_BODY_PIECES, body.length);
    const size = Math.ceil(body.length / pieces);
    const step = options.slowBodyMs / pieces;
    for (let i = 0; i < pieces; i += 1) {
      const chunk = body.subarray(i * size, (i + 1) * size);
      const last = i === pieces - 1;
      timers.set(() => {
        if (res.destroyed) return;
        if (last) res.end(chunk);
        else res.write(chunk);
      }, Math.round(step * (i + 1)));
    }
    return;
  }
  res.writeHead(reply.status, headers);
  res.end(body);
}
