import { decideUsageReading, usagePercent, type UsageReading } from '../../preload/contract/agents-storage';
import type { StorageRecord } from '../../preload/contract/wire/platform';
import type { StorageReading } from '../alerts/device-history';

/** How many of each reading's units make a megabyte: agents-storage's own table (`storageUsages` divides by it). */
const UNITS_PER_MB: Readonly<Record<UsageReading, number>> = { megabytes: 1, kilobytes: 1024, bytes: 1024 * 1024 };

const NO_READINGS: readonly StorageReading[] = [];

/**
 * A device's storages in megabytes, under the reading `storageUsages` decides, with the same numbers it gives, and
 * only what a watch cycle uses: device history keeps them and the rules read the fullest one. `storageUsages` also
 * works out each storage's path, flag and level, for the screens; a cycle of thousands of devices threw those away at
 * once (see the unit test that holds the two to the same numbers).
 */
export function storageReadings(storages: readonly StorageRecord[]): readonly StorageReading[] {
  if (storages.length === 0) return NO_READINGS;
  const divisor = UNITS_PER_MB[decideUsageReading(storages)];
  const readings: StorageReading[] = [];
  for (const storage of storages) readings.push({ id: storage.id, usedMb: storage.usage / divisor, capacityMb: storage.capacity });
  return readings;
}

/** The fullest storage's percentage (over-capacity counts as fullest, as in `worstUsage`); null when none is measured. */
export function worstPercentOf(readings: readonly StorageReading[]): number | null {
  let worst: number | null = null;
  for (const reading of readings) {
    const percent = usagePercent(reading.usedMb, reading.capacityMb);
    if (percent !== null && (worst === null || percent > worst)) worst = percent;
  }
  return worst;
}
