import type { Column } from './table';

/** A kit Table column with a fixed width in rem (none: it takes the rest), dropped when the panel is narrower. */
export type FittedColumn<T> = Omit<Column<T>, 'width'> & { rem?: number; dropBelowRem?: number };

/**
 * The columns that fit a panel `panelRem` wide (0: not measured yet, keep them all), with their widths, and the
 * table's minimum width: the fixed columns plus `flexMinRem` for the column(s) without a fixed width, so that the key
 * column keeps a readable width and the table scrolls sideways rather than squeezing it to nothing.
 */
export function fitColumns<T>(all: FittedColumn<T>[], panelRem: number, flexMinRem: number): { columns: Column<T>[]; minRem: number } {
  const shown = all.filter((c) => c.dropBelowRem === undefined || panelRem === 0 || panelRem >= c.dropBelowRem);
  return {
    columns: shown.map(({ rem, dropBelowRem: _drop, ...column }) => (rem === undefined ? column : { ...column, width: `${rem}rem` })),
    minRem: shown.reduce((sum, c) => sum + (c.rem ?? 0), flexMinRem),
  };
}

/** An element's width in rem (the root font size), for `fitColumns`. */
export function widthInRem(px: number): number {
  if (px === 0) return 0;
  return px / (parseFloat(getComputedStyle(document.documentElement).fontSize) || 16);
}
