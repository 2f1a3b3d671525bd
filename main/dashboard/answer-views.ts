import { dashboardSchema, type Dashboard } from '../../preload/contract/wire/platform';
import type { ServerWindow, ServerWindowQuery } from '../../preload/contract/dashboard-servers';
import { MAX_JSON_DEPTH } from '../platform/answer-limits';
import { nestsDeeperThan } from '../platform/json-depth';
import type { AnswerProblem } from '../platform/transport-spec';
import { firstIssues, MAX_ANSWER_ISSUES } from './answer-issues';
import { dashboardCheck, storeAnswer } from './answer-store';
import { figuresForPage } from './page-figures';
import { createServerRows, serverRowsOf, type ServerRows } from './server-window';

/**
 * The dashboard answers the answer thread holds: each one checked there, its media servers kept for the table's
 * windows. An answer is read from its bytes a part at a time and kept as those bytes with a few columns
 * (answer-store.ts); one that cannot be read so (or is refused) is read the general way, its whole text parsed and
 * checked at once, which also says what is wrong with it. Plain logic, no thread: the thread's entry
 * (answer-worker.ts) passes messages to it.
 */

/** Rows of the table sent with each dashboard answer: a screenful and a margin; the table asks for the rest. */
export const FIRST_SERVER_WINDOW = 60;

/** What main needs of a checked answer: the figures with the ten busiest servers, and the table's first window. */
export interface AnswerSummary {
  dashboard: Dashboard;
  first: ServerWindow;
}

export type Opened = { ok: true; summary: AnswerSummary } | { ok: false; problem: AnswerProblem };

export type WindowQuery = Omit<ServerWindowQuery, 'viewKey'>;

/** A checked answer as it is saved for offline use: its bytes as they came, or its text when it was read as text. */
export type AnswerCopy = Uint8Array | string;

interface View {
  rows: ServerRows;
  /** The answer until it has been saved for offline use (null once saved or when it came from the save). */
  copy: AnswerCopy | null;
  /** The bytes the rows are read from (null when the answer was read as text). */
  bytes: Buffer | null;
}

/** ES2024's ArrayBuffer.prototype.transfer (Node 20+), which the project's ES2023 library types do not list yet. */
type Detachable = ArrayBuffer & { transfer(length: number): ArrayBuffer };

/**
 * Frees bytes no longer needed (a dropped view's, or an answer's read as text) now rather than at some later
 * collection: detaching the buffer (a transfer to nothing) releases its 60 MB at once, so a refresh never holds the
 * old answer's bytes beside the new one's, and a whole text is never parsed beside its bytes. The views own the bytes
 * they are given; only a buffer of its own (larger than Node's pool of small buffers, which other buffers share) is
 * detached.
 */
function release(bytes: Buffer | null): void {
  if (bytes && bytes.buffer.byteLength > Buffer.poolSize) (bytes.buffer as Detachable).transfer(0);
}

export interface AnswerViews {
  /** Checks one answer (its UTF-8 bytes); kept under `viewKey` when given (a fleet tile keeps nothing). */
  open(bytes: Buffer, viewKey: string | null): Opened;
  window(viewKey: string, query: WindowQuery): ServerWindow | null;
  /** The checked answer, once, for the offline copy. */
  takeCopy(viewKey: string): AnswerCopy | null;
  drop(viewKeys: readonly string[]): void;
}

/** Parses and checks an answer's text, with the same refusals the platform client makes on main. */
export function checkAnswer(text: string): { ok: true; dashboard: Dashboard } | { ok: false; problem: AnswerProblem } {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return { ok: false, problem: { kind: 'tooDeep' } };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: { kind: 'notJson', head: text.slice(0, 1024) } };
  }
  // Checked, not copied: nothing in the schema transforms, so an answer that passes is the dashboard as it is (the
  // compiled check of 100,000 rows costs a tenth of the general parse). One that does not pass is checked again to
  // say which fields are wrong (the first of them: answer-issues.ts).
  if (dashboardCheck().validate(json)) return { ok: true, dashboard: json };
  // Issues carry no input values (zod keeps them out unless asked), so they cross back to main as they are.
  const issues = firstIssues(json);
  if (issues.length > 0) return { ok: false, problem: { kind: 'shape', issues } };
  // None found where the compiled check failed: zod's reading of the whole answer stands, as it always did.
  const checked = dashboardSchema.safeParse(json);
  if (!checked.success) return { ok: false, problem: { kind: 'shape', issues: checked.error.issues.slice(0, MAX_ANSWER_ISSUES) } };
  return { ok: true, dashboard: checked.data };
}

/**
 * The answer without a UTF-8 byte order mark at its start: every other call's answer is decoded as fetch decodes text
 * (undici's `text()`), which skips one, so a platform behind a proxy that adds it worked everywhere but here, where the
 * mark made the answer "cut off before it ended". Only a mark at the very start is skipped, as there.
 */
function withoutByteOrderMark(bytes: Buffer): Buffer {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
}

/** Reads an answer, its bytes a part at a time, else its whole text: the rows for the table and the copy to save. */
function read(answer: Buffer): { ok: true; dashboard: Dashboard; rows: ServerRows; copy: AnswerCopy; kept: Buffer | null } | { ok: false; problem: AnswerProblem } {
  const bytes = withoutByteOrderMark(answer);
  const stored = storeAnswer(bytes);
  if (stored) return { ok: true, dashboard: figuresForPage(stored.dashboard, stored.dashboard.mediaservers.top_by_bitrate), rows: serverRowsOf(stored.columns), copy: bytes, kept: bytes };
  const text = bytes.toString('utf8');
  // The bytes go before the whole text is parsed, not at some later collection (see release).
  release(bytes);
  const checked = checkAnswer(text);
  if (!checked.ok) return checked;
  return { ok: true, dashboard: figuresForPage(checked.dashboard), rows: createServerRows(checked.dashboard.mediaservers.top_by_bitrate), copy: text, kept: null };
}

export function createAnswerViews(): AnswerViews {
  const views = new Map<string, View>();
  return {
    open(bytes, viewKey) {
      const answer = read(bytes);
      if (!answer.ok) return answer;
      const { dashboard, rows, copy, kept } = answer;
      if (viewKey !== null) views.set(viewKey, { rows, copy, bytes: kept });
      const first = rows.window({ offset: 0, limit: FIRST_SERVER_WINDOW, sort: null, filter: { text: '', state: 'all' } });
      return { ok: true, summary: { dashboard, first } };
    },
    window(viewKey, query) {
      return views.get(viewKey)?.rows.window(query) ?? null;
    },
    takeCopy(viewKey) {
      const view = views.get(viewKey);
      if (!view) return null;
      const { copy } = view;
      view.copy = null;
      return copy;
    },
    drop(viewKeys) {
      for (const key of viewKeys) {
        release(views.get(key)?.bytes ?? null);
        views.delete(key);
      }
    },
  };
}
