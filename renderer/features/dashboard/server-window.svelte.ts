import type { Bridge } from '../../../preload/contract';
import type { MediaServerEntry } from '../../../preload/contract/wire/platform';
import {
  SERVER_WINDOW_MAX,
  serverSortColumns,
  type ServerFilter,
  type ServerSort,
  type ServerSortColumn,
  type ServerWindowStart,
} from '../../../preload/contract/dashboard-servers';
import type { SortState } from '../../lib/ui/table';
import { RowWindow } from '../../lib/row-window.svelte';

const isServerColumn = (column: string): column is ServerSortColumn => (serverSortColumns as readonly string[]).includes(column);

/** The kit table's sort as main's window query names it (a column main cannot sort by: the answer's order). */
function serverSort(sort: SortState): ServerSort {
  return sort && isServerColumn(sort.column) ? { column: sort.column, direction: sort.direction } : null;
}

type ServerQuery = { sort: ServerSort; filter: ServerFilter };

/**
 * The media-servers table's rows as main serves them: the window around what the operator looks at, for the current
 * sort and filter. Main sorts and filters 100,000 rows; the page holds at most a window of them.
 */
export class ServerWindowState extends RowWindow<MediaServerEntry, ServerQuery> {
  constructor(api: Bridge, start: ServerWindowStart) {
    super(
      (query, offset, limit) => api.dashboard.servers({ viewKey: start.viewKey, offset, limit, ...query }),
      { sort: null, filter: { text: '', state: 'all' } },
      { max: SERVER_WINDOW_MAX },
      start,
    );
  }

  /** A new sort or filter: the rows around the same place are asked for again (a filter after a pause in typing). */
  query(sort: SortState, filter: ServerFilter): void {
    this.setQuery({ sort: serverSort(sort), filter: { text: filter.text, state: filter.state } }, filter.text !== this.current.filter.text);
  }
}
