import type { AlertStateName, AlertStateSortColumn, AlertStatesWindow, AlertStatesWindowQuery, AlertStateView } from '../../preload/contract/agents-alerts';
import { orderedIndices, type SortValue } from '../shared/ordered-indices';

/** Firing first when sorted by state descending: how much the operator should look. */
const severity: Record<AlertStateName, number> = { normal: 0, nodata: 1, pending: 2, firing: 3 };

function valueOf(column: AlertStateSortColumn, view: AlertStateView): SortValue {
  switch (column) {
    case 'state':
      return severity[view.state];
    case 'device':
      return Number(view.deviceId);
    case 'rule':
      return view.ruleId;
    case 'since':
      return view.since > 0 ? view.since : null;
  }
}

function matches(view: AlertStateView, needle: string): boolean {
  return !needle || view.deviceId.includes(needle) || view.ruleId.toLowerCase().includes(needle) || view.state.includes(needle);
}

/**
 * One window of a list's alert states, sorted and filtered in main: a list of 5,000 devices may have thousands of
 * states (every offline device's rules), and the page holds only the rows it shows. `views` are in the service's order
 * (the newest state first), which is also the order without a sort and among equal values.
 */
export function alertStatesWindow(views: readonly AlertStateView[], query: Omit<AlertStatesWindowQuery, 'listId'>): AlertStatesWindow {
  const needle = query.filter.trim().toLowerCase();
  const kept: number[] = [];
  views.forEach((view, index) => {
    if (matches(view, needle)) kept.push(index);
  });
  const sort = query.sort;
  const order = sort ? orderedIndices(kept, (index) => valueOf(sort.column, views[index]!), sort.direction) : kept;
  const start = Math.min(query.offset, order.length);
  const end = Math.min(order.length, start + query.limit);
  return { total: views.length, matched: order.length, offset: start, rows: order.slice(start, end).map((index) => views[index]!) };
}
