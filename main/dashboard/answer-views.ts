import { dashboardSchema, type Dashboard } from '../../preload/contract/wire/platform';
import { busiestServers, type ServerWindow, type ServerWindowQuery } from '../../preload/contract/dashboard-servers';
import { MAX_JSON_DEPTH } from '../platform/answer-limits';
import { compiledOnFirstUse } from '../platform/compiled-on-first-use';
import { nestsDeeperThan } from '../platform/json-depth';
import type { AnswerProblem } from '../platform/transport-spec';
import { createServerRows, type ServerRows } from './server-window';

/**
 * The dashboard answers the answer thread holds: each one decoded, parsed and checked there, its media servers kept
 * for the table's windows. Plain logic, no thread: the thread's entry (answer-worker.ts) passes messages to it.
 */

/** The dashboard schema compiled (zod's `compile`) on the first answer, in the thread that checks answers. */
const dashboardAnswerSchema = compiledOnFirstUse(dashboardSchema);

/** Rows of the table sent with each dashboard answer: a screenful and a margin; the table asks for the rest. */
export const FIRST_SERVER_WINDOW = 60;

/** What main needs of a checked answer: the figures with the ten busiest servers, and the table's first window. */
export interface AnswerSummary {
  dashboard: Dashboard;
  first: ServerWindow;
}

export type Opened = { ok: true; summary: AnswerSummary } | { ok: false; problem: AnswerProblem };

export type WindowQuery = Omit<ServerWindowQuery, 'viewKey'>;

interface View {
  rows: ServerRows;
  /** The answer's text until it has been saved for offline use (null once saved or when it came from the save). */
  text: string | null;
}

export interface AnswerViews {
  /** Decodes, parses and checks one answer; kept under `viewKey` when given (a fleet tile keeps nothing). */
  open(text: string, viewKey: string | null): Opened;
  window(viewKey: string, query: WindowQuery): ServerWindow | null;
  /** The checked answer's text, once, for the offline copy (then let go: the rows are what stays). */
  takeText(viewKey: string): string | null;
  drop(viewKeys: readonly string[]): void;
}

/** The answer's bytes as text (UTF-8, as JSON is sent). */
export function decode(bytes: ArrayBuffer, length: number): string {
  return Buffer.from(bytes, 0, length).toString('utf8');
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
  // compiled check of 100,000 rows costs a tenth of the general parse). One that does not pass is parsed again to
  // say which fields are wrong.
  if (dashboardAnswerSchema().validate(json)) return { ok: true, dashboard: json };
  const checked = dashboardSchema.safeParse(json);
  // Issues carry no input values (zod keeps them out unless asked), so they cross back to main as they are.
  if (!checked.success) return { ok: false, problem: { kind: 'shape', issues: checked.error.issues.slice(0, 20) } };
  return { ok: true, dashboard: checked.data };
}

export function createAnswerViews(): AnswerViews {
  const views = new Map<string, View>();
  return {
    open(text, viewKey) {
      const checked = checkAnswer(text);
      if (!checked.ok) return checked;
      const all = checked.dashboard.mediaservers.top_by_bitrate;
      const rows = createServerRows(all);
      if (viewKey !== null) views.set(viewKey, { rows, text });
      const first = rows.window({ offset: 0, limit: FIRST_SERVER_WINDOW, sort: null, filter: { text: '', state: 'all' } });
      const dashboard = { ...checked.dashboard, mediaservers: { ...checked.dashboard.mediaservers, top_by_bitrate: busiestServers(all) } };
      return { ok: true, summary: { dashboard, first } };
    },
    window(viewKey, query) {
      return views.get(viewKey)?.rows.window(query) ?? null;
    },
    takeText(viewKey) {
      const view = views.get(viewKey);
      if (!view) return null;
      const { text } = view;
      view.text = null;
      return text;
    },
    drop(viewKeys) {
      for (const key of viewKeys) views.delete(key);
    },
  };
}
