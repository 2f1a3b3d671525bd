import type { StorageForecast } from '../../preload/contract/agents-alerts';
import { log } from '../shared/log';
import type { AlertHistoryRepository, DeviceHistory, DeviceTransitionRow, StorageSampleRow } from '../storage/repositories/alert-history-repository';
import { FORECAST_WINDOW_DAYS, forecastStorage, type Forecast } from './forecast';

const DAY_MS = 86_400_000;

export interface StorageReading {
  id: number;
  usedMb: number;
  capacityMb: number;
}

export interface DeviceHistoryOptions {
  repository: AlertHistoryRepository;
  /** A storage sample is kept when usage moved by this share of the capacity since the last one kept… */
  sampleStepPercent?: number;
  /** …or this long after it, so a steady disk still shows it was read. */
  heartbeatMs?: number;
  /** Rows gather in memory until this many wait, or `flushEveryMs` has passed (history is not an acknowledged change). */
  flushRows?: number;
  flushEveryMs?: number;
  /** History older than this is deleted (checked once an hour of observed time). */
  retentionMs?: number;
}

interface StorageMemo {
  readonly id: number;
  lastAt: number;
  lastUsed: number;
  lastCapacity: number;
  /** Kept samples of the forecast window, oldest first: [ms, used MB]. */
  recent: Array<[number, number]>;
  /** The fitted moment of full (ms), Infinity when not filling, null when too little data; undefined when out of date. */
  fullAt: number | null | undefined;
  fit: Forecast | null | undefined;
}

interface DeviceMemo {
  online: boolean | null | undefined;
  status: string | null | undefined;
  /**
   * In the order first seen. A device has a few storages: a list searched by id costs a watch cycle's answer less than
   * a map, whose table is more memory to fetch for every answer.
   */
  storages: StorageMemo[];
}

/**
 * One device's history, for a caller that records it poll after poll (a watch list): the service's calls for that
 * device, without finding the device in the service's maps on every answer (two lookups in maps of thousands, a good
 * part of a cycle's own work on a busy machine).
 */
export interface DeviceHistoryOf {
  observe(at: number, online: boolean, status: string, storages: readonly StorageReading[]): void;
  unreadable(at: number): void;
  daysUntilFull(now: number): number | null;
}

export interface DeviceHistoryService {
  /** One successful poll of a device. Cheap when nothing changed: no row, no allocation beyond the call. */
  observe(profileId: string, deviceId: string, at: number, online: boolean, status: string, storages: readonly StorageReading[]): void;
  /** A poll that could not read the device: kept as a "no data" transition (online and status unknown). */
  unreadable(profileId: string, deviceId: string, at: number): void;
  /** The soonest any of the device's storages is forecast full, in days from `now`; null when none is filling or data is short. */
  daysUntilFull(profileId: string, deviceId: string, now: number): number | null;
  forecasts(profileId: string, deviceId: string, now: number): StorageForecast[];
  /** The calls above for one device (its memory is read from the database on the first of them, as theirs). */
  deviceOf(profileId: string, deviceId: string): DeviceHistoryOf;
  /** Transitions and samples since `sinceMs` (what waits in memory is written first). */
  timeline(profileId: string, deviceId: string, sinceMs: number): DeviceHistory;
  /** Writes what waits, in one transaction. */
  flush(): void;
}

function storageOf(memo: DeviceMemo, id: number): StorageMemo | undefined {
  for (const storage of memo.storages) if (storage.id === id) return storage;
  return undefined;
}

function newStorage(memo: DeviceMemo, id: number): StorageMemo {
  const storage: StorageMemo = { id, lastAt: 0, lastUsed: 0, lastCapacity: 0, recent: [], fullAt: undefined, fit: undefined };
  memo.storages.push(storage);
  return storage;
}

export function createDeviceHistory(options: DeviceHistoryOptions): DeviceHistoryService {
  const repository = options.repository;
  const stepShare = (options.sampleStepPercent ?? 1) / 100;
  const heartbeatMs = options.heartbeatMs ?? DAY_MS;
  const flushRows = options.flushRows ?? 2000;
  const flushEveryMs = options.flushEveryMs ?? 5 * 60_000;
  const retentionMs = options.retentionMs ?? 30 * DAY_MS;
  const windowMs = FORECAST_WINDOW_DAYS * DAY_MS;

  const profiles = new Map<string, Map<string, DeviceMemo>>();
  let transitions: DeviceTransitionRow[] = [];
  let samples: StorageSampleRow[] = [];
  let lastFlushAt: number | null = null;
  let lastPruneAt: number | null = null;

  /** The device's memory, read once from the database so that a restart does not write everything again. */
  function memoOf(profileId: string, deviceId: string, at: number): DeviceMemo {
    let devices = profiles.get(profileId);
    if (!devices) profiles.set(profileId, (devices = new Map()));
    let memo = devices.get(deviceId);
    if (memo) return memo;
    memo = { online: undefined, status: undefined, storages: [] };
    try {
      const past = repository.historyOf(profileId, deviceId, at - windowMs);
      const last = past.transitions.at(-1);
      if (last) {
        memo.online = last.online;
        memo.status = last.status;
      }
      for (const s of past.samples) {
        const storage = storageOf(memo, s.storageId) ?? newStorage(memo, s.storageId);
        storage.lastAt = s.at;
        storage.lastUsed = s.usedMb;
        storage.lastCapacity = s.capacityMb;
        storage.recent.push([s.at, s.usedMb]);
      }
    } catch (error) {
      log.warn('alerts', `device history could not be read: ${String(error)}`);
    }
    devices.set(deviceId, memo);
    return memo;
  }

  function transition(profileId: string, deviceId: string, memo: DeviceMemo, at: number, online: boolean | null, status: string | null): void {
    if (memo.online === online && memo.status === status) return;
    memo.online = online;
    memo.status = status;
    transitions.push({ profileId, deviceId, at, online, status });
  }

  function maybeFlush(at: number): void {
    lastFlushAt ??= at;
    if (transitions.length + samples.length >= flushRows || at - lastFlushAt >= flushEveryMs) {
      lastFlushAt = at;
      flush();
      if (lastPruneAt === null || at - lastPruneAt >= 3_600_000) {
        lastPruneAt = at;
        try {
          repository.prune(at - retentionMs);
        } catch (error) {
          log.warn('alerts', `old device history could not be deleted: ${String(error)}`);
        }
      }
    }
  }

  function flush(): void {
    if (transitions.length === 0 && samples.length === 0) return;
    try {
      repository.appendHistory(transitions, samples);
      transitions = [];
      samples = [];
    } catch (error) {
      // Kept for the next attempt, within reason: history is worth less than the memory of a console left running.
      log.warn('alerts', `device history could not be saved: ${String(error)}`);
      if (transitions.length + samples.length > 50 * flushRows) {
        transitions = [];
        samples = [];
      }
    }
  }

  function fitOf(storage: StorageMemo, now: number): Forecast | null {
    if (storage.fit === undefined) {
      storage.fit = forecastStorage(storage.recent, storage.lastCapacity, now);
      storage.fullAt = storage.fit === null ? null : storage.fit.daysUntilFull === null ? Infinity : now + storage.fit.daysUntilFull * DAY_MS;
    }
    return storage.fit;
  }

  function observeIn(memo: DeviceMemo, profileId: string, deviceId: string, at: number, online: boolean, status: string, storages: readonly StorageReading[]): void {
    if (memo.online !== online || memo.status !== status) transition(profileId, deviceId, memo, at, online, status);
    for (let i = 0; i < storages.length; i++) {
      const reading = storages[i]!;
      let storage = storageOf(memo, reading.id);
      if (
        storage !== undefined &&
        at - storage.lastAt < heartbeatMs &&
        reading.capacityMb === storage.lastCapacity &&
        Math.abs(reading.usedMb - storage.lastUsed) < stepShare * reading.capacityMb
      ) {
        continue;
      }
      storage ??= newStorage(memo, reading.id);
      storage.lastAt = at;
      storage.lastUsed = reading.usedMb;
      storage.lastCapacity = reading.capacityMb;
      storage.recent.push([at, reading.usedMb]);
      let drop = 0;
      while (drop < storage.recent.length && storage.recent[drop]![0] < at - windowMs) drop++;
      if (drop > 0) storage.recent.splice(0, drop);
      storage.fit = undefined;
      storage.fullAt = undefined;
      samples.push({ profileId, deviceId, storageId: reading.id, at, usedMb: reading.usedMb, capacityMb: reading.capacityMb });
    }
    maybeFlush(at);
  }

  function unreadableIn(memo: DeviceMemo, profileId: string, deviceId: string, at: number): void {
    if (memo.online !== null || memo.status !== null) transition(profileId, deviceId, memo, at, null, null);
    maybeFlush(at);
  }

  function daysUntilFullIn(memo: DeviceMemo | undefined, now: number): number | null {
    if (!memo) return null;
    let soonest: number | null = null;
    for (const storage of memo.storages) {
      if (storage.fullAt === undefined) fitOf(storage, now);
      const fullAt = storage.fullAt;
      if (fullAt === null || fullAt === undefined || fullAt === Infinity) continue;
      const days = Math.max(0, (fullAt - now) / DAY_MS);
      if (soonest === null || days < soonest) soonest = days;
    }
    return soonest;
  }

  return {
    observe(profileId, deviceId, at, online, status, storages) {
      observeIn(memoOf(profileId, deviceId, at), profileId, deviceId, at, online, status, storages);
    },

    unreadable(profileId, deviceId, at) {
      unreadableIn(memoOf(profileId, deviceId, at), profileId, deviceId, at);
    },

    daysUntilFull(profileId, deviceId, now) {
      return daysUntilFullIn(profiles.get(profileId)?.get(deviceId), now);
    },

    deviceOf(profileId, deviceId) {
      let memo: DeviceMemo | undefined;
      return {
        observe(at, online, status, storages) {
          observeIn((memo ??= memoOf(profileId, deviceId, at)), profileId, deviceId, at, online, status, storages);
        },
        unreadable(at) {
          unreadableIn((memo ??= memoOf(profileId, deviceId, at)), profileId, deviceId, at);
        },
        daysUntilFull(now) {
          return daysUntilFullIn((memo ??= profiles.get(profileId)?.get(deviceId)), now);
        },
      };
    },

    forecasts(profileId, deviceId, now) {
      const memo = profiles.get(profileId)?.get(deviceId) ?? memoOf(profileId, deviceId, now);
      const out: StorageForecast[] = [];
      for (const storage of memo.storages) {
        const storageId = storage.id;
        const fit = fitOf(storage, now);
        out.push({
          deviceId,
          storageId,
          mbPerDay: fit?.mbPerDay ?? 0,
          daysUntilFull: fit?.daysUntilFull ?? null,
          capacityMb: storage.lastCapacity,
          points: fit?.points ?? storage.recent.map(([t, y]) => [t, y]),
        });
      }
      return out;
    },

    timeline(profileId, deviceId, sinceMs) {
      flush();
      return repository.historyOf(profileId, deviceId, sinceMs);
    },

    flush,
  };
}
