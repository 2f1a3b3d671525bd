import { describe, expect, it } from 'vitest';
import { cssPixels, nextSort, orderRows, rankRows, sortRows, visibleWindow, type Column } from '../../../renderer/lib/ui/table';

interface Row {
  id: number;
  name: string;
  size: number | null;
}

const columns: Column<Row>[] = [
  { id: 'name', label: 'Name', value: (row) => row.name, sortable: true },
  { id: 'size', label: 'Size', value: (row) => row.size, sortable: true },
  { id: 'plain', label: 'No value' },
];

const rows: Row[] = [
  { id: 1, name: 'cam-10', size: 5 },
  { id: 2, name: 'cam-9', size: null },
  { id: 3, name: 'Cam-2', size: 5 },
  { id: 4, name: 'cam-1', size: 12 },
];

const ids = (list: Row[]) => list.map((row) => row.id);

describe('sortRows', () => {
  it('keeps the given order when nothing is sorted or the column has no value', () => {
    expect(ids(sortRows(rows, columns, null))).toEqual([1, 2, 3, 4]);
    expect(ids(sortRows(rows, columns, { column: 'plain', direction: 'ascending' }))).toEqual([1, 2, 3, 4]);
    expect(ids(sortRows(rows, columns, { column: 'missing', direction: 'ascending' }))).toEqual([1, 2, 3, 4]);
  });

  it('sorts text the way people read it: numbers inside names by value, case ignored', () => {
    expect(ids(sortRows(rows, columns, { column: 'name', direction: 'ascending' }))).toEqual([4, 3, 2, 1]);
    expect(ids(sortRows(rows, columns, { column: 'name', direction: 'descending' }))).toEqual([1, 2, 3, 4]);
  });

  it('sorts numbers by value, keeps equal rows in their order, and puts empty values last both ways', () => {
    expect(ids(sortRows(rows, columns, { column: 'size', direction: 'ascending' }))).toEqual([1, 3, 4, 2]);
    expect(ids(sortRows(rows, columns, { column: 'size', direction: 'descending' }))).toEqual([4, 1, 3, 2]);
  });

  it('does not touch the input array', () => {
    const copy = [...rows];
    sortRows(rows, columns, { column: 'name', direction: 'descending' });
    expect(rows).toEqual(copy);
  });

  it('sorts 10,000 rows', () => {
    const many = Array.from({ length: 10_000 }, (_, index) => ({ id: index, name: `cam-${(index * 7919) % 10_000}`, size: index % 97 }));
    const sorted = sortRows(many, columns, { column: 'name', direction: 'ascending' });
    expect(sorted).toHaveLength(10_000);
    expect(sorted[0]?.name).toBe('cam-0');
    expect(sorted.at(-1)?.name).toBe('cam-9999');
  });
});

describe('nextSort', () => {
  it('cycles a column through ascending, descending and unsorted; another column starts ascending', () => {
    expect(nextSort(null, 'name')).toEqual({ column: 'name', direction: 'ascending' });
    expect(nextSort({ column: 'name', direction: 'ascending' }, 'name')).toEqual({ column: 'name', direction: 'descending' });
    expect(nextSort({ column: 'name', direction: 'descending' }, 'name')).toBeNull();
    expect(nextSort({ column: 'name', direction: 'descending' }, 'size')).toEqual({ column: 'size', direction: 'ascending' });
  });
});

describe('visibleWindow', () => {
  it('puts only the visible rows and a few around them in the DOM', () => {
    expect(visibleWindow(0, 360, 36, 10_000, 8)).toEqual({ start: 0, end: 19 });
    const middle = visibleWindow(36 * 5000, 360, 36, 10_000, 8);
    expect(middle).toEqual({ start: 4992, end: 5019 });
    expect(middle.end - middle.start).toBeLessThan(40);
    expect(visibleWindow(36 * 9995, 360, 36, 10_000, 8)).toEqual({ start: 9987, end: 10_000 });
    expect(visibleWindow(0, 360, 36, 0)).toEqual({ start: 0, end: 0 });
  });
});

describe('rankRows and orderRows', () => {
  it('give the same order as sorting from scratch, in both directions, with ties and empty values', () => {
    const many = Array.from({ length: 500 }, (_, index) => ({ id: index, name: `cam-${(index * 37) % 50}`, size: index % 11 === 0 ? null : (index * 13) % 17 }));
    for (const column of columns.slice(0, 2)) {
      const ranking = rankRows(many, column);
      for (const direction of ['ascending', 'descending'] as const) {
        const expected = [...many.entries()]
          .sort(([ia, a], [ib, b]) => {
            const va = column.value!(a);
            const vb = column.value!(b);
            if (va === null || vb === null) return va === vb ? ia - ib : va === null ? 1 : -1;
            const order = typeof va === 'number' && typeof vb === 'number' ? va - vb : new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }).compare(String(va), String(vb));
            return (direction === 'ascending' ? order : -order) || ia - ib;
          })
          .map(([, row]) => row.id);
        expect(ids(orderRows(ranking, direction))).toEqual(expected);
      }
    }
  });

  it('compare nothing again when only the direction changes', () => {
    let reads = 0;
    const counted: Column<Row> = { id: 'size', label: 'Size', value: (row) => (reads++, row.size), sortable: true };
    const ranking = rankRows(rows, counted);
    const afterRanking = reads;
    orderRows(ranking, 'descending');
    orderRows(ranking, 'ascending');
    expect(reads).toBe(afterRanking);
    expect(afterRanking).toBe(rows.length);
  });
});

describe('cssPixels', () => {
  it('reads px and rem heights (rem as 16 px) and gives up on anything else', () => {
    expect(cssPixels('28rem')).toBe(448);
    expect(cssPixels('300px')).toBe(300);
    expect(cssPixels('4.5rem')).toBe(72);
    expect(cssPixels('50vh')).toBeNull();
    expect(cssPixels('calc(100% - 2rem)')).toBeNull();
  });

  it('with no overscan, a first render builds only the rows that fit', () => {
    expect(visibleWindow(0, cssPixels('28rem')!, 52, 500, 0)).toEqual({ start: 0, end: 10 });
  });
});
