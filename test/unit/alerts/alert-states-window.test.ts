import { describe, expect, it } from 'vitest';
import { alertStatesWindowQuerySchema, type AlertStateName, type AlertStateView } from '../../../preload/contract/agents-alerts';
import { alertStatesWindow } from '../../../main/alerts/alert-states-window';

function view(deviceId: string, ruleId: string, state: AlertStateName, since: number): AlertStateView {
  return { listId: 'l', deviceId, ruleId, state, since, snoozedUntil: null, acknowledged: null, muted: false };
}

// In the service's order: the newest state first.
const views = [
  view('10', 'storage', 'pending', 5000),
  view('2', 'offline', 'firing', 4000),
  view('33', 'storage', 'nodata', 3000),
  view('4', 'version', 'firing', 2000),
  view('5', 'offline', 'normal', 0),
];
const all = { offset: 0, limit: 100, sort: null, filter: '' };
const devices = (rows: AlertStateView[]) => rows.map((r) => r.deviceId);

describe('alertStatesWindow', () => {
  it('without a sort keeps the service’s order (newest first), and says how many there are', () => {
    const window = alertStatesWindow(views, all);
    expect(devices(window.rows)).toEqual(['10', '2', '33', '4', '5']);
    expect(window).toMatchObject({ total: 5, matched: 5, offset: 0 });
  });

  it('sorts device numbers as numbers, both ways', () => {
    expect(devices(alertStatesWindow(views, { ...all, sort: { column: 'device', direction: 'ascending' } }).rows)).toEqual(['2', '4', '5', '10', '33']);
    expect(devices(alertStatesWindow(views, { ...all, sort: { column: 'device', direction: 'descending' } }).rows)).toEqual(['33', '10', '5', '4', '2']);
  });

  it('sorts by state from firing down, equal states keeping the newest first', () => {
    const window = alertStatesWindow(views, { ...all, sort: { column: 'state', direction: 'descending' } });
    expect(window.rows.map((r) => `${r.state}:${r.deviceId}`)).toEqual(['firing:2', 'firing:4', 'pending:10', 'nodata:33', 'normal:5']);
  });

  it('by time: a state with no start (a silenced normal one) is last in both directions', () => {
    expect(devices(alertStatesWindow(views, { ...all, sort: { column: 'since', direction: 'ascending' } }).rows)).toEqual(['4', '33', '2', '10', '5']);
    expect(devices(alertStatesWindow(views, { ...all, sort: { column: 'since', direction: 'descending' } }).rows)).toEqual(['10', '2', '33', '4', '5']);
  });

  it('filters by device number, rule and state name, case not counting; total stays every state', () => {
    expect(devices(alertStatesWindow(views, { ...all, filter: ' STORAGE ' }).rows)).toEqual(['10', '33']);
    expect(devices(alertStatesWindow(views, { ...all, filter: 'firing' }).rows)).toEqual(['2', '4']);
    const byNumber = alertStatesWindow(views, { ...all, filter: '3' });
    expect(devices(byNumber.rows)).toEqual(['33']);
    expect(byNumber).toMatchObject({ total: 5, matched: 1 });
  });

  it('answers the slice from offset, and an offset beyond the end is the end, with no rows', () => {
    const sorted = { ...all, sort: { column: 'device' as const, direction: 'ascending' as const } };
    expect(alertStatesWindow(views, { ...sorted, offset: 1, limit: 2 })).toMatchObject({ offset: 1, matched: 5 });
    expect(devices(alertStatesWindow(views, { ...sorted, offset: 1, limit: 2 }).rows)).toEqual(['4', '5']);
    expect(alertStatesWindow(views, { ...sorted, offset: 4, limit: 10 }).rows).toHaveLength(1);
    expect(alertStatesWindow(views, { ...sorted, offset: 900, limit: 10 })).toEqual({ total: 5, matched: 5, offset: 5, rows: [] });
    expect(alertStatesWindow([], all)).toEqual({ total: 0, matched: 0, offset: 0, rows: [] });
  });

  it('one call asks for at most 500 states', () => {
    expect(alertStatesWindowQuerySchema.safeParse({ listId: 'l', ...all, limit: 500 }).success).toBe(true);
    expect(alertStatesWindowQuerySchema.safeParse({ listId: 'l', ...all, limit: 501 }).success).toBe(false);
    expect(alertStatesWindowQuerySchema.safeParse({ listId: 'l', ...all, offset: -1 }).success).toBe(false);
  });
});
