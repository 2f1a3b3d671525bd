import type { WatchAlert } from '../../../preload/contract/agents';
import type { WatchRule } from '../../../preload/contract/agents-rules';

/** A rule as text with its keys in one order: a rule edited in the form and the same rule read from main compare equal. */
function ruleText(rule: WatchRule): string {
  return JSON.stringify(rule, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) : value,
  );
}

/**
 * The active alerts of list `listId` that saving it with these devices and rules would end, as main ends them on a
 * save: those of devices taken off the list and of rules changed or removed. The editor warns of them before the save,
 * since they then read "Cleared" like an alert whose device recovered.
 */
export function alertsEndedByEdit(alerts: readonly WatchAlert[], listId: string, deviceIds: readonly string[], rules: readonly WatchRule[]): WatchAlert[] {
  const devices = new Set(deviceIds);
  const kept = new Set(rules.map(ruleText));
  return alerts.filter((a) => a.listId === listId && a.clearedAt === null && (!devices.has(a.deviceId) || !kept.has(ruleText(a.rule))));
}

/** Names the devices of those alerts, the first few by name (or number) and then how many more. */
export function endedDevices(alerts: readonly WatchAlert[], more: (count: number) => string, shown = 5): string {
  const names = [...new Set(alerts.map((a) => (a.deviceName ? `${a.deviceName} (${a.deviceId})` : a.deviceId)))];
  const listed = names.slice(0, shown).join(', ');
  return names.length > shown ? `${listed}, ${more(names.length - shown)}` : listed;
}
