import Papa from 'papaparse';
import { MAX_BATCH_ROWS, streamUid } from './tokens';
import { fieldMessage } from './messages/field-message';
import type { MessageKey, MessageValues } from './messages';

export interface BatchInput {
  streams: string[];
  /** What parsing did, as catalog keys (`fieldMessage`): main and the renderer say them with `messageInWords`. */
  notes: string[];
}

/**
 * A pasted list the desk cannot use. Pure (no main-side error type) so the renderer can check a list as it is typed
 * and main can check it again; main turns it into a Validation failure on the `text` field. Its message is a catalog
 * key (`fieldMessage`), said in the operator's language with `messageInWords`.
 */
export class BatchInputError extends Error {
  override readonly name = 'BatchInputError';
}

function fail(key: MessageKey, values?: MessageValues): never {
  throw new BatchInputError(fieldMessage(key, values));
}

/** A CSV export from elsewhere has a header row naming its columns; a plain list never has a delimiter. */
function looksLikeCsv(firstLine: string): boolean {
  return /[,;\t]/.test(firstLine);
}

/** A line the list skips: blank, or a `#` comment. */
const skipped = (line: string): boolean => line.trim() === '' || line.trim().startsWith('#');

function fromCsv(text: string): { values: Array<{ line: number; uid: string }>; notes: string[] } {
  // Comment lines above the header (a note on where the export came from) are not the header; row numbers still
  // count them, as the operator's editor does. Papa's own comment option would also drop data rows whose first cell
  // starts with '#'.
  const lines = text.split(/\r?\n/);
  const lead = lines.findIndex((line) => !skipped(line));
  const parsed = Papa.parse<Record<string, string>>(lead > 0 ? lines.slice(lead).join('\n') : text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const fields = parsed.meta.fields ?? [];
  if (!fields.includes('stream')) {
    fail('validation.tokens.batchNoStreamColumn', { columns: fields.slice(0, 6).join(', ') || '—' });
  }
  const values = parsed.data.map((row, i) => ({ line: i + 2 + Math.max(lead, 0), uid: (row['stream'] ?? '').trim() })).filter((row) => row.uid !== '');
  return { values, notes: [fieldMessage('validation.tokens.batchCsvRead', { count: fields.length })] };
}

function fromLines(text: string): Array<{ line: number; uid: string }> {
  const rows = text
    .split(/\r?\n/)
    .map((raw, i) => ({ line: i + 1, uid: raw.trim() }))
    .filter((row) => row.uid !== '' && !row.uid.startsWith('#'));
  // A one-column CSV has no delimiter: its header is the lone word "stream".
  return rows[0]?.uid.toLowerCase() === 'stream' ? rows.slice(1) : rows;
}

/** How many rows are checked between two progress reports. */
const PROGRESS_EVERY = 1_000;

/** One row of a pasted list as checked: its line, its uid, and what is wrong with it or which line it repeats. */
export interface BatchRowCheck {
  line: number;
  uid: string;
  /** The uid rule it breaks, as a catalog key (`fieldMessage`); null when the uid is usable. */
  problem: string | null;
  /** The line of the first row with the same uid (this one is not issued again); null for a first occurrence. */
  repeats: number | null;
}

/** A pasted list checked row by row, and what the desk makes of it: the streams to issue, or why it cannot be used. */
export interface CheckedBatch {
  rows: BatchRowCheck[];
  /** Null when the list cannot be used (then `problem` says why). */
  input: BatchInput | null;
  /** Why the list cannot be used, as a catalog key (`fieldMessage`); null when it can. */
  problem: string | null;
}

function rowsOf(text: string): { values: Array<{ line: number; uid: string }>; notes: string[] } {
  const lines = text.split(/\r?\n/);
  if (lines.every((line) => line.trim() === '')) fail('validation.tokens.batchEmpty');
  // Whether it is a CSV is told by its first line that is not a comment: "# site A, north gate" has a comma too.
  return looksLikeCsv(lines.find((line) => !skipped(line)) ?? '') ? fromCsv(text) : { values: fromLines(text), notes: [] };
}

/**
 * Every row of a pasted list with its verdict, and the list's outcome as `parseBatchInput` reads it (the screen shows
 * the rows; main needs only the outcome). `onProgress` is told every 1,000 rows checked (the screen checks long
 * lists off its thread and shows how far it is).
 */
export function checkBatchRows(text: string, onProgress?: (checked: number, total: number) => void): CheckedBatch {
  let read: ReturnType<typeof rowsOf>;
  try {
    read = rowsOf(text);
  } catch (error) {
    if (error instanceof BatchInputError) return { rows: [], input: null, problem: error.message };
    throw error;
  }
  const { values, notes } = read;
  const firstLineOf = new Map<string, number>();
  const rows: BatchRowCheck[] = [];
  const bad: BatchRowCheck[] = [];
  const streams: string[] = [];
  for (const [i, { line, uid }] of values.entries()) {
    // The contract's own uid rule: a list the desk accepts never holds a uid the single form would refuse.
    const checked = streamUid.safeParse(uid);
    const problem = checked.success ? null : (checked.error.issues[0]?.message ?? fieldMessage('validation.tokens.streamRequired'));
    const repeats = firstLineOf.get(uid) ?? null;
    const row = { line, uid, problem, repeats };
    rows.push(row);
    if (problem !== null) bad.push(row);
    else if (repeats === null) {
      firstLineOf.set(uid, line);
      streams.push(uid);
    }
    if (onProgress && (i + 1) % PROGRESS_EVERY === 0) onProgress(i + 1, values.length);
  }
  const refused = (key: MessageKey, values?: MessageValues): CheckedBatch => ({ rows, input: null, problem: fieldMessage(key, values) });
  if (bad.length > 0) {
    const list = bad.slice(0, 3).map((row) => `${row.line} (“${row.uid.slice(0, 40)}”)`).join(', ');
    return refused('validation.tokens.batchBadLines', { count: bad.length, list });
  }
  if (streams.length === 0) return refused('validation.tokens.batchNoStreams');
  if (streams.length > MAX_BATCH_ROWS) return refused('validation.tokens.batchTooMany', { total: streams.length, max: MAX_BATCH_ROWS });
  const duplicates = values.length - streams.length;
  if (duplicates > 0) notes.push(fieldMessage('validation.tokens.batchDuplicates', { count: duplicates }));
  return { rows, input: { streams, notes }, problem: null };
}

/**
 * The streams of a pasted batch: one uid per line (blank lines and `#` comments skipped), or a CSV with a
 * `stream` column. Duplicates are issued once: issuing two tokens for one stream in one batch is never what the
 * desk wants, and it would make "one token per stream" impossible to check afterwards.
 */
export function parseBatchInput(text: string): BatchInput {
  const { input, problem } = checkBatchRows(text);
  if (input === null) throw new BatchInputError(problem ?? fieldMessage('validation.tokens.batchEmpty'));
  return input;
}
