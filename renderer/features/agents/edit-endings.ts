import type { WatchAlert, WatchListSummary } from '../../../preload/contract/agents';
import type { WatchRule } from '../../../preload/contract/agents-rules';

/** A rule as text with its keys in one order: a rule edited in the form and the same rule read from main compare equal. */
function ruleText(rule: WatchRule): string {
  return JSON.stringify(rule, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) : value,
  );
}

/** What a list watches now: its devices and its rules (as text), to tell which alerts an edit ended or would end. */
export interface ListNow {
  readonly devices: ReadonlySet<string>;
  readonly rules: ReadonlySet<string>;
}

function listNow(deviceIds: readonly string[], rules: readonly WatchRule[]): ListNow {
  return { devices: new Set(deviceIds), rules: new Set(rules.map(ruleText)) };
}

/** Why an alert's list no longer watches it: its device was taken off, or its rule changed or went; null while it does. */
export function offTheList(alert: WatchAlert, list: ListNow | undefined): 'device' | 'rule' | null {
  if (!list) return null;
  if (!list.devices.has(alert.deviceId)) return 'device';
  return list.rules.has(ruleText(alert.rule)) ? null : 'rule';
}

/** Every list by id, as it watches now. */
export function listsNow(lists: readonly WatchListSummary[]): Map<string, ListNow> {
  return new Map(lists.map((l) => [l.id, listNow(l.deviceIds, l.rules)]));
}

/**
 * The active alerts of list `listId` that saving it with these devices and rules would end, as main ends them on a
 * save: those of devices taken off the list and of rules changed or removed. The editor warns of them before the save,
 * since they then read "Cleared" like an alert whose device recovered.
 */
export function alertsEndedByEdit(alerts: readonly WatchAlert[], listId: string, deviceIds: readonly string[], rules: readonly WatchRule[]): WatchAlert[] {
  const after = listNow(deviceIds, rules);
  return alerts.filter((a) => a.listId === listId && a.clearedAt === null && offTheList(a, after) !== null);
}

/** Names the devices of those alerts, the first few by name (or number) and then how many more. */
export function endedDevices(alerts: readonly WatchAlert[], more: (count: number) => string, shown = 5): string {
  const names = [...new Set(alerts.map((a) => (a.deviceName ? `${a.deviceName} (${a.deviceId})` : a.deviceId)))];
  const listed = names.slice(0, shown).join(', ');
  return names.length > shown ? `${listed}, ${more(names.length - shown)}` : listed;
}
