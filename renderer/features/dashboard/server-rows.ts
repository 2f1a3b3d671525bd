import type { MediaServerEntry } from '../../../preload/contract/wire/platform';
import { serverName } from './chart-data';

import { searchText, serverState, type ServerFilter, type ServerState } from '../../../preload/contract/dashboard-servers';

export { serverState, type ServerFilter, type ServerState, type ServerStateFilter } from '../../../preload/contract/dashboard-servers';

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
