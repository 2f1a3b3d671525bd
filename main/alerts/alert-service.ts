import { alertLink, type AlertNotification, type AlertStateView, type AlertTransition } from '../../preload/contract/agents-alerts';
import { AppFailure } from '../shared/app-failure';
import { said, t } from '../shared/i18n';
import { log } from '../shared/log';
import type { Notifier } from '../shared/notifier';
import type { AlertHistoryRepository } from '../storage/repositories/alert-history-repository';
import { transitionsCsv } from './transition-csv';
import { DEFAULT_GROUPING, drain, emptyGrouping, offer, type AlertNotice, type GroupedNote, type GroupingOptions, type GroupingState } from './notification-grouping';
import type { StateChange } from './rule-state';
import { NO_SILENCE, acknowledge, shouldNotify, silenceAfter, snooze, type Silence } from './silences';

/** One rule's change on one device, as a runner reports it. */
export interface AlertChange {
  listId: string;
  listName: string;
  deviceId: string;
  ruleId: string;
  change: StateChange;
  /** The alert in one sentence, for a notification about it alone. */
  sentence: string;
  /**
   * Why it changed when it was not a poll: 'edit' for an alert an edit of its list closed (its device taken off the
   * list, or its rule changed or removed). Told as closed, never as resolved: the device may not have recovered.
   */
  cause?: 'edit';
}

export interface AlertServiceOptions {
  repository: AlertHistoryRepository;
  notifier: Notifier;
  now?: () => number;
  grouping?: Partial<GroupingOptions>;
  /** Changes of one poll arrive one device at a time: they are written together after this long (one transaction). */
  commitDelayMs?: number;
  /** Told after the changes are on disk (the screen re-reads states). */
  onCommitted?: (listIds: string[]) => void;
  /** Every notification raised, also handed to the page (a browser shows it with the Notification API). */
  onNotification?: (note: AlertNotification) => void;
}

/**
 * The alert states' log, silences and notifications. Runners report every change of state; the service writes them
 * (one transaction per burst, before anyone is told), keeps the current state of every alert that is not normal,
 * and raises grouped, rate-limited notifications for firing and resolved alerts the operator has not silenced.
 */
export interface AlertService {
  report(changes: readonly AlertChange[]): void;
  /** Writes what waits now (tests, shutdown). */
  settle(): void;
  states(listId: string): AlertStateView[];
  /** The acknowledged state (the page re-reads its window; it needs no more than this one). */
  acknowledge(listId: string, deviceId: string, ruleId: string, note: string): AlertStateView;
  /** The snoozed (or woken) state; null when it is no longer listed (a normal alert whose snooze ended). */
  snooze(listId: string, deviceId: string, ruleId: string, until: number | null): AlertStateView | null;
  /** Changes every state of the device; nothing to answer (the page re-reads its window). */
  mute(listId: string, deviceId: string, muted: boolean): void;
  mutedDevices(listId: string): string[];
  transitions(listId: string, filter?: { deviceId?: string; ruleId?: string }): AlertTransition[];
  csv(listId: string, filter?: { deviceId?: string; ruleId?: string }): string;
  forgetList(listId: string): void;
  dispose(): void;
}

interface ListMemo {
  /** `deviceId|ruleId` -> the state that is not normal, and since when. */
  states: Map<string, { state: AlertStateView['state']; since: number }>;
  silences: Map<string, Silence>;
  muted: Set<string>;
}

const keyOf = (deviceId: string, ruleId: string) => `${deviceId}|${ruleId}`;

export function createAlertService(options: AlertServiceOptions): AlertService {
  const now = options.now ?? Date.now;
  const grouping: GroupingOptions = { ...DEFAULT_GROUPING, ...options.grouping };
  const lists = new Map<string, ListMemo>();
  let waiting: AlertChange[] = [];
  let commitTimer: NodeJS.Timeout | null = null;
  let noteState: GroupingState = emptyGrouping();
  let noteTimer: NodeJS.Timeout | null = null;

  function memoOf(listId: string): ListMemo {
    let memo = lists.get(listId);
    if (memo) return memo;
    memo = { states: new Map(), silences: new Map(), muted: new Set() };
    try {
      for (const s of options.repository.lastStates(listId)) memo.states.set(keyOf(s.deviceId, s.ruleId), { state: s.state, since: s.since });
      for (const s of options.repository.silencesOf(listId)) memo.silences.set(keyOf(s.deviceId, s.ruleId), { snoozedUntil: s.snoozedUntil, acknowledged: s.acknowledged });
      for (const d of options.repository.mutedOf(listId)) memo.muted.add(d);
    } catch (error) {
      log.warn('alerts', `alert states could not be read: ${String(error)}`);
    }
    lists.set(listId, memo);
    return memo;
  }

  function show(note: AlertNotification): void {
    options.notifier.notify(note);
    options.onNotification?.(note);
  }

  function showNotes(notes: GroupedNote[]): void {
    for (const note of notes) {
      if (note.single) {
        const deviceId = note.single.alertId.split('|')[0];
        show({ title: t('agents.notify.title', { list: note.single.listName }), body: note.single.sentence, link: alertLink(note.single.listId, deviceId) });
        continue;
      }
      const count = note.firing + note.resolved + note.ended;
      // Alerts an edit closed are told apart only when that is all the note holds; mixed with polls' changes (an edit
      // saved while a cycle resolved others) they count with the resolved.
      const resolved = note.resolved + note.ended;
      show({
        title: t('agents.notify.title', { list: note.lists.map((l) => l.name).join(', ') }),
        body:
          note.ended === count
            ? t('agents.notify.manyEnded', { count })
            : resolved === 0
            ? t('agents.notify.many', { count })
            : note.firing === 0
              ? t('agents.notify.manyResolved', { count })
              : t('agents.notify.storm', { count, firing: note.firing, resolved }),
        link: alertLink(note.lists[0]!.id),
      });
    }
  }

  function pumpNotes(): void {
    if (noteTimer) clearTimeout(noteTimer);
    noteTimer = null;
    const result = drain(noteState, now(), grouping);
    noteState = result.state;
    showNotes(result.notes);
    if (result.nextAt !== null) {
      noteTimer = setTimeout(pumpNotes, Math.max(0, result.nextAt - now()));
      noteTimer.unref?.();
    }
  }

  function commit(): void {
    if (commitTimer) clearTimeout(commitTimer);
    commitTimer = null;
    const changes = waiting;
    waiting = [];
    if (changes.length === 0) return;
    try {
      options.repository.appendTransitions(
        changes.map((c) => ({ listId: c.listId, deviceId: c.deviceId, ruleId: c.ruleId, at: c.change.at, from: c.change.from, to: c.change.to, note: c.cause === 'edit' ? 'watch list edited' : null })),
      );
    } catch (error) {
      // The states still change on screen: a log that cannot be written must not hide an offline camera.
      log.error('alerts', `alert transitions could not be saved: ${String(error)}`);
    }
    const notices: AlertNotice[] = [];
    const touched = new Set<string>();
    const silenceWrites: Array<{ listId: string; deviceId: string; ruleId: string; silence: Silence }> = [];
    for (const c of changes) {
      touched.add(c.listId);
      const memo = memoOf(c.listId);
      const key = keyOf(c.deviceId, c.ruleId);
      if (c.change.to === 'normal') memo.states.delete(key);
      else memo.states.set(key, { state: c.change.to, since: c.change.at });
      const silence = memo.silences.get(key) ?? NO_SILENCE;
      if (shouldNotify(c.change, silence, memo.muted.has(c.deviceId))) {
        notices.push({ kind: c.change.to === 'firing' ? 'firing' : c.cause === 'edit' ? 'ended' : 'resolved', listId: c.listId, listName: c.listName, alertId: key, sentence: c.sentence, at: c.change.at });
      }
      const after = silenceAfter(c.change, silence);
      if (after !== silence) {
        memo.silences.set(key, after);
        silenceWrites.push({ listId: c.listId, deviceId: c.deviceId, ruleId: c.ruleId, silence: after });
      }
    }
    for (const w of silenceWrites) {
      try {
        options.repository.saveSilence({ listId: w.listId, deviceId: w.deviceId, ruleId: w.ruleId, ...w.silence });
      } catch (error) {
        log.warn('alerts', `an alert's silence could not be saved: ${String(error)}`);
      }
    }
    if (notices.length > 0) {
      noteState = offer(noteState, notices, now());
      pumpNotes();
    }
    options.onCommitted?.([...touched]);
  }

  /** The view of one alert; null when it is not listed (normal and not silenced). */
  function viewOf(listId: string, memo: ListMemo, key: string): AlertStateView | null {
    const state = memo.states.get(key);
    const silence = memo.silences.get(key) ?? NO_SILENCE;
    if (!state && silence.snoozedUntil === null && silence.acknowledged === null) return null;
    const [deviceId, ruleId] = key.split('|') as [string, string];
    return {
      listId,
      deviceId,
      ruleId,
      state: state?.state ?? 'normal',
      since: state?.since ?? 0,
      snoozedUntil: silence.snoozedUntil,
      acknowledged: silence.acknowledged,
      muted: memo.muted.has(deviceId),
    };
  }

  function views(listId: string): AlertStateView[] {
    const memo = memoOf(listId);
    const keys = new Set([...memo.states.keys(), ...memo.silences.keys()]);
    const out: AlertStateView[] = [];
    for (const key of keys) {
      const view = viewOf(listId, memo, key);
      if (view) out.push(view);
    }
    return out.sort((a, b) => b.since - a.since);
  }

  function writeSilence(listId: string, deviceId: string, ruleId: string, next: Silence): void {
    // On disk first: a failed write changes nothing in memory either.
    options.repository.saveSilence({ listId, deviceId, ruleId, ...next });
    memoOf(listId).silences.set(keyOf(deviceId, ruleId), next);
  }

  return {
    report(changes) {
      if (changes.length === 0) return;
      for (const c of changes) waiting.push(c);
      if (options.commitDelayMs === 0) return commit();
      commitTimer ??= setTimeout(commit, options.commitDelayMs ?? 50);
      commitTimer.unref?.();
    },

    settle: commit,

    states(listId) {
      commit();
      return views(listId);
    },

    acknowledge(listId, deviceId, ruleId, note) {
      commit();
      const memo = memoOf(listId);
      const key = keyOf(deviceId, ruleId);
      const state = memo.states.get(key)?.state;
      if (state !== 'firing' && state !== 'pending') throw new AppFailure('Validation', said('agents.alertStates.notFiring'));
      writeSilence(listId, deviceId, ruleId, acknowledge(memo.silences.get(key) ?? NO_SILENCE, now(), note));
      // The note goes in the log too, so the export says who knew what when.
      options.repository.appendTransitions([{ listId, deviceId, ruleId, at: now(), from: state, to: state, note: note.trim() || null }]);
      return viewOf(listId, memo, key)!;
    },

    snooze(listId, deviceId, ruleId, until) {
      commit();
      const memo = memoOf(listId);
      const key = keyOf(deviceId, ruleId);
      writeSilence(listId, deviceId, ruleId, snooze(memo.silences.get(key) ?? NO_SILENCE, until));
      return viewOf(listId, memo, key);
    },

    mute(listId, deviceId, muted) {
      commit();
      options.repository.setMuted(listId, deviceId, muted, now());
      const memo = memoOf(listId);
      if (muted) memo.muted.add(deviceId);
      else memo.muted.delete(deviceId);
    },

    mutedDevices(listId) {
      return [...memoOf(listId).muted].sort();
    },

    transitions(listId, filter) {
      commit();
      return options.repository.transitionsOf(listId, filter);
    },

    csv(listId, filter) {
      commit();
      return transitionsCsv(options.repository.transitionsOf(listId, filter));
    },

    forgetList(listId) {
      commit();
      options.repository.forgetList(listId);
      lists.delete(listId);
    },

    dispose() {
      commit();
      if (noteTimer) clearTimeout(noteTimer);
      noteTimer = null;
    },
  };
}
