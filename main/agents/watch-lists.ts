import { randomUUID } from 'node:crypto';
import type { AlertList, WatchAlert, WatchListChange, WatchListSummary, WatchView } from '../../preload/contract/agents';
import type { WatchRowChanges, WatchWindow, WatchWindowQuery } from '../../preload/contract/agents-watch';
import { watchListInputSchema } from '../../preload/contract/agents';
import { MAX_WATCH_DEVICES, parseDeviceIds } from '../../preload/contract/agents-ids';
import type { z } from 'zod';
import type { Connections } from '../app/connections';
import { AppFailure } from '../shared/app-failure';
import { said, t } from '../shared/i18n';
import { log } from '../shared/log';
import type { Notifier } from '../shared/notifier';
import { WatchRunner } from './watch-runner';
import type { RuleTransitionEvent } from './watch-rule-steps';
import type { StoredList, WatchRepository } from '../storage/repositories/watch-repository';
import { alertSentence } from './alert-words';
import type { AlertService } from '../alerts/alert-service';
import type { DeviceHistoryService } from '../alerts/device-history';

type WatchListInput = z.output<typeof watchListInputSchema>;

export interface WatchEvents {
  changed(summary: WatchListChange): void;
  /** Rows a cycle changed (see WatchRunner). */
  rows(changes: WatchRowChanges): void;
  /** Alerts raised or cleared, gathered: a cycle over thousands of devices can raise them by the thousand. */
  alerts(alerts: WatchAlert[]): void;
}

export interface WatchLists {
  list(): Promise<WatchListSummary[]>;
  save(input: WatchListInput): Promise<WatchListSummary>;
  remove(id: string): Promise<void>;
  /**
   * Brings back the list deleted last (this run, and no other deleted since), with its id, devices and rules; its
   * past alerts are not kept. Refused in words when there is nothing to bring back.
   */
  undoRemove(id: string): Promise<WatchListSummary>;
  /** A server's delete was undone: its lists that stopped for want of it poll again. */
  serverBack(profileId: string): void;
  view(id: string): Promise<WatchView>;
  window(query: WatchWindowQuery): Promise<WatchWindow>;
  setActive(id: string, active: boolean): Promise<WatchListSummary>;
  pollNow(id: string): Promise<WatchListChange>;
  alerts(listId?: string): Promise<AlertList>;
  acknowledge(alertIds: string[] | 'all'): Promise<AlertList>;
  /**
   * Runs `work` while the list exists, in the same turn as the check (a delete cannot land between them); a list that
   * does not exist (deleted meanwhile) is refused as NotFound.
   */
  whenListed<T>(id: string, work: () => T | Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

export interface WatchListOptions {
  connections: Connections;
  /** Where lists and alerts are kept: every change is committed before it is answered or shown. */
  store: WatchRepository;
  notifier: Notifier;
  events: WatchEvents;
  now?: () => number;
  /** Raised alerts are gathered this long before they become one notification (or one summary). */
  notifyGatherMs?: number;
  /** Alert states, their log and grouped notifications (then the list raises none of its own); device history. */
  alerts?: AlertService;
  history?: DeviceHistoryService;
}

/** More new alerts than this in one gathering become one summary notification. */
const MAX_SINGLE_NOTES = 3;
/** Alert changes wait at most this long to be pushed together (rows and summaries push them sooner). */
const ALERT_PUSH_MS = 100;

/**
 * The watch lists of every profile: persisted, each polled by its own runner while active, their rules raising and
 * clearing alerts that are kept on disk, pushed to the screen as events, and shown as desktop notifications.
 */
export function createWatchLists(options: WatchListOptions): WatchLists {
  const now = options.now ?? Date.now;
  const runners = new Map<string, WatchRunner>();
  let alerts: WatchAlert[] = [];
  let lists: StoredList[] = [];
  /** The list deleted last, for its undo: one at a time, in memory (the delete itself is committed). */
  let lastRemoved: StoredList | null = null;
  let pendingNotes: WatchAlert[] = [];
  let noteTimer: NodeJS.Timeout | null = null;
  /** Alert changes not pushed yet (copies: an alert object changes on when it clears or is acknowledged). */
  let unpushed: WatchAlert[] = [];
  let pushTimer: NodeJS.Timeout | null = null;

  /** Pushes the alert changes gathered; before rows and summaries, so a page never sees a count before its alert. */
  function pushAlerts(): void {
    if (pushTimer) clearTimeout(pushTimer);
    pushTimer = null;
    if (unpushed.length === 0) return;
    const alerts = unpushed;
    unpushed = [];
    options.events.alerts(alerts);
  }

  function alertChanged(alert: WatchAlert): void {
    unpushed.push({ ...alert });
    pushTimer ??= setTimeout(pushAlerts, ALERT_PUSH_MS);
    pushTimer.unref?.();
  }

  const activeKey = (listId: string, deviceId: string, ruleId: string) => `${listId}|${deviceId}|${ruleId}`;
  let active = new Map<string, WatchAlert>();
  const reindex = () => {
    active = new Map(alerts.filter((a) => a.clearedAt === null).map((a) => [activeKey(a.listId, a.deviceId, a.rule.id), a]));
  };

  /** Alerts observed while the disk refused them, saved with the next alerts that change. */
  const unsaved = new Map<string, WatchAlert>();

  /**
   * Alerts are what polling observed: when they cannot be saved they are still raised and shown (an operator must see
   * an alarm even on a full disk), the failure is logged, and they are saved with the next alerts that change.
   */
  function persistAlerts(changed: WatchAlert[]): void {
    for (const alert of changed) unsaved.set(alert.id, alert);
    const pending = [...unsaved.values()].filter((alert) => runners.has(alert.listId));
    try {
      options.store.saveAlerts(pending);
      unsaved.clear();
    } catch (error) {
      log.error('agents', `watch alerts could not be saved (${pending.length} kept to save later): ${String(error)}`);
    }
  }

  function flushNotes(): void {
    noteTimer = null;
    const notes = pendingNotes;
    pendingNotes = [];
    if (notes.length === 0) return;
    if (notes.length > MAX_SINGLE_NOTES) {
      const listNames = [...new Set(notes.map((n) => n.listName))].join(', ');
      options.notifier.notify({ title: t('agents.notify.title', { list: listNames }), body: t('agents.notify.many', { count: notes.length }) });
      return;
    }
    for (const alert of notes) options.notifier.notify({ title: t('agents.notify.title', { list: alert.listName }), body: alertSentence(alert) });
  }

  function onTransitions(events: RuleTransitionEvent[]): void {
    const changed: WatchAlert[] = [];
    for (const event of events) {
      const key = activeKey(event.list.id, event.deviceId, event.rule.id);
      const at = new Date(event.at).toISOString();
      if (event.transition === 'raise') {
        if (active.has(key)) continue;
        const alert: WatchAlert = {
          id: randomUUID(),
          listId: event.list.id,
          listName: event.list.name,
          deviceId: event.deviceId,
          deviceName: event.deviceName,
          rule: event.rule,
          facts: event.facts,
          raisedAt: at,
          clearedAt: null,
          acknowledgedAt: null,
        };
        alerts.push(alert);
        changed.push(alert);
        active.set(key, alert);
        if (!options.alerts) pendingNotes.push(alert);
        alertChanged(alert);
      } else {
        const alert = active.get(key);
        if (!alert) continue;
        alert.clearedAt = at;
        changed.push(alert);
        active.delete(key);
        alertChanged(alert);
      }
    }
    noteTimer ??= setTimeout(flushNotes, options.notifyGatherMs ?? 500);
    noteTimer.unref?.();
    persistAlerts(changed);
  }

  function activeAlertsOf(listId: string): Map<string, number> {
    const counts = new Map<string, number>();
    for (const alert of active.values()) if (alert.listId === listId) counts.set(alert.deviceId, (counts.get(alert.deviceId) ?? 0) + 1);
    return counts;
  }

  function startRunner(list: StoredList): WatchRunner {
    const runner = new WatchRunner(list, {
      async clientFor(profileId) {
        const { client, profile } = await options.connections.forProfile(profileId);
        return { client, profileName: profile.name };
      },
      onChanged: (summary) => {
        pushAlerts();
        options.events.changed(summary);
      },
      onRows: (changes) => {
        pushAlerts();
        options.events.rows(changes);
      },
      onTransitions,
      isRaised: (deviceId, ruleId) => active.has(activeKey(list.id, deviceId, ruleId)),
      activeAlertsOf,
      now,
      ...(options.alerts ? { alerts: options.alerts } : {}),
      ...(options.history ? { history: options.history } : {}),
    });
    runners.set(list.id, runner);
    return runner;
  }

  const ready = (async () => {
    const data = options.store.load();
    lists = data.lists;
    alerts = data.alerts;
    reindex();
    for (const list of lists) startRunner(list);
  })();

  async function runnerOf(id: string): Promise<WatchRunner> {
    await ready;
    const runner = runners.get(id);
    if (!runner) throw new AppFailure('NotFound', said('agents.errors.listNotFound'));
    return runner;
  }

  function alertList(listId?: string): AlertList {
    const chosen = listId ? alerts.filter((a) => a.listId === listId) : alerts;
    const newestFirst = [...chosen].reverse();
    return { alerts: newestFirst, unacknowledged: chosen.filter((a) => a.clearedAt === null && a.acknowledgedAt === null).length };
  }

  function notesOf(parsed: ReturnType<typeof parseDeviceIds>): string[] {
    const notes: string[] = [];
    if (parsed.column) notes.push(t('agents.notes.csvColumn', { column: parsed.column }));
    if (parsed.duplicates > 0) notes.push(t('agents.notes.duplicates', { count: parsed.duplicates }));
    if (parsed.invalidCount > 0) notes.push(t('agents.notes.invalid', { count: parsed.invalidCount, examples: parsed.invalid.map((v) => `“${v}”`).join(', ') }));
    return notes;
  }

  return {
    async list() {
      await ready;
      return lists.map((l) => runners.get(l.id)!.summary());
    },

    async save(input) {
      await ready;
      const parsed = parseDeviceIds(input.devicesText);
      if (parsed.ids.length === 0) {
        const message = t('agents.errors.noDevices');
        throw new AppFailure('Validation', message, { fieldErrors: { devicesText: [message] } });
      }
      if (parsed.ids.length > MAX_WATCH_DEVICES) {
        const message = t('agents.errors.tooManyDevices', { count: parsed.ids.length, max: MAX_WATCH_DEVICES });
        throw new AppFailure('Validation', message, { fieldErrors: { devicesText: [message] } });
      }
      const existing = input.id ? lists.find((l) => l.id === input.id) : undefined;
      if (input.id && !existing) throw new AppFailure('NotFound', said('agents.errors.listNotFound'));
      const profileId = existing?.profileId ?? (await options.connections.active()).profile.id;
      const stored: StoredList = {
        id: existing?.id ?? randomUUID(),
        name: input.name,
        profileId,
        deviceIds: parsed.ids,
        intervalSec: input.intervalSec,
        concurrency: input.concurrency,
        rules: input.rules,
        active: input.active,
        notes: notesOf(parsed),
        createdAt: existing?.createdAt ?? new Date(now()).toISOString(),
      };
      // Alerts of rules and devices that are no longer in the list end now.
      const endedAt = new Date(now()).toISOString();
      const ruleIds = new Set(stored.rules.map((r) => JSON.stringify(r)));
      const deviceIds = new Set(stored.deviceIds);
      const ended = existing
        ? alerts.filter((a) => a.listId === stored.id && a.clearedAt === null && (!ruleIds.has(JSON.stringify(a.rule)) || !deviceIds.has(a.deviceId)))
        : [];
      // Saved first: a list whose save failed neither appears nor polls, and its alerts stay as they were.
      options.store.saveList(stored, ended.map((a) => ({ ...a, clearedAt: endedAt })));
      lists = existing ? lists.map((l) => (l.id === stored.id ? stored : l)) : [...lists, stored];
      // Told to every page as any cleared alert is (another window's Alerts tab and badge would show them active).
      for (const alert of ended) {
        alert.clearedAt = endedAt;
        alertChanged(alert);
      }
      if (existing) {
        reindex();
        runners.get(stored.id)!.update(stored);
      } else {
        startRunner(stored);
      }
      return runners.get(stored.id)!.summary();
    },

    async remove(id) {
      const runner = await runnerOf(id);
      // The same delete sent twice at once (a double click, two windows): the second finds it gone, and must not
      // take the first one's undo away with it.
      const removed = lists.find((l) => l.id === id);
      if (!removed || runners.get(id) !== runner) throw new AppFailure('NotFound', said('agents.errors.listNotFound'));
      options.store.removeList(id);
      lastRemoved = removed;
      runners.delete(id);
      lists = lists.filter((l) => l.id !== id);
      alerts = alerts.filter((a) => a.listId !== id);
      // Gone with the list: changes not pushed or told yet would show (and notify) alerts of a list that no longer is.
      unpushed = unpushed.filter((a) => a.listId !== id);
      pendingNotes = pendingNotes.filter((a) => a.listId !== id);
      reindex();
      options.alerts?.forgetList(id);
      await runner.dispose();
    },

    async undoRemove(id) {
      await ready;
      const list = lastRemoved;
      if (!list || list.id !== id || runners.has(id)) throw new AppFailure('Validation', said('agents.errors.nothingToUndo'));
      // Saved first, as any save: a list whose save failed neither appears nor polls, and can still be brought back.
      options.store.saveList(list, []);
      lastRemoved = null;
      lists = [...lists, list];
      startRunner(list);
      return runners.get(id)!.summary();
    },

    serverBack(profileId) {
      for (const list of lists) if (list.profileId === profileId) runners.get(list.id)?.serverBack();
    },

    async view(id) {
      return (await runnerOf(id)).view();
    },

    async whenListed(id, work) {
      await runnerOf(id);
      // runnerOf's answer comes a turn later: the list is looked up again right before the work, in its turn.
      if (!runners.has(id)) throw new AppFailure('NotFound', said('agents.errors.listNotFound'));
      return work();
    },

    async window({ listId, ...query }) {
      return (await runnerOf(listId)).window(query);
    },

    async setActive(id, isActive) {
      const runner = await runnerOf(id);
      const list = lists.find((l) => l.id === id)!;
      const changed = { ...list, active: isActive };
      options.store.saveList(changed, []);
      lists = lists.map((l) => (l.id === id ? changed : l));
      runner.setActive(isActive);
      return runner.summary();
    },

    async pollNow(id) {
      const runner = await runnerOf(id);
      await runner.pollNow();
      return { ...runner.summary(), deviceIds: null };
    },

    async alerts(listId) {
      await ready;
      return alertList(listId);
    },

    async acknowledge(ids) {
      await ready;
      const at = new Date(now()).toISOString();
      const chosen = ids === 'all' ? null : new Set(ids);
      const acknowledged = alerts.filter((alert) => alert.acknowledgedAt === null && (chosen === null || chosen.has(alert.id)));
      options.store.saveAlerts(acknowledged.map((alert) => ({ ...alert, acknowledgedAt: at })));
      for (const alert of acknowledged) alert.acknowledgedAt = at;
      return alertList();
    },

    async dispose() {
      await ready.catch(() => undefined);
      await Promise.all([...runners.values()].map((r) => r.dispose()));
      if (noteTimer) clearTimeout(noteTimer);
      if (pushTimer) clearTimeout(pushTimer);
    },
  };
}
