import { z } from 'zod';
import { fieldMessage } from './messages/field-message';
import { channel } from './channel';
import { event } from './event';
import type { AppErrorKind } from './app-error';
import type { Said } from './said';
import type { CameraAgent } from './wire/platform';
import { deviceIdSchema } from './agents-ids';
import type { DeviceSearchResult } from './agents-search';
import { watchRuleSchema, type AlertFacts, type WatchRule } from './agents-rules';
import { alertChannels, alertEvents } from './agents-alerts';
import { watchWindowQuerySchema, type WatchAlertChanges, type WatchRowChanges, type WatchWindow } from './agents-watch';

/**
 * Camera-agent inspection (operation 5) and the NOC watch list: one device in depth, many devices polled in main
 * at an interval with bounded concurrency, rules that raise and clear alerts.
 */

/** One device as the view shows it: the parsed device, the server's JSON text, and where it came from. */
export interface AgentSnapshot {
  profileId: string;
  profileName: string;
  /** The id as looked up (digits). */
  id: string;
  device: CameraAgent;
  /**
   * The JSON text exactly as the server returned it. In a copy served from the disk cache, stream credentials are
   * masked (the cache never keeps them), so `credentialsKept` is false there.
   */
  raw: string;
  credentialsKept: boolean;
  /** When this computer received the answer (ISO, UTC). */
  fetchedAt: string;
  /** Set when the server could not be reached and this is the last copy seen, from the disk cache. */
  stale: { kind: AppErrorKind; reason: string; /** How `reason` was said: the page says it in the language it shows now. */ said?: Said } | null;
  pinned: boolean;
}

export interface RecentLookup {
  id: string;
  /** The device's name when it was last seen; null when the look-up failed. */
  name: string | null;
  at: string;
}

export interface PinnedDevice {
  id: string;
  name: string | null;
}

export interface LookupShortcuts {
  recent: RecentLookup[];
  pinned: PinnedDevice[];
}

export const MAX_RECENT_LOOKUPS = 12;
export const MIN_WATCH_INTERVAL_SEC = 5;
export const MAX_WATCH_CONCURRENCY = 32;
/** The device-number text one save takes: 5,000 ids of up to 20 digits fit several times over. */
export const MAX_DEVICES_TEXT_CHARS = 500_000;

export const watchListInputSchema = z.object({
  /** Present when editing a saved list. */
  id: z.string().min(1).optional(),
  name: z
    .string({ error: fieldMessage('validation.agents.listNameRequired') })
    .trim()
    .min(1, { error: fieldMessage('validation.agents.listNameRequired') })
    .max(100, { error: fieldMessage('validation.common.nameUnder100') }),
  /**
   * Typed or pasted ids, or a CSV with an id column; parsed in main with `parseDeviceIds`. The editor parses files
   * and typed text itself and sends only the ids, so this limit is about the text's size, and says so.
   */
  devicesText: z.string().max(MAX_DEVICES_TEXT_CHARS, { error: fieldMessage('agents.editor.devicesTextTooLong', { max: MAX_DEVICES_TEXT_CHARS }) }),
  intervalSec: z
    .number({ error: fieldMessage('validation.agents.intervalRequired') })
    .int({ error: fieldMessage('validation.agents.intervalWhole') })
    .min(MIN_WATCH_INTERVAL_SEC, { error: fieldMessage('validation.agents.intervalMin', { min: MIN_WATCH_INTERVAL_SEC }) })
    .max(86_400, { error: fieldMessage('validation.agents.intervalMax') })
    .default(60),
  concurrency: z
    .number({ error: fieldMessage('agents.editor.concurrencyRequired', { max: MAX_WATCH_CONCURRENCY }) })
    .int({ error: fieldMessage('agents.editor.concurrencyWhole', { max: MAX_WATCH_CONCURRENCY }) })
    .min(1, { error: fieldMessage('validation.agents.concurrencyMin') })
    .max(MAX_WATCH_CONCURRENCY, { error: fieldMessage('validation.agents.concurrencyMax', { max: MAX_WATCH_CONCURRENCY }) })
    .default(8),
  rules: z
    .array(watchRuleSchema)
    .max(20, { error: fieldMessage('validation.agents.rulesMax') })
    // Alerts and the rules' state are keyed by rule id: two rules with one id would share (and garble) them.
    .superRefine((rules, ctx) => {
      const seen = new Set<string>();
      rules.forEach((rule, index) => {
        if (seen.has(rule.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: fieldMessage('agents.editor.ruleIdDuplicate') });
        seen.add(rule.id);
      });
    })
    .default([]),
  /** Start polling on save (default) or keep the list paused. */
  active: z.boolean().default(true),
});
export type WatchListInput = z.input<typeof watchListInputSchema>;

/**
 * idle: switched off by the operator; polling: a cycle is running; waiting: between cycles; paused: the server
 * cannot be reached (polling resumes by itself); stopped: the server refused the token or its permission (the
 * operator fixes it in Connect and resumes).
 */
export type WatchState = 'idle' | 'polling' | 'waiting' | 'paused' | 'stopped';

export interface WatchListSummary {
  id: string;
  name: string;
  profileId: string;
  profileName: string;
  deviceIds: string[];
  intervalSec: number;
  concurrency: number;
  rules: WatchRule[];
  active: boolean;
  state: WatchState;
  /** One sentence for paused and stopped lists (what happened, what to do). */
  message: string | null;
  /** How `message` was said: the page says it in the language it shows now. */
  messageSaid?: Said;
  /** An `AppError.kind`-like reason for paused or stopped lists ('Offline', 'Unauthorized', 'Forbidden'…). */
  reason: AppErrorKind | null;
  lastCycleAt: string | null;
  lastCycleMs: number | null;
  nextCycleAt: string | null;
  counts: { online: number; offline: number; failed: number; pending: number };
  /** Alerts raised and not cleared. */
  activeAlerts: number;
  /** What saving the list did with the pasted ids (duplicates, entries that were not numbers). */
  notes: string[];
  /**
   * Grows with every summary main writes. An answer and an event travel apart, so a copy read mid-cycle can arrive
   * after the event of the cycle's end: of two copies of a list, the one with the higher number is the newer.
   */
  seq: number;
}

export type StreamSummary = 'active' | 'inactive' | 'unknown' | 'none';

export interface WatchRow {
  deviceId: string;
  name: string | null;
  state: 'pending' | 'ok' | 'failed';
  online: boolean | null;
  /** The fullest storage's usage in percent (above 100 when the reading does not fit); null without storages. */
  worstStoragePercent: number | null;
  streams: StreamSummary;
  version: string | null;
  /** As the device last answered (finding a device by MAC or serial among those watched). */
  mac: string | null;
  serial: string | null;
  /** The device's last_updated_at. */
  lastSeenAt: string | null;
  /** When this list last polled it successfully. */
  polledAt: string | null;
  error: string | null;
  errorKind: AppErrorKind | null;
  activeAlerts: number;
}

export interface WatchView extends WatchListSummary {
  rows: WatchRow[];
}

export interface WatchAlert {
  id: string;
  listId: string;
  listName: string;
  deviceId: string;
  deviceName: string | null;
  rule: WatchRule;
  facts: AlertFacts;
  raisedAt: string;
  clearedAt: string | null;
  acknowledgedAt: string | null;
}

export interface AlertList {
  alerts: WatchAlert[];
  /** Raised, not cleared, not acknowledged: the number on the badge. */
  unacknowledged: number;
}

const listId = z.object({ id: z.string().min(1) });

export const agentsChannels = {
  /** Operation 5: one device. When the server cannot be reached, the last copy seen comes back marked stale. */
  'agents.lookup': channel<AgentSnapshot>()(z.object({ id: deviceIdSchema })),
  /** The last copy seen of a device on the active server, or null. */
  'agents.cached': channel<AgentSnapshot | null>()(z.object({ id: deviceIdSchema })),
  /** A device by name, MAC or serial among those already seen on the active server (look-ups, copies, watch lists). */
  'agents.search': channel<DeviceSearchResult>()(z.object({ query: z.string().trim().min(2).max(100) })),
  'agents.clearCache': channel<null>()(z.undefined().optional()),
  'agents.shortcuts': channel<LookupShortcuts>()(z.undefined().optional()),
  'agents.pin': channel<LookupShortcuts>()(z.object({ id: deviceIdSchema, pinned: z.boolean() })),
  'agents.clearRecent': channel<LookupShortcuts>()(z.undefined().optional()),
  /** Undoes the last "Clear recent" of the active server (this run). */
  'agents.restoreRecent': channel<LookupShortcuts>()(z.undefined().optional()),
  'agents.watchLists': channel<WatchListSummary[]>()(z.undefined().optional()),
  'agents.watchSave': channel<WatchListSummary>()(watchListInputSchema),
  'agents.watchDelete': channel<null>()(listId),
  /** Undoes the last delete of a list (this run, no other deleted since): the list, its devices and rules come back. */
  'agents.watchRestore': channel<WatchListSummary>()(listId),
  /** Every row of a list at once (tools and tests); the screen reads windows with watchRows. */
  'agents.watchView': channel<WatchView>()(listId),
  /** The rows the table shows: one window of a list, sorted and filtered in main. */
  'agents.watchRows': channel<WatchWindow>()(watchWindowQuerySchema),
  'agents.watchSetActive': channel<WatchListSummary>()(listId.extend({ active: z.boolean() })),
  /**
   * Runs one polling cycle now and answers when it has finished, with the list's summary but not its device ids: the
   * caller has them (a 5,000-device list's ids are 36 KB, sent again after every cycle for nothing).
   */
  'agents.watchPollNow': channel<WatchListChange>()(listId),
  'agents.alerts': channel<AlertList>()(z.object({ listId: z.string().min(1).optional() }).optional()),
  'agents.acknowledge': channel<AlertList>()(
    z.object({ alertIds: z.array(z.string().min(1)).max(10_000).optional(), all: z.boolean().optional() }),
  ),
  ...alertChannels,
};

/**
 * A list's summary as pushed: its device ids only when they changed since the runner last pushed it (a new or edited
 * list), null otherwise. A list of 5,000 devices pushed at the start, at each timed push and at the end of every cycle
 * sent the same 5,000 ids each time; the page keeps them from the list it read or the push that carried them.
 */
export type WatchListChange = Omit<WatchListSummary, 'deviceIds'> & { deviceIds: string[] | null };

export const agentsEvents = {
  /** A watch list's summary changed: a cycle finished, it paused, stopped or resumed (its rows come as watch.rows). */
  'watch.changed': event<WatchListChange>(),
  /** Rows of a list changed (in batches while a cycle runs, the rest before its watch.changed). */
  'watch.rows': event<WatchRowChanges>(),
  /** Alerts were raised or cleared (cleared alerts carry `clearedAt`), in the order it happened. */
  'watch.alerts': event<WatchAlertChanges>(),
  ...alertEvents,
};
