/** A value a window's rows sort by: numbers by size, text by the collator, null (and '' and NaN) last. */
export type SortValue = string | number | null;

const isEmpty = (value: SortValue) => value === null || value === '' || (typeof value === 'number' && Number.isNaN(value));

/** Made on the first text sort; numeric, so "cam-2" comes before "cam-10", and case and accents do not count. */
let collator: Intl.Collator | null = null;

function compare(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return collator.compare(String(a), String(b));
}

/**
 * Row indices in the asked order, for the windows main serves (watch rows, alert states): stable (equal values keep
 * the list's order in both directions, as the page's table sorted), rows without a value last in both directions.
 */
export function orderedIndices(indices: readonly number[], valueAt: (index: number) => SortValue, direction: 'ascending' | 'descending'): number[] {
  const values = new Map<number, SortValue>();
  const withValue: number[] = [];
  const empty: number[] = [];
  for (const index of indices) {
    const value = valueAt(index);
    values.set(index, value);
    (isEmpty(value) ? empty : withValue).push(index);
  }
  const sign = direction === 'ascending' ? 1 : -1;
  withValue.sort((a, b) => sign * compare(values.get(a)!, values.get(b)!) || a - b);
  return [...withValue, ...empty];
}
