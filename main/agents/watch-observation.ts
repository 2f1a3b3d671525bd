import type { StreamSummary, WatchRow } from '../../preload/contract/agents';
import { isInactive, type DeviceObservation } from '../../preload/contract/agents-rules';
import type { CameraAgent } from '../../preload/contract/wire/platform';
import type { StorageReading } from '../alerts/device-history';
import { worstPercentOf } from './watch-storage-readings';

function timeOf(iso: string | null): number | null {
  if (iso === null) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * What the rules look at in one answer. The device's report time is parsed when it is read, not for every answer:
 * only an offline device's is (it dates the outage, see nextDeviceState), and parsing a date for each of a cycle's
 * thousands of answers was a good part of the cycle's own work.
 */
class AnswerObservation implements DeviceObservation {
  readonly online: boolean;
  readonly worstPercent: number | null;
  readonly version: string;
  // The answer's own stream records (they carry type and status): a copy per device per cycle was garbage at once.
  readonly streams: CameraAgent['camera']['streams'];
  daysUntilFull?: number | null;
  readonly #reportedAt: string | null;

  constructor(
    device: CameraAgent,
    readonly at: number,
    readings: readonly StorageReading[],
  ) {
    this.online = device.is_online;
    this.worstPercent = worstPercentOf(readings);
    this.version = device.version;
    this.streams = device.camera.streams;
    this.#reportedAt = device.last_updated_at;
  }

  get lastUpdatedAt(): number | null {
    return timeOf(this.#reportedAt);
  }
}

/** What the rules look at in one answer; `readings`: its storages in megabytes (see storageReadings). */
export function observationOf(device: CameraAgent, at: number, readings: readonly StorageReading[]): DeviceObservation {
  return new AnswerObservation(device, at, readings);
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
