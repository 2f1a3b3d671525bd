import { describe, expect, it } from 'vitest';
import { fitColumns, type FittedColumn } from '../../../renderer/lib/ui/fit-columns';

type Row = { id: string };
const all: FittedColumn<Row>[] = [
  { id: 'id', label: 'Number', rem: 6 },
  { id: 'name', label: 'Name' },
  { id: 'version', label: 'Version', rem: 6.5, dropBelowRem: 70 },
  { id: 'streams', label: 'Streams', rem: 8, dropBelowRem: 52 },
];

describe('fitColumns', () => {
  it('keeps every column in a wide panel (or before it is measured) and gives fixed ones their width', () => {
    for (const width of [0, 80]) {
      const { columns, minRem } = fitColumns(all, width, 16);
      expect(columns.map((c) => [c.id, c.width])).toEqual([['id', '6rem'], ['name', undefined], ['version', '6.5rem'], ['streams', '8rem']]);
      expect(minRem).toBe(36.5);
    }
  });

  it('drops the least needed columns first as the panel narrows, and the minimum width follows', () => {
    expect(fitColumns(all, 60, 16).columns.map((c) => c.id)).toEqual(['id', 'name', 'streams']);
    const narrow = fitColumns(all, 46, 16);
    expect(narrow.columns.map((c) => c.id)).toEqual(['id', 'name']);
    expect(narrow.minRem).toBe(22);
  });
});
