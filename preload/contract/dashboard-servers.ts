import { z } from 'zod';
import type { MediaServerEntry } from './wire/platform';

/**
 * The media-servers table of the dashboard, in windows. A platform can list 100,000 media servers (60 MB): main keeps
 * the rows of the last answer per view (profile + period), and the page asks for the window it shows, sorted and
 * filtered where the rows are. Naming, state and search text live here so main and the page read a row alike.
 */

/** The most rows one window call returns: a screenful plus a margin, never the whole list. */
export const SERVER_WINDOW_MAX = 500;

export type ServerStateFilter = 'all' | 'online' | 'offline' | 'disabled';
export type ServerState = 'online' | 'offline' | 'disabled';

/** The columns the table sorts by (the page's column ids). */
export const serverSortColumns = ['name', 'state', 'domain', 'limits', 'trafficIn', 'trafficOut'] as const;
export type ServerSortColumn = (typeof serverSortColumns)[number];

/** A media server's name as operators say it: its host name, else its domain, else its number. */
export function serverName(server: MediaServerEntry): string {
  const hostname = server.extra.server.hostname;
  return hostname || server.domain || server.external_domain || `#${server.id}`;
}

const busier = (x: MediaServerEntry, y: MediaServerEntry) => y.traffic_out - x.traffic_out || x.id - y.id;

/** The `limit` busiest servers by outgoing traffic, in one pass (100,000 servers are not sorted for ten bars). */
export function busiestServers(servers: readonly MediaServerEntry[], limit = 10): MediaServerEntry[] {
  const top: MediaServerEntry[] = [];
  for (const server of servers) {
    if (top.length === limit && busier(server, top[limit - 1]!) >= 0) continue;
    let at = top.length;
    while (at > 0 && busier(server, top[at - 1]!) < 0) at -= 1;
    top.splice(at, 0, server);
    if (top.length > limit) top.pop();
  }
  return top;
}

/** Disabled wins over the link state: a disabled server is expected to be quiet. */
export function serverState(server: MediaServerEntry): ServerState {
  if (!server.is_enabled) return 'disabled';
  return server.status ? 'online' : 'offline';
}

/** The text one row is searched by: name, domains, ports, proxy, id and user type, in lower case. */
export function searchText(server: MediaServerEntry): string {
  return [
    serverName(server),
    server.domain,
    server.internal_domain,
    server.external_domain,
    server.internal,
    server.external,
    server.rtsp,
    server.proxy,
    String(server.id),
    server.user_type ?? '',
  ]
    .join(' ')
    .toLowerCase();
}

export const serverFilterSchema = z.object({
  text: z.string().max(200),
  state: z.enum(['all', 'online', 'offline', 'disabled']),
});
export type ServerFilter = z.infer<typeof serverFilterSchema>;

export const serverSortSchema = z
  .object({ column: z.enum(serverSortColumns), direction: z.enum(['ascending', 'descending']) })
  .nullable();
export type ServerSort = z.infer<typeof serverSortSchema>;

export const serverWindowQuerySchema = z.object({
  /** The view the rows belong to, as the dashboard answer named it. */
  viewKey: z.string().min(1).max(300),
  offset: z.int().min(0),
  limit: z.int().min(0).max(SERVER_WINDOW_MAX),
  sort: serverSortSchema,
  filter: serverFilterSchema,
});
export type ServerWindowQuery = z.infer<typeof serverWindowQuerySchema>;

/** One window of the table: `rows` are the matching rows from `offset` on, in the asked order. */
export interface ServerWindow {
  /** Every media server of the answer. */
  total: number;
  /** Those the filter keeps. */
  matched: number;
  offset: number;
  rows: MediaServerEntry[];
}

/** What the dashboard answer brings of the table: the key to ask for more with, and the first window (as given). */
export interface ServerWindowStart extends ServerWindow {
  viewKey: string;
}
