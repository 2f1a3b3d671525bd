import { searchText, serverName, serverState, type ServerState } from '../../preload/contract/dashboard-servers';
import type { MediaServerEntry } from '../../preload/contract/wire/platform';

/**
 * One answer's media servers as the table sorts and filters them: typed arrays for the numbers and states, text
 * worked out when a sort or filter first needs it, and a way to read a whole row when a window shows it. Kept in
 * place of 100,000 row objects: the rows themselves stay as the answer's bytes (answer-store.ts). Text is not kept
 * from the first reading: a string JSON.parse gives is often a slice of the whole text it parsed, and keeping one
 * name per row kept every parsed text alive with it (60 MB for a 100,000-server answer).
 */
export interface ServerColumns {
  readonly count: number;
  /** Each row's name (serverName) or domain, for a sort by it (worked out each time: the ranking is what is kept). */
  texts(column: 'name' | 'domain'): string[];
  /** Each row's state as a code that sorts as the states' names do (stateCodeOf). */
  readonly states: Uint8Array;
  readonly limits: Float64Array;
  readonly trafficIn: Float64Array;
  readonly trafficOut: Float64Array;
  /** One whole row, as the answer had it. */
  row(index: number): MediaServerEntry;
  /** Each row's search text (searchText), worked out when first asked: most dashboards are never filtered. */
  searchTexts(): readonly string[];
}

/** States as codes in the order their names sort (as the table always sorted them). */
const stateCode = { disabled: 0, offline: 1, online: 2 } as const satisfies Record<ServerState, number>;

export function stateCodeOf(state: ServerState): number {
  return stateCode[state];
}

/** The columns of `count` rows, filled a row at a time as the rows are checked. */
export interface ColumnsBuilder {
  add(index: number, server: MediaServerEntry): void;
  done(reading: Pick<ServerColumns, 'row' | 'texts' | 'searchTexts'>): ServerColumns;
}

export function columnsBuilder(count: number): ColumnsBuilder {
  const states = new Uint8Array(count);
  const limits = new Float64Array(count);
  const trafficIn = new Float64Array(count);
  const trafficOut = new Float64Array(count);
  return {
    add(index, server) {
      states[index] = stateCode[serverState(server)];
      limits[index] = server.streams_limit;
      trafficIn[index] = server.traffic_in;
      trafficOut[index] = server.traffic_out;
    },
    done({ row, texts, searchTexts }) {
      let search: readonly string[] | null = null;
      return { count, states, limits, trafficIn, trafficOut, row, texts, searchTexts: () => (search ??= searchTexts()) };
    },
  };
}

/** Columns over rows already parsed (an answer read the general way, tests). */
export function columnsOf(servers: readonly MediaServerEntry[]): ServerColumns {
  const builder = columnsBuilder(servers.length);
  servers.forEach((server, index) => builder.add(index, server));
  return builder.done({
    row: (index) => servers[index]!,
    texts: (column) => servers.map((server) => (column === 'name' ? serverName(server) : server.domain)),
    searchTexts: () => servers.map(searchText),
  });
}
