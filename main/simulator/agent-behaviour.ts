import { z } from 'zod';
import type { AgentDevice } from './seed/types';
import { formatMicroIso } from './time-format';

/**
 * How a camera-agent device behaves over (simulated) time, for watch-list tests and benches: it flaps, goes offline,
 * stops answering, or fills its disks day by day. A behaviour is applied when the device is read, from the
 * simulator's clock, so pushing the clock forward (POST /_sim/clock) plays out days in a moment.
 */
const DAY_MS = 86_400_000;

export const agentBehaviourSchema = z.discriminatedUnion('kind', [
  /** Online for `upSec`, offline for `downSec`, repeating, from the moment it was set. */
  z.strictObject({ kind: z.literal('flap'), upSec: z.int().min(1).max(86_400), downSec: z.int().min(1).max(86_400) }),
  /** Offline from now on; its last report stays the moment it went. */
  z.strictObject({ kind: z.literal('offline') }),
  /** The platform cannot reach it: reading it answers 503 (the console sees "no data", not "offline"). */
  z.strictObject({ kind: z.literal('silent') }),
  /** Every storage's usage grows by this share of its capacity per day (negative: frees), never past its capacity. */
  z.strictObject({ kind: z.literal('fill'), percentPerDay: z.number().min(-100).max(100) }),
  /** Back to what the state says. */
  z.strictObject({ kind: z.literal('steady') }),
]);
export type AgentBehaviour = z.infer<typeof agentBehaviourSchema>;

export const behaveSchema = z.strictObject({ ids: z.array(z.int().min(1)).min(1).max(10_000), behaviour: agentBehaviourSchema });

export interface BehaviourRecord {
  behaviour: AgentBehaviour;
  /** The simulator's time when it was set. */
  since: number;
}

/** Whether a flapping device is online at `now`. */
export function flapOnline(since: number, upMs: number, downMs: number, now: number): boolean {
  return flapPhase(since, upMs, downMs, now) < upMs;
}

/** How far into its up-and-down period a flapping device is (ms). */
function flapPhase(since: number, upMs: number, downMs: number, now: number): number {
  const period = upMs + downMs;
  return (((now - since) % period) + period) % period;
}

/** A filling storage's usage at `now` (same unit as `usage`; capacity in megabytes, usage read in megabytes here). */
export function filledUsage(usage: number, capacity: number, percentPerDay: number, since: number, now: number): number {
  const grown = usage + (capacity * percentPerDay * (now - since)) / (100 * DAY_MS);
  return Math.round(Math.min(capacity, Math.max(0, grown)) * 100) / 100;
}

/** The device as read at `now`, or 'silent' when it does not answer. */
export function behave(device: AgentDevice, record: BehaviourRecord | undefined, now: number): AgentDevice | 'silent' {
  if (!record) return device;
  const { behaviour, since } = record;
  switch (behaviour.kind) {
    case 'steady':
      return device;
    case 'silent':
      return 'silent';
    case 'offline':
      return { ...device, is_online: false, last_updated_at: formatMicroIso(since) };
    case 'flap': {
      const upMs = behaviour.upSec * 1000;
      const phase = flapPhase(since, upMs, behaviour.downSec * 1000, now);
      // Offline, its last report is the moment this drop began.
      const lastReport = phase < upMs ? now : now - (phase - upMs);
      return { ...device, is_online: phase < upMs, last_updated_at: formatMicroIso(lastReport) };
    }
    case 'fill':
      return { ...device, storages: device.storages.map((s) => ({ ...s, usage: filledUsage(s.usage, s.capacity, behaviour.percentPerDay, since, now) })) };
  }
}
