import { z } from 'zod';
import { fieldMessage } from './messages/field-message';

/**
 * Watch-list rules and their evaluator. Pure: main feeds it one observation per device and poll and keeps the
 * returned state; the renderer uses the schemas for the rules editor.
 *
 * Hysteresis, so a flapping device does not alert every poll: a rule raises only after its condition held on
 * `RAISE_AFTER` consecutive polls (offline: once the device has been offline for the rule's minutes, which is its own
 * delay) and clears only after its release condition held on `CLEAR_AFTER` consecutive polls. Storage releases only
 * `STORAGE_DEADBAND` points below its threshold, so usage hovering at the line does not toggle.
 */

export const RAISE_AFTER = 2;
export const CLEAR_AFTER = 2;
export const STORAGE_DEADBAND = 2;

const ruleId = z.string().trim().min(1).max(64);

/** How many consecutive polls a condition must hold before firing (the rule's "for"), and the release before resolving. */
const polls = (message: Parameters<typeof fieldMessage>[0]) =>
  z.number({ error: fieldMessage(message) }).int({ error: fieldMessage(message) }).min(1, { error: fieldMessage(message) }).max(1000, { error: fieldMessage(message) });
const timing = { forPolls: polls('validation.agents.forPolls').optional(), recoverPolls: polls('validation.agents.recoverPolls').optional() };

export const watchRuleSchema = z.discriminatedUnion('kind', [
  z.object({
    id: ruleId,
    kind: z.literal('offline'),
    minutes: z
      .number({ error: fieldMessage('validation.agents.minutesWhole') })
      .int({ error: fieldMessage('validation.agents.minutesWhole') })
      .min(1, { error: fieldMessage('validation.agents.minutesMin') })
      .max(10_080, { error: fieldMessage('validation.agents.minutesMax') }),
    ...timing,
  }),
  z.object({
    id: ruleId,
    kind: z.literal('storage'),
    percent: z
      .number({ error: fieldMessage('validation.agents.percentRange') })
      .min(1, { error: fieldMessage('validation.agents.percentRange') })
      .max(100, { error: fieldMessage('validation.agents.percentRange') }),
    ...timing,
  }),
  z.object({
    id: ruleId,
    kind: z.literal('version'),
    expected: z
      .string({ error: fieldMessage('validation.agents.versionRequired') })
      .trim()
      .min(1, { error: fieldMessage('validation.agents.versionRequired') })
      .max(64, { error: fieldMessage('validation.agents.versionTooLong') }),
    ...timing,
  }),
  z.object({ id: ruleId, kind: z.literal('stream'), ...timing }),
  /** Fires when a storage's forecast (a robust fit of its recent usage) meets its capacity within `days`. */
  z.object({
    id: ruleId,
    kind: z.literal('diskFull'),
    days: z
      .number({ error: fieldMessage('validation.agents.daysRange') })
      .min(0.5, { error: fieldMessage('validation.agents.daysRange') })
      .max(365, { error: fieldMessage('validation.agents.daysRange') }),
    ...timing,
  }),
]);
export type WatchRule = z.infer<typeof watchRuleSchema>;

/** What one poll saw of one device: the parts the rules look at. */
export interface DeviceObservation {
  /** This computer's clock when the answer arrived (ms). */
  at: number;
  online: boolean;
  /** The device's `last_updated_at` (ms), when reported. */
  lastUpdatedAt: number | null;
  /** The fullest storage's usage in percent; null when the device has no measurable storage. */
  worstPercent: number | null;
  version: string;
  /** Each stream's reported status (the spec has seen only null; a null means "not reported"). */
  streams: { type: string; status: string | null }[];
  /** The soonest any storage is forecast to be full (days); null when none is filling or too little history is kept. */
  daysUntilFull?: number | null;
}

/** Per device and rule, kept between polls. */
export interface RuleState {
  raised: boolean;
  /** Consecutive polls on which the raise condition held (while not raised) or the release condition held (while raised). */
  streak: number;
}

/** Per device, kept between polls: when this watch list first saw it offline in the current outage. */
export interface DeviceWatchState {
  offlineSince: number | null;
}

export function initialRuleState(): RuleState {
  return { raised: false, streak: 0 };
}

/** Updates the device's outage start from one observation. */
export function nextDeviceState(previous: DeviceWatchState, observation: DeviceObservation): DeviceWatchState {
  if (observation.online) return { offlineSince: null };
  // The device's own last report, when earlier, dates the outage better than our first poll that saw it.
  const seen = previous.offlineSince ?? observation.at;
  const reported = observation.lastUpdatedAt;
  return { offlineSince: reported !== null && reported < seen ? reported : seen };
}

/** A stream counts as not active when it reports a status other than "active"; null (not reported) does not count. */
export function inactiveStreams(observation: Pick<DeviceObservation, 'streams'>): string[] {
  return observation.streams.filter((s) => s.status !== null && isInactive(s.status)).map((s) => s.type);
}

/** Whether a reported stream status means "not active" (any word but "active", in any case or spacing). */
export function isInactive(status: string): boolean {
  return status.trim().toLowerCase() !== 'active';
}

/** The facts an alert shows, so the screen can put them in words in the operator's language. */
export interface AlertFacts {
  /** offline: minutes offline so far. */
  minutes?: number;
  /** storage: the fullest storage's usage. */
  percent?: number;
  /** version: what the device runs. */
  version?: string;
  /** stream: the stream types that are not active. */
  streams?: string[];
  /** diskFull: days until the first storage is forecast full. */
  days?: number;
}

function raiseCondition(rule: WatchRule, observation: DeviceObservation, device: DeviceWatchState): boolean {
  switch (rule.kind) {
    case 'offline':
      return !observation.online && device.offlineSince !== null && observation.at - device.offlineSince >= rule.minutes * 60_000;
    case 'storage':
      return observation.worstPercent !== null && observation.worstPercent >= rule.percent;
    case 'version':
      return observation.version.trim() !== rule.expected.trim();
    case 'stream':
      return inactiveStreams(observation).length > 0;
    case 'diskFull':
      return observation.daysUntilFull != null && observation.daysUntilFull <= rule.days;
  }
}

function releaseCondition(rule: WatchRule, observation: DeviceObservation): boolean {
  switch (rule.kind) {
    case 'offline':
      return observation.online;
    case 'storage':
      return observation.worstPercent === null || observation.worstPercent < rule.percent - STORAGE_DEADBAND;
    case 'version':
      return observation.version.trim() === rule.expected.trim();
    case 'stream':
      return inactiveStreams(observation).length === 0;
    case 'diskFull':
      // A forecast is noisy near the line: it releases only once it is a day (or 10 %) past the rule's days.
      return observation.daysUntilFull == null || observation.daysUntilFull > rule.days + Math.max(1, rule.days * 0.1);
  }
}

function raiseAfter(rule: WatchRule): number {
  // The offline rule's minutes already are its delay.
  return rule.kind === 'offline' ? 1 : RAISE_AFTER;
}

export function factsOf(rule: WatchRule, observation: DeviceObservation, device: DeviceWatchState): AlertFacts {
  switch (rule.kind) {
    case 'offline':
      return { minutes: device.offlineSince === null ? 0 : Math.floor((observation.at - device.offlineSince) / 60_000) };
    case 'storage':
      return observation.worstPercent === null ? {} : { percent: Math.round(observation.worstPercent * 10) / 10 };
    case 'version':
      return { version: observation.version };
    case 'stream':
      return { streams: inactiveStreams(observation) };
    case 'diskFull':
      return observation.daysUntilFull == null ? {} : { days: Math.round(observation.daysUntilFull * 10) / 10 };
  }
}

/** What one poll says about a rule, for the alert state machine (main/alerts/rule-state.ts). */
export type RuleReading = 'holds' | 'clear' | 'between';

export function readingOf(rule: WatchRule, observation: DeviceObservation, device: DeviceWatchState): RuleReading {
  if (raiseCondition(rule, observation, device)) return 'holds';
  return releaseCondition(rule, observation) ? 'clear' : 'between';
}

/**
 * A rule's "for" and recovery in polls. Default: two polls each; the offline rule's minutes already are its delay, so
 * it fires on the first poll past them unless the operator asks for more.
 */
export function timingOf(rule: WatchRule): { forPolls: number; recoverPolls: number } {
  return { forPolls: rule.forPolls ?? raiseAfter(rule), recoverPolls: rule.recoverPolls ?? CLEAR_AFTER };
}

export type RuleTransition = 'raise' | 'clear' | null;

/**
 * One rule on one observation: the next state and whether an alert is raised or cleared now. Call with the device
 * state already advanced by `nextDeviceState` for this observation.
 */
export function evaluateRule(
  rule: WatchRule,
  observation: DeviceObservation,
  device: DeviceWatchState,
  previous: RuleState,
): { state: RuleState; transition: RuleTransition } {
  if (!previous.raised) {
    const streak = raiseCondition(rule, observation, device) ? previous.streak + 1 : 0;
    if (streak >= raiseAfter(rule)) return { state: { raised: true, streak: 0 }, transition: 'raise' };
    return { state: { raised: false, streak }, transition: null };
  }
  const streak = releaseCondition(rule, observation) ? previous.streak + 1 : 0;
  if (streak >= CLEAR_AFTER) return { state: { raised: false, streak: 0 }, transition: 'clear' };
  return { state: { raised: true, streak }, transition: null };
}
