import { z } from 'zod';

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
