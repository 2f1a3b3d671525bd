import type { StreamSummary, WatchRow } from '../../preload/contract/agents';
import { isInactive, type DeviceObservation } from '../../preload/contract/agents-rules';
import type { StorageUsage } from '../../preload/contract/agents-storage';
import type { CameraAgent } from '../../preload/contract/wire/platform';

function timeOf(iso: string | null): number | null {
  if (iso === null) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** The fullest storage's percentage (over-capacity counts as fullest, see worstUsage); null when none is measured. */
function worstPercentOf(usages: readonly StorageUsage[]): number | null {
  let worst: number | null = null;
  for (const usage of usages) if (usage.percent !== null && (worst === null || usage.percent > worst)) worst = usage.percent;
  return worst;
}

/** What the rules look at in one answer; `usages`: its storages under the reading storageUsages decided. */
export function observationOf(device: CameraAgent, at: number, usages: readonly StorageUsage[]): DeviceObservation {
  return {
    at,
    online: device.is_online,
    lastUpdatedAt: timeOf(device.last_updated_at),
    worstPercent: worstPercentOf(usages),
    version: device.version,
    // The answer's own stream records (they carry type and status): a copy per device per cycle was garbage at once.
    streams: device.camera.streams,
  };
}

/** The streams column: none, all active, some not active, or not reported (the spec has seen only null). */
export function streamSummary(observation: Pick<DeviceObservation, 'streams'>): StreamSummary {
  const streams = observation.streams;
  if (streams.length === 0) return 'none';
  // One pass, no arrays: this is read for every device of every cycle (the same verdict as inactiveStreams).
  let allReported = true;
  for (const stream of streams) {
    if (stream.status === null) allReported = false;
    else if (isInactive(stream.status)) return 'inactive';
  }
  return allReported ? 'active' : 'unknown';
}

export function pendingRow(deviceId: string): WatchRow {
  return {
    deviceId,
    name: null,
    state: 'pending',
    online: null,
    worstStoragePercent: null,
    streams: 'unknown',
    version: null,
    mac: null,
    serial: null,
    lastSeenAt: null,
    polledAt: null,
    error: null,
    errorKind: null,
    activeAlerts: 0,
  };
}

/** The last moment written out: a cycle reads several devices within one millisecond. */
let lastStamp = { at: Number.NaN, iso: '' };

function isoOf(at: number): string {
  if (lastStamp.at !== at) lastStamp = { at, iso: new Date(at).toISOString() };
  return lastStamp.iso;
}

/** The row of a device that answered (written out field by field: a cycle builds hundreds, and a spread costs more). */
export function okRow(previous: WatchRow, device: CameraAgent, observation: DeviceObservation): WatchRow {
  return {
    deviceId: previous.deviceId,
    name: device.name,
    state: 'ok',
    online: device.is_online,
    worstStoragePercent: observation.worstPercent,
    streams: streamSummary(observation),
    version: device.version,
    mac: device.mac,
    serial: device.serial_number,
    lastSeenAt: device.last_updated_at,
    polledAt: isoOf(observation.at),
    error: null,
    errorKind: null,
    activeAlerts: previous.activeAlerts,
  };
}

/**
 * Whether the row `okRow(previous, device, observation)` would build reads the same as `previous` (rowChanged false),
 * found without building it: a steady device, most of a cycle, then costs no row.
 */
export function okRowUnchanged(previous: WatchRow, device: CameraAgent, observation: DeviceObservation): boolean {
  return (
    previous.state === 'ok' &&
    previous.name === device.name &&
    previous.online === device.is_online &&
    previous.worstStoragePercent === observation.worstPercent &&
    previous.version === device.version &&
    previous.mac === device.mac &&
    previous.serial === device.serial_number &&
    previous.lastSeenAt === device.last_updated_at &&
    previous.error === null &&
    previous.errorKind === null &&
    previous.streams === streamSummary(observation)
  );
}

/** The poll time of an answer read at `at`, as rows carry it. */
export function polledAt(at: number): string {
  return isoOf(at);
}

/**
 * Whether a row reads differently: the poll time alone is not a change (every answer moves it, and the table does not
 * show it), so a steady device is not pushed to the page after every cycle.
 */
export function rowChanged(a: WatchRow, b: WatchRow): boolean {
  return (
    a.state !== b.state ||
    a.name !== b.name ||
    a.online !== b.online ||
    a.worstStoragePercent !== b.worstStoragePercent ||
    a.streams !== b.streams ||
    a.version !== b.version ||
    a.mac !== b.mac ||
    a.serial !== b.serial ||
    a.lastSeenAt !== b.lastSeenAt ||
    a.error !== b.error ||
    a.errorKind !== b.errorKind
  );
}
