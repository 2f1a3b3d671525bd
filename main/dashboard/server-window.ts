import type { MediaServerEntry } from '../../preload/contract/wire/platform';
import type { ServerFilter, ServerSort, ServerSortColumn, ServerWindow, ServerWindowQuery } from '../../preload/contract/dashboard-servers';
import { columnsOf, stateCodeOf, type ServerColumns } from './server-columns';

/**
 * One answer's media servers, kept in the answer thread so the page receives windows, not the list. Orders are
 * worked out once per column (either direction is read off it), and the last filtered order is kept, so scrolling
 * through a sorted and filtered table costs a slice, not a sort.
 */
export interface ServerRows {
  readonly total: number;
  window(query: Omit<ServerWindowQuery, 'viewKey'>): ServerWindow;
}

/** Text as it sorts: without case or accents, every digit run padded to 16 places. */
export function sortKey(text: string): string {
  // Plain ASCII (host names, domains) is read once by hand; the Unicode folding and the regular expressions below
  // cost three times as much per name, seconds over 100,000 of them on a busy machine.
  if (/^[\x20-\x7e]*$/.test(text)) return asciiSortKey(text);
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '');
  return folded
    .toLowerCase()
    .replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(16, '0'));
}

const PADDING = '0'.repeat(16);
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

/** `sortKey` of printable ASCII: lower case, each digit run without its leading zeros, padded to 16 places. */
function asciiSortKey(text: string): string {
  let key = '';
  let at = 0;
  while (at < text.length) {
    const start = at;
    if (!isDigit(text.charCodeAt(at))) {
      while (at < text.length && !isDigit(text.charCodeAt(at))) at += 1;
      key += text.slice(start, at).toLowerCase();
      continue;
    }
    while (at < text.length && isDigit(text.charCodeAt(at))) at += 1;
    let first = start;
    while (first < at - 1 && text.charCodeAt(first) === 0x30) first += 1;
    const digits = at - first;
    key += digits < 16 ? PADDING.slice(digits) + text.slice(first, at) : text.slice(first, at);
  }
  return key;
}

/** Ascending row indices for a column (stable: equal values keep the answer's order), and where equal runs start. */
interface Ranking {
  ascending: Int32Array;
  runStarts: number[];
}

function rank(column: ServerSortColumn, columns: ServerColumns): Ranking {
  switch (column) {
    case 'name':
    case 'domain':
      return rankText(columns.texts(column));
    case 'state':
      // Codes in the order the states' names sort.
      return rankNumbers(columns.states);
    case 'limits':
      return rankNumbers(columns.limits);
    case 'trafficIn':
      return rankNumbers(columns.trafficIn);
    case 'trafficOut':
      return rankNumbers(columns.trafficOut);
  }
}

/**
 * Text: a collator compares 100,000 distinct names in seconds; a sort key compared as plain text takes milliseconds
 * (case and accents folded, digit runs padded so that ms-2 comes before ms-10: numbers read by value). The rows are
 * sorted by key directly, ties by their place in the answer (so the order is stable): names are nearly all distinct,
 * and a table of distinct values cost more than it saved.
 */
function rankText(values: readonly string[]): Ranking {
  const keys = values.map(sortKey);
  const ascending = Int32Array.from(keys, (_, index) => index).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b));
  const runStarts: number[] = [];
  ascending.forEach((index, at) => {
    if (at === 0 || keys[ascending[at - 1]!] !== keys[index]) runStarts.push(at);
  });
  return { ascending, runStarts };
}

/**
 * Numbers: every value becomes its place among the distinct values; a counting sort by place then orders 100,000
 * rows in one pass and keeps equal values in the answer's order (a comparison sort over them took over a second).
 */
function rankNumbers(values: ArrayLike<number> & Iterable<number>): Ranking {
  const distinct = Float64Array.from(new Set(values)).sort();
  const placeOf = new Map<number, number>();
  distinct.forEach((value, place) => placeOf.set(value, place));
  const places = Int32Array.from(values, (value) => placeOf.get(value)!);
  const count = distinct.length;
  const starts = new Int32Array(count + 1);
  for (const place of places) starts[place + 1]! += 1;
  for (let place = 0; place < count; place += 1) starts[place + 1]! += starts[place]!;
  const runStarts = Array.from(starts.subarray(0, count));
  const ascending = new Int32Array(places.length);
  const next = starts.slice(0, count);
  places.forEach((place, index) => (ascending[next[place]!++] = index));
  return { ascending, runStarts };
}

/** Descending reverses the runs, not the rows inside one: equal values keep the answer's order both ways. */
function ordered(ranking: Ranking, direction: 'ascending' | 'descending'): Int32Array {
  if (direction === 'ascending') return ranking.ascending;
  const { ascending, runStarts } = ranking;
  const out = new Int32Array(ascending.length);
  let next = 0;
  for (let run = runStarts.length - 1; run >= 0; run -= 1) {
    const end = run + 1 < runStarts.length ? runStarts[run + 1]! : ascending.length;
    for (let at = runStarts[run]!; at < end; at += 1) out[next++] = ascending[at]!;
  }
  return out;
}

const orderKey = (sort: ServerSort, filter: ServerFilter) => JSON.stringify([sort, filter.state, filter.text.toLowerCase().split(/\s+/).filter(Boolean)]);

/** The rows of parsed media servers (an answer read the general way, tests). */
export function createServerRows(servers: readonly MediaServerEntry[]): ServerRows {
  return serverRowsOf(columnsOf(servers));
}

export function serverRowsOf(columns: ServerColumns): ServerRows {
  const rankings = new Map<ServerSortColumn, Ranking>();
  let last: { key: string; indices: Int32Array | null } | null = null;

  function order(sort: ServerSort): Int32Array | null {
    if (!sort) return null;
    let ranking = rankings.get(sort.column);
    if (!ranking) {
      ranking = rank(sort.column, columns);
      rankings.set(sort.column, ranking);
    }
    return ordered(ranking, sort.direction);
  }

  /** Rows in the asked order that pass the filter; null means every row in the answer's order. */
  function matching(sort: ServerSort, filter: ServerFilter): Int32Array | null {
    const key = orderKey(sort, filter);
    if (last?.key === key) return last.indices;
    const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
    const base = order(sort);
    let indices: Int32Array | null = base;
    if (words.length > 0 || filter.state !== 'all') {
      const texts = words.length > 0 ? columns.searchTexts() : null;
      const state = filter.state === 'all' ? -1 : stateCodeOf(filter.state);
      const kept: number[] = [];
      const count = base ? base.length : columns.count;
      for (let at = 0; at < count; at += 1) {
        const index = base ? base[at]! : at;
        if (state !== -1 && columns.states[index] !== state) continue;
        if (texts === null || words.every((word) => texts[index]!.includes(word))) kept.push(index);
      }
      indices = Int32Array.from(kept);
    }
    last = { key, indices };
    return indices;
  }

  return {
    total: columns.count,
    window({ offset, limit, sort, filter }) {
      const indices = matching(sort, filter);
      const matched = indices ? indices.length : columns.count;
      const start = Math.min(offset, matched);
      const end = Math.min(matched, start + limit);
      const rows: MediaServerEntry[] = [];
      for (let at = start; at < end; at += 1) rows.push(columns.row(indices ? indices[at]! : at));
      return { total: columns.count, matched, offset: start, rows };
    },
  };
}
