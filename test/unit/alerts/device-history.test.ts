import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeviceHistory } from '../../../main/alerts/device-history';
import { migrations, openStorage, type Storage } from '../../../main/storage';
import { createAlertHistoryRepository } from '../../../main/storage/repositories/alert-history-repository';

const DAY = 86_400_000;
const POLL = 30_000;
const T0 = Date.UTC(2026, 10, 1);
let folders: string[] = [];
let opened: Storage[] = [];

function open(folder = mkdtempSync(join(tmpdir(), 'wd-history-'))): { storage: Storage; folder: string } {
  folders.push(folder);
  const storage = openStorage({ folder, migrations });
  opened.push(storage);
  return { storage, folder };
}

afterEach(() => {
  for (const s of opened) s.close();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
  opened = [];
  folders = [];
});

describe('device history', () => {
  it('keeps transitions and samples, not every poll: a day of 30 s polls of a steady device is two rows', () => {
    const { storage } = open();
    const repository = createAlertHistoryRepository(storage);
    const history = createDeviceHistory({ repository });
    for (let at = T0; at < T0 + DAY - POLL; at += POLL) history.observe('p', '1001', at, true, 'active', [{ id: 1, usedMb: 500_000 + ((at / POLL) % 3), capacityMb: 1_000_000 }]);
    const timeline = history.timeline('p', '1001', T0);
    expect(timeline.transitions).toEqual([{ at: T0, online: true, status: 'active' }]);
    expect(timeline.samples).toHaveLength(1);
  });

  it("keeps one device's history through its handle exactly as through the service's calls, in the same memory", () => {
    const { storage } = open();
    const history = createDeviceHistory({ repository: createAlertHistoryRepository(storage) });
    const device = history.deviceOf('p', '8');
    const cap = 1_000_000;
    let at = T0;
    for (let i = 0; i < 2880 * 3; i++, at += POLL) {
      const online = !(i >= 100 && i < 104);
      const readings = [{ id: 1, usedMb: 400_000 + (cap * 0.05 * (at - T0)) / DAY, capacityMb: cap }];
      // Both ways, on two devices, and the handle's device once through the service too: one memory per device.
      if (i >= 200 && i < 202) {
        device.unreadable(at);
        history.unreadable('p', '7', at);
      } else if (i % 2 === 0) {
        device.observe(at, online, 'active', readings);
        history.observe('p', '7', at, online, 'active', readings);
      } else {
        history.observe('p', '8', at, online, 'active', readings);
        history.observe('p', '7', at, online, 'active', readings);
      }
    }
    expect(history.timeline('p', '8', T0)).toEqual(history.timeline('p', '7', T0));
    expect(device.daysUntilFull(at)).toBeCloseTo(9, 0);
    expect(device.daysUntilFull(at)).toBe(history.daysUntilFull('p', '7', at));
  });

  it('records online/offline and unreadable polls as transitions, and a filling disk as samples a point apart', () => {
    const { storage } = open();
    const history = createDeviceHistory({ repository: createAlertHistoryRepository(storage) });
    const cap = 1_000_000;
    let at = T0;
    for (let i = 0; i < 2880 * 3; i++, at += POLL) {
      const online = !(i >= 100 && i < 104);
      if (i >= 200 && i < 202) history.unreadable('p', '7', at);
      else history.observe('p', '7', at, online, 'active', [{ id: 1, usedMb: 400_000 + (cap * 0.05 * (at - T0)) / DAY, capacityMb: cap }]);
    }
    const timeline = history.timeline('p', '7', T0);
    expect(timeline.transitions.map((t) => t.online)).toEqual([true, false, true, null, true]);
    // 15 points of growth over three days at a one-point step, plus the first sample.
    expect(timeline.samples.length).toBeGreaterThanOrEqual(15);
    expect(timeline.samples.length).toBeLessThanOrEqual(17);
    // 5 %/day with 45 % left at the end: about nine days.
    expect(history.daysUntilFull('p', '7', at)).toBeCloseTo(9, 0);
    const [forecast] = history.forecasts('p', '7', at);
    expect(forecast!.mbPerDay).toBeCloseTo(50_000, -3);
    expect(forecast!.points.length).toBeGreaterThanOrEqual(3);
  });

  it('a console started again goes on from what the database holds, without writing the same state twice', () => {
    const { storage, folder } = open();
    const first = createDeviceHistory({ repository: createAlertHistoryRepository(storage) });
    first.observe('p', '9', T0, false, 'error', [{ id: 2, usedMb: 10, capacityMb: 100 }]);
    first.flush();
    storage.close();
    opened = opened.filter((s) => s !== storage);
    const again = open(folder).storage;
    const second = createDeviceHistory({ repository: createAlertHistoryRepository(again) });
    second.observe('p', '9', T0 + POLL, false, 'error', [{ id: 2, usedMb: 10, capacityMb: 100 }]);
    const timeline = second.timeline('p', '9', T0);
    expect(timeline.transitions).toHaveLength(1);
    expect(timeline.samples).toHaveLength(1);
  });

  it('deletes history older than thirty days, keeping the state the window opens in', () => {
    const { storage } = open();
    const repository = createAlertHistoryRepository(storage);
    const history = createDeviceHistory({ repository, flushEveryMs: 0 });
    history.observe('p', '5', T0, true, 'active', [{ id: 1, usedMb: 10, capacityMb: 100 }]);
    history.observe('p', '5', T0 + DAY, false, 'active', [{ id: 1, usedMb: 10, capacityMb: 100 }]);
    history.observe('p', '5', T0 + 40 * DAY, false, 'active', [{ id: 1, usedMb: 10, capacityMb: 100 }]);
    history.flush();
    const timeline = repository.historyOf('p', '5', 0);
    expect(timeline.transitions.map((t) => t.at)).toEqual([T0 + DAY]);
    expect(timeline.samples.map((s) => s.at)).toEqual([T0 + 40 * DAY]);
  });
});

describe('alert transition log', () => {
  it('appends transitions in one transaction and reads them per alert, oldest first; resumes the states that were not normal', () => {
    const { storage } = open();
    const repository = createAlertHistoryRepository(storage);
    repository.appendTransitions([
      { listId: 'l', deviceId: '1', ruleId: 'r', at: 1, from: 'normal', to: 'pending', note: null },
      { listId: 'l', deviceId: '1', ruleId: 'r', at: 2, from: 'pending', to: 'firing', note: null },
      { listId: 'l', deviceId: '2', ruleId: 'r', at: 2, from: 'normal', to: 'nodata', note: null },
      { listId: 'l', deviceId: '2', ruleId: 'r', at: 3, from: 'nodata', to: 'normal', note: null },
    ]);
    expect(repository.transitionsOf('l', { deviceId: '1' }).map((t) => t.to)).toEqual(['pending', 'firing']);
    expect(repository.lastStates('l')).toEqual([{ deviceId: '1', ruleId: 'r', state: 'firing', since: 2 }]);
    repository.forgetList('l');
    expect(repository.transitionsOf('l')).toEqual([]);
  });
});
