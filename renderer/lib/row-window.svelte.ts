import type { AppError, Result } from '../../preload/contract/app-error';

/** One window of rows kept in main: `rows` are the matching rows from `offset` on, in the asked order. */
export interface WindowAnswer<Row> {
  total: number;
  matched: number;
  offset: number;
  rows: Row[];
}

/** Asks main for `limit` rows from `offset` on, for the query (its sort and filter). */
export type WindowFetch<Row, Query, Answer extends WindowAnswer<Row>> = (query: Query, offset: number, limit: number) => Promise<Result<Answer>>;

export interface RowWindowOptions {
  /** The most rows one call may ask for (the channel's limit). */
  max: number;
  /** Rows fetched above and below the ones in view, so a short scroll shows rows already here. */
  margin?: number;
  /** A filter being typed is asked for once the typing pauses, not on every key. */
  typingPauseMs?: number;
}

/**
 * The rows of a table whose rows live in main (the kit Table's `windowed` mode): the window around what the operator
 * looks at, for the current query. Main sorts and filters thousands of rows; the page holds at most a window of them.
 */
export class RowWindow<Row, Query, Answer extends WindowAnswer<Row> = WindowAnswer<Row>> {
  rows = $state.raw<Row[]>([]);
  offset = $state(0);
  matched = $state(0);
  total = $state(0);
  error = $state.raw<AppError | null>(null);
  /** The last answer as main gave it (for fields a feature adds to its windows). */
  answer = $state.raw<Answer | null>(null);
  #query: Query;
  #range = { start: 0, end: 0 };
  #request = 0;
  /** What the request in flight asks for, so a scroll inside it does not ask again. */
  #asking: { query: string; offset: number; end: number } | null = null;
  #typing: ReturnType<typeof setTimeout> | null = null;
  /**
   * Changes told while a read was on its way: main may have read the window before them, so they are applied again
   * to its answer (applying one the answer already holds changes nothing).
   */
  #toldDuringRead: Array<{ changed: readonly Row[]; keyOf: (row: Row) => string }> = [];
  /** Whether any window was answered: before that, no rows does not mean none match. */
  #known = false;
  readonly #max: number;
  readonly #margin: number;
  readonly #typingPauseMs: number;

  constructor(
    private readonly fetchWindow: WindowFetch<Row, Query, Answer>,
    query: Query,
    options: RowWindowOptions,
    start?: WindowAnswer<Row>,
  ) {
    this.#query = query;
    this.#max = options.max;
    this.#margin = options.margin ?? 120;
    this.#typingPauseMs = options.typingPauseMs ?? 150;
    if (start) this.#take(start);
  }

  get #queryKey(): string {
    return JSON.stringify(this.#query);
  }

  /** The sort and filter the rows are for. */
  get current(): Query {
    return this.#query;
  }

  /** A new sort or filter: the rows around the same place are asked for again (after a pause when it was typed). */
  setQuery(query: Query, typed = false): void {
    if (JSON.stringify(query) === this.#queryKey) return;
    this.#query = query;
    if (this.#typing !== null) clearTimeout(this.#typing);
    this.#typing = null;
    if (typed) this.#typing = setTimeout(() => void this.#fetch(true), this.#typingPauseMs);
    else void this.#fetch(true);
  }

  /** The rows the table shows now; asks main for them when they are not here (or on their way). */
  show(start: number, end: number): void {
    this.#range = { start, end };
    const last = Math.min(end, this.matched);
    if (this.#known && start >= this.offset && last <= this.offset + this.rows.length) return;
    const asking = this.#asking;
    if (asking && asking.query === this.#queryKey && start >= asking.offset && last <= asking.end) return;
    void this.#fetch(false);
  }

  /** Reads the window in view again (the rows changed in main more than the page was told). */
  refresh(): Promise<void> {
    return this.#fetch(true);
  }

  /** Rows changed in main, given one by one: those in the window are replaced where they are (found by `keyOf`). */
  patch(changed: readonly Row[], keyOf: (row: Row) => string): boolean {
    if (this.#asking !== null) this.#toldDuringRead.push({ changed, keyOf });
    return this.#replace(changed, keyOf);
  }

  #replace(changed: readonly Row[], keyOf: (row: Row) => string): boolean {
    const byKey = new Map(changed.map((row) => [keyOf(row), row]));
    let touched = false;
    const next = this.rows.map((row) => {
      const update = byKey.get(keyOf(row));
      if (!update) return row;
      touched = true;
      return update;
    });
    if (touched) this.rows = next;
    return touched;
  }

  #take(answer: WindowAnswer<Row>): void {
    this.#known = true;
    this.rows = answer.rows;
    this.offset = answer.offset;
    this.matched = answer.matched;
    this.total = answer.total;
  }

  async #fetch(newQuery: boolean): Promise<void> {
    const request = ++this.#request;
    const query = this.#queryKey;
    const offset = Math.max(0, this.#range.start - this.#margin);
    const limit = Math.min(this.#max, this.#range.end - offset + this.#margin);
    this.#asking = { query, offset, end: offset + limit };
    const result = await this.fetchWindow(this.#query, offset, limit);
    if (request !== this.#request) return;
    this.#asking = null;
    const told = this.#toldDuringRead.splice(0);
    if (!result.ok) {
      this.error = result.error;
      return;
    }
    this.error = null;
    this.answer = result.value;
    this.#take(result.value);
    for (const { changed, keyOf } of told) this.#replace(changed, keyOf);
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
