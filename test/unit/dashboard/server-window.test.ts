import { describe, expect, it } from 'vitest';
import { createServerRows } from '../../../main/dashboard/server-window';
import { serverWindowQuerySchema, SERVER_WINDOW_MAX, type ServerSort } from '../../../preload/contract/dashboard-servers';
import { mediaServerEntrySchema } from '../../../preload/contract/wire/platform';
import { mediaServer } from '../platform/samples';

const server = (id: number, hostname: string, fields: Partial<typeof mediaServer> = {}) =>
  mediaServerEntrySchema.parse({ ...mediaServer, id, extra: { server: { hostname } }, ...fields });

// In the answer's order (the platform's: busiest first).
const servers = [
  server(1, 'ms-fra-10', { traffic_out: 900, streams_limit: 50, domain: 'b.example.net', rtsp: '8554' }),
  server(2, 'ms-ams-01', { traffic_out: 800, streams_limit: 20, status: false, domain: 'a.example.net' }),
  server(3, 'ms-fra-2', { traffic_out: 800, streams_limit: 50, is_enabled: false, status: false, domain: 'c.example.net' }),
  server(4, 'MS-ber-01', { traffic_out: 100, streams_limit: 10, domain: 'a.example.net' }),
];
const all = { text: '', state: 'all' } as const;
const ids = (sort: ServerSort, filter: { text: string; state: 'all' | 'online' | 'offline' | 'disabled' } = all, offset = 0, limit = 10) =>
  createServerRows(servers).window({ offset, limit, sort, filter }).rows.map((row) => row.id);

describe('the media-servers window query', () => {
  it('without a sort gives the answer\'s order, with the totals', () => {
    const window = createServerRows(servers).window({ offset: 0, limit: 2, sort: null, filter: all });
    expect(window).toMatchObject({ total: 4, matched: 4, offset: 0 });
    expect(window.rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('sorts names as people read them: any case, numbers by value', () => {
    expect(ids({ column: 'name', direction: 'ascending' })).toEqual([2, 4, 3, 1]);
    expect(ids({ column: 'name', direction: 'descending' })).toEqual([1, 3, 4, 2]);
  });

  it('keeps equal values in the answer\'s order in both directions', () => {
    expect(ids({ column: 'trafficOut', direction: 'ascending' })).toEqual([4, 2, 3, 1]);
    expect(ids({ column: 'trafficOut', direction: 'descending' })).toEqual([1, 2, 3, 4]);
    expect(ids({ column: 'limits', direction: 'descending' })).toEqual([1, 3, 2, 4]);
    expect(ids({ column: 'domain', direction: 'ascending' })).toEqual([2, 4, 1, 3]);
    expect(ids({ column: 'state', direction: 'ascending' })).toEqual([3, 2, 1, 4]);
  });

  it('filters by every word and the state, then sorts what is left', () => {
    const rows = createServerRows(servers);
    const fra = rows.window({ offset: 0, limit: 10, sort: { column: 'name', direction: 'ascending' }, filter: { text: 'FRA', state: 'all' } });
    expect(fra).toMatchObject({ total: 4, matched: 2 });
    expect(fra.rows.map((row) => row.id)).toEqual([3, 1]);
    expect(ids(null, { text: 'fra 8554', state: 'all' })).toEqual([1]);
    expect(ids(null, { text: '', state: 'offline' })).toEqual([2]);
    expect(ids(null, { text: 'fra', state: 'disabled' })).toEqual([3]);
    expect(createServerRows(servers).window({ offset: 0, limit: 10, sort: null, filter: { text: 'nowhere', state: 'all' } })).toEqual({ total: 4, matched: 0, offset: 0, rows: [] });
  });

  it('stays within bounds: a window past the end is empty, one across it is cut', () => {
    const rows = createServerRows(servers);
    expect(rows.window({ offset: 3, limit: 10, sort: null, filter: all })).toMatchObject({ offset: 3, matched: 4 });
    expect(rows.window({ offset: 3, limit: 10, sort: null, filter: all }).rows.map((row) => row.id)).toEqual([4]);
    expect(rows.window({ offset: 99, limit: 10, sort: null, filter: all })).toEqual({ total: 4, matched: 4, offset: 4, rows: [] });
    expect(rows.window({ offset: 1, limit: 0, sort: null, filter: all }).rows).toEqual([]);
    expect(createServerRows([]).window({ offset: 0, limit: 10, sort: { column: 'name', direction: 'ascending' }, filter: all })).toEqual({ total: 0, matched: 0, offset: 0, rows: [] });
  });

  it('refuses windows over the limit, negative offsets and unknown columns before they reach the rows', () => {
    const query = { viewKey: 'k', offset: 0, limit: SERVER_WINDOW_MAX, sort: null, filter: all };
    expect(serverWindowQuerySchema.safeParse(query).success).toBe(true);
    expect(serverWindowQuerySchema.safeParse({ ...query, limit: SERVER_WINDOW_MAX + 1 }).success).toBe(false);
    expect(serverWindowQuerySchema.safeParse({ ...query, offset: -1 }).success).toBe(false);
    expect(serverWindowQuerySchema.safeParse({ ...query, sort: { column: 'raw', direction: 'ascending' } }).success).toBe(false);
  });

  it('sorts and filters 100,000 servers and reads the last window of the result', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => server(i + 1, `ms-${(i * 7919) % 100_000}`, { traffic_out: (i * 31) % 5000, status: i % 3 !== 0 }));
    const rows = createServerRows(many);
    const sorted = rows.window({ offset: 99_990, limit: 500, sort: { column: 'name', direction: 'descending' }, filter: { text: 'ms-9', state: 'online' } });
    expect(sorted.matched).toBeGreaterThan(0);
    const last = rows.window({ offset: sorted.matched - 3, limit: 500, sort: { column: 'name', direction: 'descending' }, filter: { text: 'ms-9', state: 'online' } });
    expect(last.rows).toHaveLength(3);
    expect(last.rows.every((row) => row.status && row.extra.server.hostname.startsWith('ms-9'))).toBe(true);
    // Descending by name, digits by value: the last rows are the smallest names that match.
    expect(last.rows.map((row) => row.extra.server.hostname).at(-1)).toBe('ms-9');
  });
});
