import { busiestServers, searchText, serverName } from '../../preload/contract/dashboard-servers';
import { dashboardSchema, mediaServerEntrySchema, type Dashboard, type MediaServerEntry } from '../../preload/contract/wire/platform';
import { MAX_JSON_DEPTH } from '../platform/answer-limits';
import { compiledOnFirstUse } from '../platform/compiled-on-first-use';
import { findServerSpans, type ServerSpans } from './answer-scan';
import { columnsBuilder, type ServerColumns } from './server-columns';

/**
 * A dashboard answer checked and kept as its bytes: the figures are parsed without the media servers, the servers a
 * batch at a time (each batch checked, its columns taken, then let go), and a window's rows are parsed from their
 * own bytes when asked. A 100,000-server answer (60 MB) thus never has its whole text and 100,000 row objects alive
 * at once (together about 200 MB of heap); what stays is the bytes (also the offline copy, written as they came) and
 * the columns (about 10 MB). An answer this cannot read plainly returns null, for the general way (answer-views.ts).
 */
export interface StoredAnswer {
  /** The figures, with the ten busiest servers as the list. */
  dashboard: Dashboard;
  columns: ServerColumns;
}

/** The schemas compiled (zod's `compile`) on the first answer, in the thread that checks answers. */
export const dashboardCheck = compiledOnFirstUse(dashboardSchema);
export const serverCheck = compiledOnFirstUse(mediaServerEntrySchema);

/** Servers parsed at once: enough that a parse call costs little per row, few enough to be young garbage (~600 kB). */
const BATCH = 100;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Whether `bytes[from, to)` is white space, with exactly one comma when `comma`: what may lie between two elements. */
function separator(bytes: Buffer, from: number, to: number, comma: boolean): boolean {
  let commas = 0;
  for (let at = from; at < to; at++) {
    const c = bytes[at]!;
    if (c === 0x2c) commas++;
    else if (!isSpace(c)) return false;
  }
  return commas === (comma ? 1 : 0);
}

/** The servers `first` to `last` (inclusive), parsed as one list; null when they are not JSON or not that many. */
function parseBatch(bytes: Buffer, spans: ServerSpans, first: number, last: number): unknown[] | null {
  try {
    const batch: unknown = JSON.parse(`[${bytes.toString('utf8', spans.starts[first], spans.ends[last])}]`);
    return Array.isArray(batch) && batch.length === last - first + 1 ? batch : null;
  } catch {
    return null;
  }
}

/** The figures without the servers: the answer's bytes before and after the list, with the list left empty. */
function parseFigures(bytes: Buffer, spans: ServerSpans): unknown {
  try {
    return JSON.parse(bytes.toString('utf8', 0, spans.open + 1) + bytes.toString('utf8', spans.close));
  } catch {
    return undefined;
  }
}

/** Each batch in turn, with the gap before it checked (a comma between elements, nothing else but space). */
function* batches(bytes: Buffer, spans: ServerSpans): Generator<{ first: number; rows: unknown[] } | null> {
  const count = spans.starts.length;
  for (let first = 0; first < count; first += BATCH) {
    const last = Math.min(first + BATCH, count) - 1;
    const gapOk = first === 0 ? separator(bytes, spans.open + 1, spans.starts[0]!, false) : separator(bytes, spans.ends[first - 1]!, spans.starts[first]!, true);
    const rows = gapOk ? parseBatch(bytes, spans, first, last) : null;
    yield rows && { first, rows };
    if (!rows) return;
  }
}

/** Reads and checks an answer from its bytes; null when it must be read the general way (or is not a valid answer). */
export function storeAnswer(bytes: Buffer): StoredAnswer | null {
  const spans = findServerSpans(bytes, MAX_JSON_DEPTH);
  if (!spans) return null;
  const count = spans.starts.length;
  const after = count === 0 ? spans.open + 1 : spans.ends[count - 1]!;
  if (!separator(bytes, after, spans.close, false)) return null;
  const figures = parseFigures(bytes, spans);
  // Checked, not copied (nothing in the schemas transforms): what passes is the answer as it is.
  if (!dashboardCheck().validate(figures)) return null;
  const builder = columnsBuilder(count);
  /** The busiest servers so far, and where each is in the list. */
  let busiest = new Map<MediaServerEntry, number>();
  for (const batch of batches(bytes, spans)) {
    if (!batch) return null;
    const rows = batch.rows as MediaServerEntry[];
    for (let at = 0; at < rows.length; at++) {
      if (!serverCheck().validate(rows[at])) return null;
      builder.add(batch.first + at, rows[at]!);
    }
    // The busiest so far and this batch's: the same ten as over the whole list (equal ones keep the answer's order).
    const top = busiestServers([...busiest.keys(), ...rows]);
    busiest = new Map(top.map((server) => [server, busiest.get(server) ?? batch.first + rows.indexOf(server)]));
  }
  // Every row read from its own bytes, so that nothing kept holds on to a batch's text (see server-columns.ts).
  const row = (index: number) => JSON.parse(bytes.toString('utf8', spans.starts[index], spans.ends[index])) as MediaServerEntry;
  /** What each row gives, read a batch at a time again (for a sort by text or the first filter). */
  const each = <T>(of: (server: MediaServerEntry) => T): T[] => {
    const values: T[] = [];
    for (const batch of batches(bytes, spans)) for (const server of batch!.rows as MediaServerEntry[]) values.push(of(server));
    return values;
  };
  const dashboard = figures as Dashboard;
  return {
    dashboard: { ...dashboard, mediaservers: { ...dashboard.mediaservers, top_by_bitrate: [...busiest.values()].map(row) } },
    columns: builder.done({
      row,
      texts: (column) => each((server) => (column === 'name' ? serverName(server) : server.domain)),
      searchTexts: () => each(searchText),
    }),
  };
}
