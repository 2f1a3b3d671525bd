import { describe, expect, it } from 'vitest';
import { applyListEdit, type DeviceRules } from '../../../main/agents/watch-edit-endings';
import { firingMachine, initialMachine } from '../../../main/alerts/rule-state';
import type { StoredList } from '../../../main/storage/repositories/watch-repository';
import type { WatchRule } from '../../../preload/contract/agents-rules';

const disk: WatchRule = { id: 'disk', kind: 'storage', percent: 95 };
const stream: WatchRule = { id: 'stream', kind: 'stream' };

function list(deviceIds: string[], rules: WatchRule[]): StoredList {
  return { id: 'l1', name: 'NOC wall', profileId: 'p', deviceIds, intervalSec: 60, concurrency: 4, rules, active: true, notes: [], createdAt: '2026-01-01T00:00:00.000Z' };
}

const device = (id: string, rules: DeviceRules['rules']): DeviceRules => ({ id, row: { name: `Cam ${id}` }, rules });

describe('what an edit of a watch list does to its rule states', () => {
  it('rules moved to other places keep their states there, and nothing ends', () => {
    const one = device('1', [firingMachine(5), initialMachine(5)]);
    expect(applyListEdit(list(['1'], [disk, stream]), list(['1'], [stream, disk]), [one], 9)).toEqual([]);
    expect(one.rules).toEqual([initialMachine(5), firingMachine(5)]);
  });

  it('a changed rule starts afresh and its firing state ends, told in words; the kept one stays', () => {
    const one = device('1', [firingMachine(5), firingMachine(6)]);
    const ended = applyListEdit(list(['1'], [disk, stream]), list(['1'], [{ ...disk, percent: 99 }, stream]), [one], 9);
    expect(ended).toEqual([
      { listId: 'l1', listName: 'NOC wall', deviceId: '1', ruleId: 'disk', change: { from: 'firing', to: 'normal', at: 9 }, sentence: 'Cam 1 (1): alert closed (storage over 95%) because the watch list was edited, not because it recovered.', cause: 'edit' },
    ]);
    expect(one.rules[0]).toBeUndefined();
    expect(one.rules[1]).toEqual(firingMachine(6));
  });

  it('a device taken off the list ends every state that is not normal; a device that stays with the same rules is left alone', () => {
    const gone = device('1', [initialMachine(1), { state: 'nodata', since: 2, streak: 0 }]);
    const stays = device('2', [firingMachine(3), initialMachine(3)]);
    const ended = applyListEdit(list(['1', '2'], [disk, stream]), list(['2'], [disk, stream]), [gone, stays], 9);
    expect(ended.map((c) => [c.deviceId, c.ruleId, c.change.from])).toEqual([['1', 'stream', 'nodata']]);
    expect(stays.rules).toEqual([firingMachine(3), initialMachine(3)]);
  });
});
