import { describe, expect, it } from 'vitest';
import type { WatchRow } from '../../../preload/contract/agents';
import { createWatchRowWindows } from '../../../main/agents/watch-window';
import { pendingRow } from '../../../main/agents/watch-observation';

function row(id: number, patch: Partial<WatchRow> = {}): WatchRow {
  return { ...pendingRow(String(id)), state: 'ok', online: true, name: `cam-${id}`, version: '1.0', ...patch };
}

const ids = (rows: readonly WatchRow[]) => rows.map((r) => Number(r.deviceId));

describe('watch rows served in windows', () => {
  const rows = Array.from({ length: 5000 }, (_, i) => row(i + 1, { worstStoragePercent: i % 3 === 0 ? null : (i * 7) % 100, activeAlerts: i % 10 === 0 ? 2 : 0 }));
  const windows = createWatchRowWindows(() => rows);
  const all = { sort: null, filter: '' };

  it('answers a slice of the list in its order, with the totals the table is tall by', () => {
    const w = windows.window({ ...all, offset: 4990, limit: 500 });
    expect(w.total).toBe(5000);
    expect(w.matched).toBe(5000);
    expect(w.offset).toBe(4990);
    expect(ids(w.rows)).toEqual([4991, 4992, 4993, 4994, 4995, 4996, 4997, 4998, 4999, 5000]);
  });

  it('an offset past the end answers no rows at the end', () => {
    const w = windows.window({ ...all, offset: 9000, limit: 100 });
    expect(w.offset).toBe(5000);
    expect(w.rows).toEqual([]);
  });

  it('sorts by name as people read numbers (cam-2 before cam-10), descending reversed', () => {
    expect(ids(windows.window({ filter: '', sort: { column: 'name', direction: 'ascending' }, offset: 0, limit: 3 }).rows)).toEqual([1, 2, 3]);
    expect(ids(windows.window({ filter: '', sort: { column: 'name', direction: 'descending' }, offset: 0, limit: 3 }).rows)).toEqual([5000, 4999, 4998]);
  });

  it('puts rows without a value last in both directions, and keeps equal values in the list order', () => {
    const up = windows.window({ filter: '', sort: { column: 'storage', direction: 'ascending' }, offset: 0, limit: 500 });
    const values = up.rows.map((r) => r.worstStoragePercent);
    expect(values.every((v) => v !== null)).toBe(true);
    expect([...values].sort((a, b) => a! - b!)).toEqual(values);
    const zeros = up.rows.filter((r) => r.worstStoragePercent === 0);
    expect(ids(zeros)).toEqual([...ids(zeros)].sort((a, b) => a - b));
    const downTail = windows.window({ filter: '', sort: { column: 'storage', direction: 'descending' }, offset: 4900, limit: 100 });
    expect(downTail.rows.every((r) => r.worstStoragePercent === null)).toBe(true);
  });

  it('sorts by active alerts with the most first when descending', () => {
    const w = windows.window({ filter: '', sort: { column: 'alerts', direction: 'descending' }, offset: 0, limit: 501 });
    expect(w.rows.slice(0, 500).every((r) => r.activeAlerts === 2)).toBe(true);
    expect(w.rows[500]!.activeAlerts).toBe(0);
    expect(ids(w.rows.slice(0, 3))).toEqual([1, 11, 21]);
  });

  it('online sorts failed rows first, then offline, online; pending (no reading) last', () => {
    const mixed = [row(1), row(2, { state: 'failed', online: null }), row(3, { online: false }), row(4, { state: 'pending', online: null })];
    const w = createWatchRowWindows(() => mixed).window({ filter: '', sort: { column: 'online', direction: 'ascending' }, offset: 0, limit: 10 });
    expect(ids(w.rows)).toEqual([2, 3, 1, 4]);
  });

  it('filters by number, name or version without case, and says when a row is kept for its version alone', () => {
    const mixed = [row(101, { name: 'Lobby' }), row(202, { name: 'Gate', version: '2.4.1-BETA' }), row(303, { name: 'Dock' })];
    const w = createWatchRowWindows(() => mixed);
    expect(ids(w.window({ sort: null, filter: 'lob', offset: 0, limit: 10 }).rows)).toEqual([101]);
    expect(w.window({ sort: null, filter: 'LOB', offset: 0, limit: 10 }).matchedByVersion).toBe(false);
    const beta = w.window({ sort: null, filter: ' beta ', offset: 0, limit: 10 });
    expect(ids(beta.rows)).toEqual([202]);
    expect(beta.matched).toBe(1);
    expect(beta.total).toBe(3);
    expect(beta.matchedByVersion).toBe(true);
    expect(ids(w.window({ sort: null, filter: '30', offset: 0, limit: 10 }).rows)).toEqual([303]);
  });

  it('reads the rows again only after they are said to have changed', () => {
    let current = [row(1), row(2)];
    let reads = 0;
    const w = createWatchRowWindows(() => {
      reads += 1;
      return current;
    });
    w.window({ ...all, offset: 0, limit: 10 });
    w.window({ ...all, offset: 1, limit: 10 });
    expect(reads).toBe(1);
    current = [row(1, { name: 'renamed' }), row(2)];
    expect(w.window({ ...all, offset: 0, limit: 1 }).rows[0]!.name).toBe('cam-1');
    w.invalidate();
    expect(w.window({ ...all, offset: 0, limit: 1 }).rows[0]!.name).toBe('renamed');
    expect(reads).toBe(2);
  });
});
