import Papa from 'papaparse';
import type { CameraCreateRequest } from '../wire/platform';
import { STREAM_TYPES, toRequest } from './camera-draft';
import { CSV_COLUMNS, columnOf, columnOfPath, draftOfRecord, REQUIRED_COLUMNS, TEMPLATE_ROWS, type CsvColumn } from './csv-columns';
import { normalizeMac } from './mac';
import { addProblem, type Problem, type Problems } from './problem';

/**
 * Bulk import: a CSV parsed with papaparse, every row turned into a create request and checked before anything is
 * sent. Problems are kept per cell (column name, or `row` for the row as a whole). Bad files get one sentence
 * instead of a hang: binary content, no known columns (often another delimiter), too many rows.
 */
export const MAX_IMPORT_ROWS = 10_000;
/** The largest file read at all, in characters (10,000 full rows fit in well under this). */
export const MAX_IMPORT_CHARS = 20_000_000;

export interface ImportRow {
  /** 1-based data row number (the header is row 0). */
  row: number;
  /** The cells as read, for the table and for fixing. */
  cells: Partial<Record<CsvColumn, string>>;
  request: CameraCreateRequest;
  /** Column (or `row`) -> problems. Empty when the row can be sent. */
  problems: Problems;
}

export interface ImportParse {
  rows: ImportRow[];
  /** Recognised columns, in file order. */
  columns: CsvColumn[];
  /** Header cells that name no field (ignored, shown to the installer). */
  ignoredColumns: string[];
  /** A problem with the whole file: nothing in it can be imported until it is fixed. */
  fileProblem: Problem | null;
}

const empty = (fileProblem: Problem): ImportParse => ({ rows: [], columns: [], ignoredColumns: [], fileProblem });

/** Text that is not a CSV at all: NUL bytes or many control characters near the start. */
function looksBinary(text: string): boolean {
  const head = text.slice(0, 4096);
  if (head.includes('\u0000')) return true;
  let control = 0;
  for (let i = 0; i < head.length; i++) {
    const code = head.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 0xfffd) control++;
  }
  return head.length > 0 && control / head.length > 0.02;
}

/** A record with nothing in it (an empty line, or only delimiters and spaces): not a row. */
function isBlank(record: string[]): boolean {
  for (const cell of record) if (cell.trim() !== '') return false;
  return true;
}

const LINE_ENDINGS = ['\r\n', '\n', '\r'] as const;
type LineEnding = (typeof LINE_ENDINGS)[number];

/**
 * papaparse's delimiter and line-ending guesses, on the first lines only: it tries each delimiter on the first 10 rows,
 * but splits the whole text for each one first, four passes over a 10,000-row file for an answer the head already
 * gives; and left to guess the line ending of the whole file, it strips every quoted text and splits the text twice
 * more (its own guess reads the first megabyte; the head's lines say the same).
 */
function guessDialect(text: string): { delimiter: string; newline: LineEnding } {
  const HEAD_CHARS = 65_536;
  const lastNewline = text.lastIndexOf('\n', HEAD_CHARS);
  const head = text.length <= HEAD_CHARS ? text : text.slice(0, lastNewline > 0 ? lastNewline : HEAD_CHARS);
  const { meta } = Papa.parse<string[]>(head, { skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t', '|'], preview: 10 });
  // papaparse reads anything but these three as "\n".
  return { delimiter: meta.delimiter, newline: LINE_ENDINGS.find((ending) => ending === meta.linebreak) ?? '\n' };
}

function missingColumns(columns: Set<CsvColumn>): string[] {
  return REQUIRED_COLUMNS.filter((need) => !need.split('|').some((c) => columns.has(c as CsvColumn))).map((need) => need.replace('|', ' / '));
}

/** Parses and checks a whole file. `newExternalId` fills rows that have none (a UUID in the app). */
export function parseImport(input: string, newExternalId: () => string): ImportParse {
  if (input.length > MAX_IMPORT_CHARS) return empty({ key: 'onboarding.import.file.tooLarge' });
  const text = input.replace(/^\uFEFF/, '');
  if (text.trim() === '') return empty({ key: 'onboarding.import.file.empty' });
  if (looksBinary(text)) return empty({ key: 'onboarding.import.file.binary' });

  const { delimiter, newline } = guessDialect(text);
  const parsed = Papa.parse<string[]>(text, {
    delimiter,
    newline,
    // Blank lines (also ",,,") are dropped below, keeping each record's index for papaparse's error rows.
    skipEmptyLines: false,
    // One past the limit: enough to know the file is too long without reading 50,000 rows.
    preview: MAX_IMPORT_ROWS + 2,
  });
  const rowErrors = new Map<number, string>();
  for (const error of parsed.errors) if (error.row !== undefined && error.row !== null) rowErrors.set(error.row, error.code);
  const header = parsed.data.find((record) => !isBlank(record)) ?? [];
  const records: Array<{ record: string[]; error: string | undefined }> = [];
  for (let index = parsed.data.indexOf(header) + 1; index < parsed.data.length; index++) {
    const record = parsed.data[index]!;
    if (!isBlank(record)) records.push({ record, error: rowErrors.get(index) });
  }
  const headerColumns = header.map((cell) => columnOf(cell));
  const columns = headerColumns.filter((c): c is CsvColumn => c !== null);
  if (columns.length === 0) {
    return empty({ key: 'onboarding.import.file.noColumns', values: { delimiter: delimiter === '\t' ? 'Tab' : delimiter } });
  }
  const missing = missingColumns(new Set(columns));
  if (missing.length > 0) return empty({ key: 'onboarding.import.file.missingColumns', values: { columns: missing.join(', ') } });
  if (records.length > MAX_IMPORT_ROWS) return empty({ key: 'onboarding.import.file.tooManyRows', values: { max: MAX_IMPORT_ROWS } });
  if (records.length === 0) return empty({ key: 'onboarding.import.file.noRows' });

  const rows: ImportRow[] = new Array(records.length);
  for (let index = 0; index < records.length; index++) {
    const { record, error: code } = records[index]!;
    const cells: Partial<Record<CsvColumn, string>> = {};
    for (let i = 0; i < headerColumns.length; i++) {
      const column = headerColumns[i];
      if (column) cells[column] = record[i] ?? '';
    }
    const { draft, problems } = draftOfRecord(cells, newExternalId);
    const { request, problems: requestProblems } = toRequest(draft);
    for (const path in requestProblems) {
      const column = columnOfPath(path, STREAM_TYPES.filter((kind) => draft.streams[kind].include));
      (problems[column] ??= []).push(...requestProblems[path]!);
    }
    if (record.length !== header.length || code) addProblem(problems, 'row', code === 'MissingQuotes' ? 'onboarding.import.row.quotes' : 'onboarding.import.row.fieldCount', { expected: header.length, got: record.length });
    rows[index] = { row: index + 1, cells, request, problems };
  }
  return { rows, columns, ignoredColumns: header.filter((_, i) => headerColumns[i] === null), fileProblem: null };
}

/** The identifiers of cameras already in the outbox (queued, sending, created…), normalised for comparison. */
export interface KnownKeys {
  macs: Set<string>;
  serials: Set<string>;
  externalIds: Set<string>;
}

export function keysOf(requests: CameraCreateRequest[]): KnownKeys {
  const keys: KnownKeys = { macs: new Set(), serials: new Set(), externalIds: new Set() };
  for (const request of requests) addKeys(keys, request);
  return keys;
}

function addKeys(keys: KnownKeys, request: CameraCreateRequest): void {
  const mac = request.mac ? normalizeMac(request.mac) : null;
  if (mac) keys.macs.add(mac);
  if (request.serial_number) keys.serials.add(request.serial_number.trim().toLowerCase());
  if (request.external_id) keys.externalIds.add(request.external_id.trim());
}

/**
 * Flags rows that repeat a MAC, serial number or external id of an earlier row or of a camera already in the outbox.
 * The first occurrence in the file stays clean; the later ones say which row they repeat.
 */
export function flagDuplicates(rows: ImportRow[], known: KnownKeys): void {
  const firstRow = { mac: new Map<string, number>(), serial: new Map<string, number>(), external: new Map<string, number>() };
  for (const row of rows) {
    const { request } = row;
    // The request's MAC is already in the colon form (`toRequest` wrote it): no second normalisation.
    if (request.mac) flagRepeat(row, 'mac', request.mac, firstRow.mac, known.macs);
    if (request.serial_number) flagRepeat(row, 'serial_number', request.serial_number.toLowerCase(), firstRow.serial, known.serials);
    if (request.external_id) flagRepeat(row, 'external_id', request.external_id, firstRow.external, known.externalIds);
  }
}

function flagRepeat(row: ImportRow, column: CsvColumn, value: string, seen: Map<string, number>, outbox: Set<string>): void {
  const earlier = seen.get(value);
  if (earlier !== undefined) addProblem(row.problems, column, 'onboarding.import.row.duplicateInFile', { row: earlier });
  else seen.set(value, row.row);
  if (outbox.has(value)) addProblem(row.problems, column, 'onboarding.import.row.duplicateInOutbox');
}

export const hasProblems = (row: ImportRow) => Object.keys(row.problems).length > 0;

/** The downloadable template: every column, two example rows. */
export function templateCsv(): string {
  return Papa.unparse({ fields: [...CSV_COLUMNS], data: TEMPLATE_ROWS.map((row) => CSV_COLUMNS.map((column) => row[column] ?? '')) });
}

export { CSV_COLUMNS };
