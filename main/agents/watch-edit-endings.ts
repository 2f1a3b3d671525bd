import type { AlertChange } from '../alerts/alert-service';
import type { MachineState } from '../alerts/rule-state';
import type { WatchRule } from '../../preload/contract/agents-rules';
import { ruleInWords } from './alert-words';
import { t } from '../shared/i18n';
import type { StoredList } from '../storage/repositories/watch-repository';

/** A device's rule states as a runner keeps them, in the order of its list's rules. */
export interface DeviceRules {
  readonly id: string;
  readonly row: { readonly name: string | null };
  rules: MachineState[];
}

/**
 * What an edit of a watch list does to its devices' rule states. A rule kept as it was keeps its state on every device
 * that stays (moved to the rule's new place). A rule changed or removed, and every rule of a device taken off the list,
 * ends: the save ended their alerts, and the answer is the changes that tell the alert log they are over. Untold, Alert
 * states showed them firing (pending, no data) for good: a device put back starts afresh and is never stepped out of
 * them, and one that is not put back is never polled again.
 */
export function applyListEdit(before: StoredList, after: StoredList, devices: Iterable<DeviceRules>, at: number): AlertChange[] {
  const kept = new Set(after.deviceIds);
  const rulesKept = JSON.stringify(before.rules) === JSON.stringify(after.rules);
  // Where each rule of before stands in after, when it is there unchanged; -1 when it changed or went.
  const places = before.rules.map((rule, index) => {
    if (rulesKept) return index;
    const text = JSON.stringify(rule);
    return after.rules.findIndex((other) => JSON.stringify(other) === text);
  });
  const ended: AlertChange[] = [];
  for (const device of devices) {
    const stays = kept.has(device.id);
    if (stays && rulesKept) continue;
    const next: MachineState[] = [];
    device.rules.forEach((state, index) => {
      const place = stays ? places[index]! : -1;
      if (place >= 0) next[place] = state;
      else if (state.state !== 'normal') ended.push(endOf(after, device, before.rules[index]!, state, at));
    });
    if (stays) device.rules = next;
  }
  return ended;
}

function endOf(list: StoredList, device: DeviceRules, rule: WatchRule, state: MachineState, at: number): AlertChange {
  const name = device.row.name;
  return {
    listId: list.id,
    listName: list.name,
    deviceId: device.id,
    ruleId: rule.id,
    change: { from: state.state, to: 'normal', at },
    sentence: t('agents.notify.endedByEdit', { device: name ? `${name} (${device.id})` : device.id, rule: ruleInWords(rule) }),
    cause: 'edit',
  };
}
