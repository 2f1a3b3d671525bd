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

export const watchRuleSchema = z.discriminatedUnion('kind', [
  z.object({
    id: ruleId,
    kind: z.literal('offline'),
    minutes: z
      .number({ error: fieldMessage('validation.agents.minutesWhole') })
      .int({ error: fieldMessage('validation.agents.minutesWhole') })
      .min(1, { error: fieldMessage('validation.agents.minutesMin') })
      .max(10_080, { error: fieldMessage('validation.agents.minutesMax') }),
  }),
  z.object({
    id: ruleId,
    kind: z.literal('storage'),
    percent: z
      .number({ error: fieldMessage('validation.agents.percentRange') })
      .min(1, { error: fieldMessage('validation.agents.percentRange') })
      .max(100, { error: fieldMessage('validation.agents.percentRange') }),
  }),
  z.object({
    id: ruleId,
    kind: z.literal('version'),
    expected: z
      .string({ error: fieldMessage('validation.agents.versionRequired') })
      .trim()
      .min(1, { error: fieldMessage('validation.agents.versionRequired') })
      .max(64, { error: fieldMessage('validation.agents.versionTooLong') }),
  }),
  z.object({ id: ruleId, kind: z.literal('stream') }),
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
  return observation.streams.filter((s) => s.status !== null && s.status.trim().toLowerCase() !== 'active').map((s) => s.type);
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
  }
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
