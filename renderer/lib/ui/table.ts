import type { Snippet } from 'svelte';

/** One column of a kit Table. `value` is what sorting compares (and what is shown when there is no `cell`). */
export interface Column<T> {
  id: string;
  label: string;
  value?: (row: T) => string | number | null;
  cell?: Snippet<[T]>;
  sortable?: boolean;
  align?: 'start' | 'end';
  /** CSS width, e.g. '8rem' or '20%'. */
  width?: string;
}

export type SortDirection = 'ascending' | 'descending';
/** The column sorted by and the direction (the words ARIA uses, so aria-sort takes them as they are); null: as given. */
export type SortState = { column: string; direction: SortDirection } | null;

type CellValue = string | number | null;

/**
 * Made on the first text sort, not when the page loads: a browser's first collator loads the collation rules, tens of
 * milliseconds before the first screen could be painted.
 */
let collator: Intl.Collator | null = null;

function compareValues(a: CellValue, b: CellValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return collator.compare(String(a), String(b));
}

const isEmpty = (value: CellValue) => value === null || value === '' || (typeof value === 'number' && Number.isNaN(value));

/**
 * One column's order over some rows, worked out once: the rows with a value in ascending order, split into runs of
 * equal values, and the rows without one. Either direction is then read off it in one pass, so flipping the
 * direction of a 10,000-row table compares nothing again (text comparison through the collator is the slow part).
 */
export interface ColumnRanking<T> {
  rows: readonly T[];
  /** Indices of the rows with a value, ascending; equal values keep the rows' order. */
  ascending: number[];
  /** Where each run of equal values starts in `ascending`. */
  runStarts: number[];
  /** Indices of the rows with no value (null, '', NaN), in the rows' order: last in both directions. */
  empty: number[];
}

export function rankRows<T>(rows: readonly T[], column: Column<T>): ColumnRanking<T> {
  const read = column.value;
  const values: CellValue[] = read ? rows.map((row) => read(row)) : rows.map(() => null);
  const ascending: number[] = [];
  const empty: number[] = [];
  values.forEach((value, index) => (isEmpty(value) ? empty : ascending).push(index));
  ascending.sort((a, b) => compareValues(values[a]!, values[b]!) || a - b);
  const runStarts: number[] = [];
  ascending.forEach((index, at) => {
    if (at === 0 || compareValues(values[ascending[at - 1]!]!, values[index]!) !== 0) runStarts.push(at);
  });
  return { rows, ascending, runStarts, empty };
}

/** The rows in one direction of a ranking, as a new array: descending reverses the runs, not the rows inside a run. */
export function orderRows<T>(ranking: ColumnRanking<T>, direction: SortDirection): T[] {
  const { rows, ascending, runStarts, empty } = ranking;
  const out: T[] = new Array(rows.length);
  let next = 0;
  if (direction === 'ascending') {
    for (const index of ascending) out[next++] = rows[index]!;
  } else {
    for (let run = runStarts.length - 1; run >= 0; run -= 1) {
      const end = run + 1 < runStarts.length ? runStarts[run + 1]! : ascending.length;
      for (let at = runStarts[run]!; at < end; at += 1) out[next++] = rows[ascending[at]!]!;
    }
  }
  for (const index of empty) out[next++] = rows[index]!;
  return out;
}

/** The column a sort state names, when it can be sorted by (it has a value). */
export function sortColumnOf<T>(columns: readonly Column<T>[], sort: SortState): Column<T> | undefined {
  const column = sort ? columns.find((candidate) => candidate.id === sort.column) : undefined;
  return column?.value ? column : undefined;
}

/**
 * The rows in the order `sort` asks for, as a new array (the input is not touched). Stable: equal values keep their
 * order. Empty values (null, '', NaN) go last in both directions, so a sorted column never starts with blanks.
 */
export function sortRows<T>(rows: readonly T[], columns: readonly Column<T>[], sort: SortState): T[] {
  const column = sortColumnOf(columns, sort);
  if (!sort || !column) return [...rows];
  return orderRows(rankRows(rows, column), sort.direction);
}

/** The next sort after a click on a column's header: ascending, then descending, then back to the given order. */
export function nextSort(current: SortState, column: string): SortState {
  if (current?.column !== column) return { column, direction: 'ascending' };
  return current.direction === 'ascending' ? { column, direction: 'descending' } : null;
}

/** Rows kept in the page above and below the ones in view, so a scroll shows rows already built. */
export const OVERSCAN = 8;

/** A CSS length in px or rem as pixels (rem taken as 16 px: an estimate until the element is measured); null otherwise. */
export function cssPixels(length: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)(px|rem)\s*$/.exec(length);
  if (!match) return null;
  return Number(match[1]) * (match[2] === 'rem' ? 16 : 1);
}

/** Which rows to put in the DOM for a scroll position: the visible ones plus `overscan` above and below. */
export function visibleWindow(scrollTop: number, viewportHeight: number, rowHeight: number, total: number, overscan = OVERSCAN): { start: number; end: number } {
  const first = Math.floor(scrollTop / rowHeight);
  const count = Math.ceil(viewportHeight / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(total, first + count + overscan);
  return { start, end: Math.max(start, end) };
}
