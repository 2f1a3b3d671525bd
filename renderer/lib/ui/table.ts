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

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareValues(a: string | number | null, b: string | number | null): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * The rows in the order `sort` asks for, as a new array (the input is not touched). Stable: equal values keep their
 * order. Empty values (null, '', NaN) go last in both directions, so a sorted column never starts with blanks.
 */
export function sortRows<T>(rows: readonly T[], columns: readonly Column<T>[], sort: SortState): T[] {
  const column = sort ? columns.find((candidate) => candidate.id === sort.column) : undefined;
  if (!sort || !column?.value) return [...rows];
  const read = column.value;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const isEmpty = (value: string | number | null) => value === null || value === '' || (typeof value === 'number' && Number.isNaN(value));
  return rows
    .map((row, index) => ({ row, index, value: read(row) }))
    .sort((a, b) => {
      const emptyA = isEmpty(a.value);
      const emptyB = isEmpty(b.value);
      if (emptyA || emptyB) return emptyA === emptyB ? a.index - b.index : emptyA ? 1 : -1;
      return sign * compareValues(a.value, b.value) || a.index - b.index;
    })
    .map((entry) => entry.row);
}

/** The next sort after a click on a column's header: ascending, then descending, then back to the given order. */
export function nextSort(current: SortState, column: string): SortState {
  if (current?.column !== column) return { column, direction: 'ascending' };
  return current.direction === 'ascending' ? { column, direction: 'descending' } : null;
}

/** Which rows to put in the DOM for a scroll position: the visible ones plus a few above and below. */
export function visibleWindow(scrollTop: number, viewportHeight: number, rowHeight: number, total: number, overscan = 8): { start: number; end: number } {
  const first = Math.floor(scrollTop / rowHeight);
  const count = Math.ceil(viewportHeight / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(total, first + count + overscan);
  return { start, end: Math.max(start, end) };
}
