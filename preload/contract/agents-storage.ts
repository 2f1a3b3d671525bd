import type { StorageRecord } from './wire/platform';

/**
 * Storage readings of a camera-agent device. The spec gives `capacity` in megabytes and leaves the unit of `usage`
 * open, so the unit is decided from the data (one reading per device: a server reports all its disks alike) and the
 * screen says which reading it used. A storage whose usage still exceeds its capacity is flagged, never drawn.
 */

/** How `usage` is read. Tried in this order; the first under which every storage fits its capacity wins. */
export const usageReadings = ['megabytes', 'kilobytes', 'bytes'] as const;
export type UsageReading = (typeof usageReadings)[number];

const divisorOf: Record<UsageReading, number> = { megabytes: 1, kilobytes: 1024, bytes: 1024 * 1024 };

export interface StorageUsage {
  id: number;
  path: string;
  /** Used space in megabytes under the chosen reading. */
  usedMb: number;
  capacityMb: number;
  /** 0..100 for a storage that fits; above 100 when flagged; null when the capacity is zero or not a number. */
  percent: number | null;
  /** Usage exceeds capacity even under the chosen reading: show a flag, not a bar. */
  overCapacity: boolean;
  level: UsageLevel;
}

export type UsageLevel = 'ok' | 'warn' | 'bad' | 'unknown';

/** Usage from this percentage on is shown in warning colours, and from the second in alarm colours. */
export const WARN_PERCENT = 80;
export const BAD_PERCENT = 90;

export function usageLevel(percent: number | null, overCapacity = false): UsageLevel {
  if (percent === null) return 'unknown';
  if (overCapacity || percent >= BAD_PERCENT) return 'bad';
  return percent >= WARN_PERCENT ? 'warn' : 'ok';
}

function isUsable(value: number): boolean {
  return Number.isFinite(value) && value >= 0;
}

/**
 * A storage reported up to this much over its capacity is read as over-full in the reading tried, not as a sign that
 * usage is in a smaller unit: the readings are 1024 times apart, so a disk 0.6 % over its capacity in megabytes would
 * otherwise read as 0.1 % full in kilobytes, and a full disk would look empty. (The price: a device that reports
 * kilobytes with a disk under 0.13 % full is read as over-full megabytes and flagged, which an operator notices.)
 */
export const OVERFILL_TOLERANCE = 1.25;

/**
 * The first reading under which every storage's usage fits its capacity (within the tolerance above); `megabytes`
 * (the capacity's own unit) when every usage fits as is or when no reading fits all (then the misfits are flagged).
 */
export function decideUsageReading(storages: readonly Pick<StorageRecord, 'usage' | 'capacity'>[]): UsageReading {
  for (const reading of usageReadings) if (everyFits(storages, divisorOf[reading])) return reading;
  return 'megabytes';
}

/**
 * Whether every measurable storage (usage and capacity numbers, capacity above zero) fits under `divisor`; the others
 * do not count. Loops, not filter and every: a watch cycle decides the reading of every device it reads.
 */
function everyFits(storages: readonly Pick<StorageRecord, 'usage' | 'capacity'>[], divisor: number): boolean {
  for (const s of storages) {
    if (!isUsable(s.usage) || !isUsable(s.capacity) || s.capacity <= 0) continue;
    if (!(s.usage / divisor <= s.capacity * OVERFILL_TOLERANCE)) return false;
  }
  return true;
}

/** Usage percentage of one storage; null when the capacity is zero, negative or not a number. */
export function usagePercent(usedMb: number, capacityMb: number): number | null {
  if (!isUsable(usedMb) || !isUsable(capacityMb) || capacityMb === 0) return null;
  return (usedMb / capacityMb) * 100;
}

/** Every storage of a device under one reading, with its percentage and level. */
export function storageUsages(storages: readonly StorageRecord[]): { reading: UsageReading; storages: StorageUsage[] } {
  const reading = decideUsageReading(storages);
  return {
    reading,
    storages: storages.map((s) => {
      const usedMb = s.usage / divisorOf[reading];
      const percent = usagePercent(usedMb, s.capacity);
      const overCapacity = percent !== null && percent > 100;
      return { id: s.id, path: s.path, usedMb, capacityMb: s.capacity, percent, overCapacity, level: usageLevel(percent, overCapacity) };
    }),
  };
}

/** The fullest storage of a device (over-capacity counts as fullest); null when it has none that can be measured. */
export function worstUsage(storages: readonly StorageRecord[]): StorageUsage | null {
  let worst: StorageUsage | null = null;
  for (const usage of storageUsages(storages).storages) {
    if (usage.percent === null) continue;
    if (worst === null || usage.percent > (worst.percent ?? -1)) worst = usage;
  }
  return worst;
}

export const sizeUnits = ['MB', 'GB', 'TB', 'PB'] as const;
export type SizeUnit = (typeof sizeUnits)[number];

/**
 * A size given in megabytes, in the largest unit that keeps the number at or above 1 (steps of 1024, as the
 * operating systems that report these disks count: a "1 TB" disk of 953,869 MB reads 931.5 GB).
 */
export function humanSize(megabytes: number): { amount: number; unit: SizeUnit } {
  let amount = Math.max(0, megabytes);
  let index = 0;
  while (amount >= 1024 && index < sizeUnits.length - 1) {
    amount /= 1024;
    index += 1;
  }
  return { amount, unit: sizeUnits[index]! };
}

/** Digits after the decimal point for a size: 1 below 100 (931.5 GB), none from 100 (476 GB). */
export function sizeFractionDigits(amount: number): number {
  return amount < 100 ? 1 : 0;
}
