/**
 * Grouping and rate-limiting of alert notifications, as pure functions: the service offers every firing or resolved
 * change, asks `drain` when it is due, and shows what comes back. A storm (a switch dies and 5,000 devices fire in one
 * poll) becomes one notification that says how many; a steady trickle of single alerts is told one by one, but never
 * more than `maxPerWindow` notifications in `windowMs` — what does not fit waits and is told as one summary later.
 */

export interface AlertNotice {
  /** 'ended': closed by an edit of its list, not by a poll (see AlertChange.cause). */
  kind: 'firing' | 'resolved' | 'ended';
  listId: string;
  listName: string;
  alertId: string;
  /** The alert in one sentence (for a notification about it alone). */
  sentence: string;
  at: number;
}

export interface GroupedNote {
  /** One alert, or several folded into one summary. */
  single: AlertNotice | null;
  firing: number;
  resolved: number;
  ended: number;
  /** The lists the notices came from, in order of first appearance. */
  lists: Array<{ id: string; name: string }>;
}

export interface GroupingOptions {
  /** Changes are gathered until none has arrived for this long (a poll cycle's changes arrive one device at a time)… */
  quietMs: number;
  /** …or until the first has waited this long. */
  maxWaitMs: number;
  /** Up to this many waiting notices are told one by one; more become one summary. */
  maxSingles: number;
  /** At most this many notifications in any `windowMs`. */
  maxPerWindow: number;
  windowMs: number;
}

export const DEFAULT_GROUPING: GroupingOptions = { quietMs: 500, maxWaitMs: 10_000, maxSingles: 3, maxPerWindow: 3, windowMs: 60_000 };

export interface GroupingState {
  waiting: AlertNotice[];
  firstAt: number | null;
  lastAt: number | null;
  /** When the notifications still inside the window were shown. */
  sent: number[];
}

export function emptyGrouping(): GroupingState {
  return { waiting: [], firstAt: null, lastAt: null, sent: [] };
}

/** Adds notices (all of one poll, or one). The array of waiting notices grows in place: a storm adds thousands. */
export function offer(state: GroupingState, notices: readonly AlertNotice[], now: number): GroupingState {
  if (notices.length === 0) return state;
  for (const notice of notices) state.waiting.push(notice);
  return { waiting: state.waiting, firstAt: state.firstAt ?? now, lastAt: now, sent: state.sent };
}

/**
 * What to show now, the state after it, and when to ask again (null: nothing waits). Notices waiting when the budget
 * is spent stay waiting until the oldest notification leaves the window.
 */
export function drain(state: GroupingState, now: number, options: GroupingOptions = DEFAULT_GROUPING): { state: GroupingState; notes: GroupedNote[]; nextAt: number | null } {
  const sent = state.sent.filter((at) => at > now - options.windowMs);
  if (state.waiting.length === 0 || state.firstAt === null || state.lastAt === null) return { state: { ...state, sent }, notes: [], nextAt: null };
  const dueAt = Math.min(state.lastAt + options.quietMs, state.firstAt + options.maxWaitMs);
  if (now < dueAt) return { state: { ...state, sent }, notes: [], nextAt: dueAt };
  const budget = options.maxPerWindow - sent.length;
  if (budget <= 0) return { state: { ...state, sent }, notes: [], nextAt: sent[0]! + options.windowMs };

  const waiting = state.waiting;
  const notes: GroupedNote[] =
    waiting.length <= Math.min(options.maxSingles, budget) ? waiting.map((notice) => noteOf([notice], notice)) : [noteOf(waiting, null)];
  for (let i = 0; i < notes.length; i++) sent.push(now);
  return { state: { waiting: [], firstAt: null, lastAt: null, sent }, notes, nextAt: null };
}

function noteOf(notices: readonly AlertNotice[], single: AlertNotice | null): GroupedNote {
  let firing = 0;
  let ended = 0;
  const lists = new Map<string, string>();
  for (const notice of notices) {
    if (notice.kind === 'firing') firing += 1;
    else if (notice.kind === 'ended') ended += 1;
    if (!lists.has(notice.listId)) lists.set(notice.listId, notice.listName);
  }
  return { single, firing, resolved: notices.length - firing - ended, ended, lists: [...lists].map(([id, name]) => ({ id, name })) };
}
