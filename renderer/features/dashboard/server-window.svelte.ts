import type { Bridge } from '../../../preload/contract';
import type { AppError } from '../../../preload/contract/app-error';
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

/** Rows fetched above and below the ones in view, so a short scroll shows rows already here. */
const MARGIN = 120;
/** A filter being typed is asked for once the typing pauses, not on every key. */
const TYPING_PAUSE_MS = 150;

const isServerColumn = (column: string): column is ServerSortColumn => (serverSortColumns as readonly string[]).includes(column);

/** The kit table's sort as main's window query names it (a column main cannot sort by: the answer's order). */
function serverSort(sort: SortState): ServerSort {
  return sort && isServerColumn(sort.column) ? { column: sort.column, direction: sort.direction } : null;
}

/**
 * The media-servers table's rows as main serves them: the window around what the operator looks at, for the current
 * sort and filter. Main sorts and filters 100,000 rows; the page holds at most a window of them.
 */
export class ServerWindowState {
  #viewKey: string;
  rows = $state.raw<MediaServerEntry[]>([]);
  offset = $state(0);
  matched = $state(0);
  total = $state(0);
  error = $state.raw<AppError | null>(null);
  #sort: ServerSort = null;
  #filter: ServerFilter = { text: '', state: 'all' };
  #range = { start: 0, end: 0 };
  #request = 0;
  /** What the request in flight asks for, so a scroll inside it does not ask again. */
  #asking: { query: string; offset: number; end: number } | null = null;
  #typing: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly api: Bridge,
    start: ServerWindowStart,
  ) {
    this.#viewKey = start.viewKey;
    this.rows = start.rows;
    this.offset = start.offset;
    this.matched = start.matched;
    this.total = start.total;
  }

  get #queryKey(): string {
    return JSON.stringify([this.#sort, this.#filter]);
  }

  /** A new sort or filter: the rows around the same place are asked for again (a filter after a pause in typing). */
  query(sort: SortState, filter: ServerFilter): void {
    const nextSort = serverSort(sort);
    const next = JSON.stringify([nextSort, filter]);
    if (next === this.#queryKey) return;
    const typed = filter.text !== this.#filter.text;
    this.#sort = nextSort;
    this.#filter = { text: filter.text, state: filter.state };
    if (this.#typing !== null) clearTimeout(this.#typing);
    this.#typing = null;
    if (typed) this.#typing = setTimeout(() => void this.#fetch(true), TYPING_PAUSE_MS);
    else void this.#fetch(true);
  }

  /** The rows the table shows now; asks main for them when they are not here (or on their way). */
  show(start: number, end: number): void {
    this.#range = { start, end };
    const last = Math.min(end, this.matched);
    if (start >= this.offset && last <= this.offset + this.rows.length) return;
    const asking = this.#asking;
    if (asking && asking.query === this.#queryKey && start >= asking.offset && last <= asking.end) return;
    void this.#fetch(false);
  }

  async #fetch(newQuery: boolean): Promise<void> {
    const request = ++this.#request;
    const query = this.#queryKey;
    const offset = Math.max(0, this.#range.start - MARGIN);
    const limit = Math.min(SERVER_WINDOW_MAX, this.#range.end - offset + MARGIN);
    this.#asking = { query, offset, end: offset + limit };
    const result = await this.api.dashboard.servers({ viewKey: this.#viewKey, offset, limit, sort: this.#sort, filter: this.#filter });
    if (request !== this.#request) return;
    this.#asking = null;
    if (!result.ok) {
      this.error = result.error;
      return;
    }
    this.error = null;
    this.rows = result.value.rows;
    this.offset = result.value.offset;
    this.matched = result.value.matched;
    this.total = result.value.total;
    // The answer may be for a range the table has scrolled past meanwhile (or a filter that shortened the list).
    if (!newQuery) return;
    const { start, end } = this.#range;
    if (start < this.offset || Math.min(end, this.matched) > this.offset + this.rows.length) void this.#fetch(false);
  }

  dispose(): void {
    if (this.#typing !== null) clearTimeout(this.#typing);
    this.#request += 1;
  }
}
