import { storageUsages, type StorageUsage } from '../../preload/contract/agents-storage';
import type { CameraAgent } from '../../preload/contract/wire/platform';
import { timeOf } from './watch-observation';

/** What the readings of one answer are: its storages' usages and the time its `last_updated_at` names (ms). */
export interface DeviceReading {
  readonly usages: readonly StorageUsage[];
  readonly lastUpdatedAt: number | null;
}

/** One device's last reading, with the raw values it was derived from (to tell whether the next answer reads the same). */
interface Kept extends DeviceReading {
  /** Each storage's `usage` as reported (the usages hold it converted under the reading decided for all of them). */
  readonly rawUsage: readonly number[];
  readonly lastUpdatedText: string | null;
}

const NO_USAGES: readonly StorageUsage[] = [];
const NO_RAW: readonly number[] = [];

/**
 * What a watch cycle derives from each device's answer that stays the same while the device does: its storages'
 * usages (storageUsages) and its report time (Date.parse), kept per device and given again while the answers report
 * the same storages and time. A steady device, most of a cycle, then costs no usage objects and no date parsing: new
 * ones per device per cycle were the rules' largest allocation after the answer itself.
 */
export class DeviceReadings {
  #kept = new Map<string, Kept>();

  /** The readings of `device`'s answer: the ones kept for it when nothing they depend on changed. */
  of(id: string, device: CameraAgent): DeviceReading {
    const kept = this.#kept.get(id);
    const text = device.last_updated_at;
    if (kept !== undefined && sameStorages(kept, device.storages)) {
      if (kept.lastUpdatedText === text) return kept;
      const next: Kept = { usages: kept.usages, rawUsage: kept.rawUsage, lastUpdatedText: text, lastUpdatedAt: timeOf(text) };
      this.#kept.set(id, next);
      return next;
    }
    const storages = device.storages;
    const next: Kept = {
      usages: storages.length === 0 ? NO_USAGES : storageUsages(storages).storages,
      rawUsage: storages.length === 0 ? NO_RAW : storages.map((s) => s.usage),
      lastUpdatedText: text,
      lastUpdatedAt: kept !== undefined && kept.lastUpdatedText === text ? kept.lastUpdatedAt : timeOf(text),
    };
    this.#kept.set(id, next);
    return next;
  }

  /** Forgets every device (the list's devices changed). */
  clear(): void {
    this.#kept.clear();
  }
}

/** Whether `storages` report what the kept usages were derived from: the same disks, paths, usage and capacity. */
function sameStorages(kept: Kept, storages: CameraAgent['storages']): boolean {
  const usages = kept.usages;
  if (usages.length !== storages.length) return false;
  for (let i = 0; i < storages.length; i++) {
    const s = storages[i]!;
    const u = usages[i]!;
    if (s.id !== u.id || s.path !== u.path || s.capacity !== u.capacityMb || s.usage !== kept.rawUsage[i]) return false;
  }
  return true;
}
