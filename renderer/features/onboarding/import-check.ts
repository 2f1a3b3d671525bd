import { flagDuplicates, hasProblems, keysOf, parseImport, type ImportParse, type ImportRow } from '../../../preload/contract/camera/csv-import';
import type { Problem } from '../../../preload/contract/camera/problem';
import type { CameraCreateRequest } from '../../../preload/contract/wire/platform';
import { runInWorker } from '../../lib/worker-task';

/** What the page hands the import worker: the file's text and the requests already in the outbox. */
export interface ImportCheckRequest {
  text: string;
  known: CameraCreateRequest[];
}

/**
 * A checked camera list as the page holds it. Only what the screen shows at once crosses from the worker as objects:
 * the counts and the rows with a problem (their name and MAC cells, no request). The rows that can be sent come as
 * UTF-8 JSON in a transferred buffer and are read on the page only when needed (the import starts, or every row is
 * shown): handing 10,000 checked rows over as objects cost the page's thread a long task to copy them in.
 */
export interface CheckedFile {
  fileProblem: Problem | null;
  /** Header cells that name no field. */
  ignoredColumns: string[];
  /** Data rows in the file. */
  total: number;
  /** Rows with a problem, in file order, with only the cells the table shows. */
  problemRows: ImportRow[];
  /** Rows that can be sent. */
  goodCount: number;
  /** Those rows (`ImportRow[]`, name and MAC cells and the request) as UTF-8 JSON; see `goodRowsOf`. */
  goodRows: ArrayBuffer;
}

/** A row with only the cells the table shows (the request of a row with a problem is never sent, so it is left out). */
function shownRow(row: ImportRow, withRequest: boolean): ImportRow {
  const cells = { ...(row.cells.name !== undefined ? { name: row.cells.name } : {}), ...(row.cells.mac !== undefined ? { mac: row.cells.mac } : {}) };
  return { row: row.row, cells, request: withRequest ? row.request : {}, problems: row.problems };
}

/** The parse as the page takes it (see `CheckedFile`); `goodRows` is to be transferred, not copied. */
export function checkedFileOf(parse: ImportParse): CheckedFile {
  const problemRows: ImportRow[] = [];
  const good: ImportRow[] = [];
  for (const row of parse.rows) {
    if (hasProblems(row)) problemRows.push(shownRow(row, false));
    else good.push(shownRow(row, true));
  }
  const bytes = new TextEncoder().encode(JSON.stringify(good));
  return { fileProblem: parse.fileProblem, ignoredColumns: parse.ignoredColumns, total: parse.rows.length, problemRows, goodCount: good.length, goodRows: bytes.buffer };
}

/** The rows that can be sent, read from their JSON. */
export function goodRowsOf(file: CheckedFile): ImportRow[] {
  return file.goodCount === 0 ? [] : (JSON.parse(new TextDecoder().decode(file.goodRows)) as ImportRow[]);
}

/** The parse and every per-row check, as the worker runs them (repeats within the file and against `known` flagged). */
export function checkText({ text, known }: ImportCheckRequest): CheckedFile {
  const result = parseImport(text, () => globalThis.crypto.randomUUID());
  flagDuplicates(result.rows, keysOf(known));
  return checkedFileOf(result);
}

/**
 * Parses and checks a camera list in a Web Worker, so the page stays responsive while 10,000 rows are read. Where no
 * worker can be started (a test environment without one), the same check runs here.
 */
export function checkImport(request: ImportCheckRequest): Promise<CheckedFile> {
  return runInWorker(() => new Worker(new URL('./import-check.worker.ts', import.meta.url), { type: 'module' }), request, { here: checkText });
}
