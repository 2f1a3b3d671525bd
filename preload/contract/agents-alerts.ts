import { z } from 'zod';
import { channel } from './channel';
import { event } from './event';
import { deviceIdSchema } from './agents-ids';

/**
 * Alert states of a watch rule on one device, as the screen shows them (after Grafana's, which NOC operators know):
 * normal (the condition does not hold), pending (it holds, but not yet for the rule's "for"), firing (it held that
 * long, and has not yet been false for the recovery), nodata (the device could not be read: not the same as offline).
 */
export const alertStates = ['normal', 'pending', 'firing', 'nodata'] as const;
export type AlertStateName = (typeof alertStates)[number];

/** One change of an alert's state, as the transition log keeps it. */
export interface AlertTransition {
  listId: string;
  deviceId: string;
  ruleId: string;
  /** ms since the epoch (this computer's clock). */
  at: number;
  from: AlertStateName;
  to: AlertStateName;
  /** What the operator wrote when acknowledging, or why the state changed ("device could not be read"). */
  note: string | null;
}

/** A rule's state on one device right now, with what the operator did about it. */
export interface AlertStateView {
  listId: string;
  deviceId: string;
  ruleId: string;
  state: AlertStateName;
  /** When the current state began (ms). */
  since: number;
  snoozedUntil: number | null;
  acknowledged: { at: number; note: string } | null;
  muted: boolean;
}

/** One storage's forecast: the robust fit and the samples it rests on. */
export interface StorageForecast {
  deviceId: string;
  storageId: number;
  /** Megabytes per day the fit rises by (negative or zero: not filling). */
  mbPerDay: number;
  /** Days until the fitted line meets the capacity; null when the storage is not filling. */
  daysUntilFull: number | null;
  capacityMb: number;
  /** The samples the fit used: [ms, used megabytes]. */
  points: Array<[number, number]>;
}

export const acknowledgeNoteSchema = z.string().trim().max(500);

/** A device's history as the device view shows it: transitions, storage samples, and each storage's forecast. */
export interface DeviceHistoryView {
  deviceId: string;
  from: number;
  to: number;
  transitions: Array<{ at: number; online: boolean | null; status: string | null }>;
  samples: Array<{ storageId: number; at: number; usedMb: number; capacityMb: number }>;
  forecasts: StorageForecast[];
}

const listId = z.string().min(1);
const deviceId = deviceIdSchema;
const ruleId = z.string().trim().min(1).max(64);
const alertKey = z.object({ listId, deviceId, ruleId });
/** The most alert states one window call returns: a screenful plus a margin, never the whole list. */
export const ALERT_STATES_WINDOW_MAX = 500;

/** The columns the alert states table sorts by (the page's column ids). */
export const alertStateSortColumns = ['state', 'device', 'rule', 'since'] as const;
export type AlertStateSortColumn = (typeof alertStateSortColumns)[number];

export const alertStateSortSchema = z
  .object({ column: z.enum(alertStateSortColumns), direction: z.enum(['ascending', 'descending']) })
  .nullable();
export type AlertStateSort = z.infer<typeof alertStateSortSchema>;

export const alertStatesWindowQuerySchema = z.object({
  listId,
  offset: z.int().min(0),
  limit: z.int().min(0).max(ALERT_STATES_WINDOW_MAX),
  /** null: the newest state first. */
  sort: alertStateSortSchema,
  /** Matched against the device number, the rule's id and the state's name (case does not matter). */
  filter: z.string().max(200),
});
export type AlertStatesWindowQuery = z.infer<typeof alertStatesWindowQuerySchema>;

/** One window of a list's alert states: `rows` are the matching states from `offset` on, in the asked order. */
export interface AlertStatesWindow {
  /** Every alert state the list has (Normal ones are listed only while silenced). */
  total: number;
  /** Those the filter keeps. */
  matched: number;
  offset: number;
  rows: AlertStateView[];
}

const logFilter = z.object({ listId, deviceId: deviceId.optional(), ruleId: ruleId.optional() });

/** Alert states, silences, the transition log and device history (spread into agentsChannels). */
export const alertChannels = {
  /** Every alert state of a list at once (tools and tests); the screen reads windows with alertStatesWindow. */
  'agents.alertStates': channel<AlertStateView[]>()(z.object({ listId })),
  'agents.alertStatesWindow': channel<AlertStatesWindow>()(alertStatesWindowQuerySchema),
  // Acknowledge, snooze and mute answer only the alert they changed (or nothing): the page reads its window again, and
  // a list of 5,000 devices can have thousands of states.
  /** Answers the acknowledged state. */
  'agents.alertAcknowledge': channel<AlertStateView>()(alertKey.extend({ note: acknowledgeNoteSchema })),
  /** `until` in ms since the epoch; null ends the snooze. Answers the state, or null when it is no longer listed. */
  'agents.alertSnooze': channel<AlertStateView | null>()(alertKey.extend({ until: z.number().int().positive().nullable() })),
  /** Changes every state of the device; answers null. */
  'agents.deviceMute': channel<null>()(z.object({ listId, deviceId, muted: z.boolean() })),
  'agents.alertLog': channel<AlertTransition[]>()(logFilter),
  'agents.alertLogCsv': channel<string>()(logFilter),
  /** The device's last `days` (default 30) on the active server. */
  'agents.deviceHistory': channel<DeviceHistoryView>()(z.object({ id: deviceId, days: z.number().int().min(1).max(30).optional() })),
  'agents.deviceHistoryCsv': channel<string>()(z.object({ id: deviceId, days: z.number().int().min(1).max(30).optional() })),
};

export const alertEvents = {
  /** Alert states of a list changed (written to disk): re-read the window in view with agents.alertStatesWindow. */
  'watch.alertStates': event<{ listIds: string[] }>(),
  /**
   * A grouped alert notification, for the browser page to show with the Notification API (the desktop app shows it as
   * an OS notification from main). `link` is the hash that opens the alert: `#/agents/watch/<listId>[/<deviceId>]`.
   */
  'watch.notification': event<AlertNotification>(),
};

export interface AlertNotification {
  title: string;
  body: string;
  link: string;
}

/** The hash that opens a watch list (and a device's alert in it) on the Agents screen. */
export function alertLink(listId: string, deviceId?: string): string {
  return `#/agents/watch/${encodeURIComponent(listId)}${deviceId ? `/${encodeURIComponent(deviceId)}` : ''}`;
}

/** The list and device an alert link names, or null when the hash is not one. */
export function parseAlertLink(hash: string): { listId: string; deviceId: string | null } | null {
  const match = /^#\/agents\/watch\/([^/]+)(?:\/([^/]+))?$/.exec(hash);
  if (!match) return null;
  return { listId: decodeURIComponent(match[1]!), deviceId: match[2] ? decodeURIComponent(match[2]) : null };
}
