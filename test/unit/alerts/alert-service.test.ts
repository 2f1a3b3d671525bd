import { afterEach, describe, expect, it } from 'vitest';
import { createAlertService } from '../../../main/alerts/alert-service';
import { createRecordingNotifier } from '../../../main/shared/notifier';
import { migrations, openStorage, type Storage } from '../../../main/storage';
import { createAlertHistoryRepository } from '../../../main/storage/repositories/alert-history-repository';
import type { AlertChange } from '../../../main/alerts/alert-service';

let storage: Storage;
afterEach(() => storage.close());

function change(deviceId: string, from: AlertChange['change']['from'], to: AlertChange['change']['to'], at: number): AlertChange {
  return { listId: 'l', listName: 'Site A', deviceId, ruleId: 'r', change: { from, to, at }, sentence: `device ${deviceId}` };
}

function service(now: { at: number }) {
  storage = openStorage({ folder: '/nowhere', migrations, inMemory: true });
  const notifier = createRecordingNotifier();
  const committed: string[][] = [];
  const alerts = createAlertService({
    repository: createAlertHistoryRepository(storage),
    notifier,
    now: () => now.at,
    commitDelayMs: 0,
    grouping: { quietMs: 0 },
    onCommitted: (ids) => committed.push(ids),
  });
  return { alerts, notifier, committed };
}

describe('alert service', () => {
  it('writes every change to the log before telling anyone, keeps the current states, and notifies a firing once', () => {
    const now = { at: 1000 };
    const { alerts, notifier, committed } = service(now);
    alerts.report([change('1', 'normal', 'pending', 1000)]);
    alerts.report([change('1', 'pending', 'firing', 2000)]);
    expect(committed).toEqual([['l'], ['l']]);
    expect(alerts.transitions('l').map((t) => t.to)).toEqual(['pending', 'firing']);
    expect(alerts.states('l')).toMatchObject([{ deviceId: '1', state: 'firing', since: 2000 }]);
    expect(notifier.sent).toEqual([{ title: 'Watchdesk: Site A', body: 'device 1', link: '#/agents/watch/l/1' }]);
  });

  it('refuses to acknowledge an alert that is not firing or pending, in words', () => {
    const { alerts } = service({ at: 0 });
    expect(() => alerts.acknowledge('l', '9', 'r', 'note')).toThrow('Only a firing or pending alert can be acknowledged.');
  });

  it('acknowledge and snooze answer the one state they changed, not the whole list', () => {
    const now = { at: 1000 };
    const { alerts } = service(now);
    alerts.report([change('1', 'normal', 'firing', 1000), change('2', 'normal', 'firing', 1000)]);
    now.at = 2000;
    expect(alerts.acknowledge('l', '1', 'r', ' on the way ')).toEqual({
      listId: 'l',
      deviceId: '1',
      ruleId: 'r',
      state: 'firing',
      since: 1000,
      snoozedUntil: null,
      acknowledged: { at: 2000, note: 'on the way' },
      muted: false,
    });
    expect(alerts.snooze('l', '2', 'r', 9000)).toMatchObject({ deviceId: '2', state: 'firing', snoozedUntil: 9000 });
    // A normal alert is listed while snoozed, and no longer once woken: null says it left the list.
    expect(alerts.snooze('l', '3', 'r', 9000)).toMatchObject({ deviceId: '3', state: 'normal', snoozedUntil: 9000 });
    expect(alerts.snooze('l', '3', 'r', null)).toBeNull();
    expect(alerts.states('l').map((s) => s.deviceId).sort()).toEqual(['1', '2']);
  });

  it('a snoozed alert raises nothing until its time; a muted device raises nothing at all', () => {
    const now = { at: 0 };
    const { alerts, notifier } = service(now);
    alerts.snooze('l', '1', 'r', 5000);
    alerts.mute('l', '2', true);
    alerts.report([change('1', 'pending', 'firing', 1000), change('2', 'pending', 'firing', 1000)]);
    expect(notifier.sent).toEqual([]);
    expect(alerts.states('l').map((s) => [s.deviceId, s.state, s.muted])).toEqual(
      expect.arrayContaining([['1', 'firing', false], ['2', 'firing', true]]),
    );
    alerts.mute('l', '2', false);
    expect(alerts.mutedDevices('l')).toEqual([]);
  });
});
