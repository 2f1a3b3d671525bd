import type { ServerWindow } from '../../preload/contract/dashboard-servers';
import type { AnswerSummary, Opened, WindowQuery } from './answer-views';

/** What main asks the answer thread, and what it answers (plain data: it is copied between threads). */
export type AnswerRequest =
  /** `replaces`: views this answer supersedes, let go before it is parsed (never two full copies of one view). */
  | { kind: 'open'; bytes: ArrayBuffer; length: number; viewKey: string | null; replaces: string[] }
  /** `replaces`: as for `open`, let go once the saved copy has been read, before it is parsed. */
  | { kind: 'openSaved'; profileId: string; periodKey: string; viewKey: string | null; replaces: string[] }
  | { kind: 'window'; viewKey: string; query: WindowQuery }
  | { kind: 'save'; viewKey: string; profileId: string; periodKey: string; fetchedAt: string }
  | { kind: 'drop'; viewKeys: string[] };

/** The saved copy, checked: its summary and when it was fetched; or why there is none to show. */
export type SavedOpened = { summary: AnswerSummary; fetchedAt: string } | { summary: null; warning: string | null };

export interface AnswerValues {
  open: Opened;
  openSaved: SavedOpened;
  window: ServerWindow | null;
  save: null;
  drop: null;
}

export type AnswerReply = { id: number; ok: true; value: AnswerValues[AnswerRequest['kind']] } | { id: number; ok: false; error: string };
