import { describe, expect, it } from 'vitest';
import { filterServerRows, serverRows, serverState } from '../../../renderer/features/dashboard/server-rows';
import { mediaServerEntrySchema } from '../../../preload/contract/wire/platform';
import { mediaServer } from '../platform/samples';

const server = (id: number, fields: Partial<typeof mediaServer> = {}) => mediaServerEntrySchema.parse({ ...mediaServer, id, ...fields });
const rows = serverRows([
  server(1, { extra: { server: { hostname: 'ms-fra-01' } }, domain: 'ms-fra-01.example.net', rtsp: '8554' }),
  server(2, { extra: { server: { hostname: 'ms-ams-01' } }, status: false }),
  server(3, { extra: { server: { hostname: 'ms-fra-02' } }, is_enabled: false, status: false }),
]);

describe('media servers: state and filter', () => {
  it('calls a disabled server disabled whatever its link says', () => {
    expect(rows.map((r) => r.state)).toEqual(['online', 'offline', 'disabled']);
    expect(serverState(server(9, { is_enabled: false, status: true }))).toBe('disabled');
  });

  it('finds rows by every word, any case, over names, domains and ports', () => {
    expect(filterServerRows(rows, { text: 'FRA', state: 'all' }).map((r) => r.server.id)).toEqual([1, 3]);
    expect(filterServerRows(rows, { text: 'fra 8554', state: 'all' }).map((r) => r.server.id)).toEqual([1]);
    expect(filterServerRows(rows, { text: '', state: 'offline' }).map((r) => r.server.id)).toEqual([2]);
    expect(filterServerRows(rows, { text: 'fra', state: 'disabled' }).map((r) => r.server.id)).toEqual([3]);
    expect(filterServerRows(rows, { text: 'nowhere', state: 'all' })).toEqual([]);
  });
});
