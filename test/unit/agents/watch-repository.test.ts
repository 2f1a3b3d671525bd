import { describe, expect, it } from 'vitest';
import { migrations, openStorage } from '../../../main/storage';
import { createWatchRepository, MAX_KEPT_ALERTS, type StoredList } from '../../../main/storage/repositories/watch-repository';
import type { WatchAlert } from '../../../preload/contract/agents';

const list: StoredList = { id: 'l1', name: 'Wall', profileId: 'p', deviceIds: ['1', '2'], intervalSec: 60, concurrency: 2, rules: [], active: true, notes: [], createdAt: '2026-11-20T10:00:00.000Z' };
const alert = (n: number, cleared: boolean): WatchAlert => ({
  id: `a${n}`, listId: 'l1', listName: 'Wall', deviceId: String(n), deviceName: null, rule: { id: 'r', kind: 'offline', minutes: 5 }, facts: {},
  raisedAt: '2026-11-20T10:00:00.000Z', clearedAt: cleared ? '2026-11-20T11:00:00.000Z' : null, acknowledgedAt: null,
});

describe('watch lists and alerts in the database', () => {
  it('keeps every raised alert and only the newest cleared ones beyond the cap', () => {
    const repository = createWatchRepository(openStorage({ folder: 'memory', migrations, inMemory: true }));
    repository.saveList(list, []);
    repository.saveAlerts([alert(0, false), ...Array.from({ length: MAX_KEPT_ALERTS + 100 }, (_, n) => alert(n + 1, true)), alert(99_999, false)]);
    const { alerts } = repository.load();
    expect(alerts).toHaveLength(MAX_KEPT_ALERTS);
    expect(alerts.filter((a) => a.clearedAt === null).map((a) => a.id)).toEqual(['a0', 'a99999']);
    expect(alerts.some((a) => a.id === 'a1')).toBe(false);
    expect(alerts.some((a) => a.id === `a${MAX_KEPT_ALERTS + 100}`)).toBe(true);
  });

  it('removes a list together with its alerts', () => {
    const repository = createWatchRepository(openStorage({ folder: 'memory', migrations, inMemory: true }));
    repository.saveList(list, [alert(1, false)]);
    repository.saveList({ ...list, id: 'l2', name: 'Other' }, []);
    repository.removeList('l1');
    expect(repository.load()).toEqual({ lists: [{ ...list, id: 'l2', name: 'Other' }], alerts: [] });
  });
});
