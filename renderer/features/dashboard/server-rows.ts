import type { MediaServerEntry } from '../../../preload/contract/wire/platform';
import { serverName } from './chart-data';

/** The media-servers table's filter: free text over names, domains and ports, and the state. */
export type ServerStateFilter = 'all' | 'online' | 'offline' | 'disabled';

export interface ServerFilter {
  text: string;
  state: ServerStateFilter;
}

export type ServerState = 'online' | 'offline' | 'disabled';

/** Disabled wins over the link state: a disabled server is expected to be quiet. */
export function serverState(server: MediaServerEntry): ServerState {
  if (!server.is_enabled) return 'disabled';
  return server.status ? 'online' : 'offline';
}

/** The text one row is searched by, built once per answer (10,000 rows filter in a few milliseconds). */
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

export interface ServerRow {
  server: MediaServerEntry;
  name: string;
  state: ServerState;
}

export function serverRows(servers: readonly MediaServerEntry[]): ServerRow[] {
  return servers.map((server) => ({ server, name: serverName(server), state: serverState(server) }));
}

/** Search texts are built on the first filter, not on first render: most loads are never filtered. */
const searchTexts = new WeakMap<MediaServerEntry, string>();
function searchTextOf(server: MediaServerEntry): string {
  let text = searchTexts.get(server);
  if (text === undefined) {
    text = searchText(server);
    searchTexts.set(server, text);
  }
  return text;
}

/** Rows matching every word of the text (any order, any case) and the state. */
export function filterServerRows(rows: readonly ServerRow[], filter: ServerFilter): ServerRow[] {
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 && filter.state === 'all') return rows as ServerRow[];
  return rows.filter((row) => (filter.state === 'all' || row.state === filter.state) && words.every((word) => searchTextOf(row.server).includes(word)));
}
