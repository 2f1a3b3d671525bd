import { describe, expect, it } from 'vitest';
import { lookupOrSearch, matchSeenDevices, mergeSeen, type SeenDevice } from '../../../preload/contract/agents-search';
import { createDeviceSearch } from '../../../main/agents/device-search';
import type { WatchRow, WatchView } from '../../../preload/contract/agents';
import type { CameraAgent } from '../../../preload/contract/wire/platform';

const seen = (id: string, name: string, mac: string, serial: string, seenIn: SeenDevice['seenIn'] = ['recent']): SeenDevice => ({ id, name, mac, serial, seenIn });
const devices = [
  seen('1001', 'Agent Graz Roof', 'AA:BB:CC:00:10:01', 'SN-GRZ-1001'),
  seen('1007', 'Agent Graz Lift Lobby', 'AA:BB:CC:00:10:07', 'SN-GRZ-1007'),
  seen('1014', 'Agent Antwerp Stairwell', 'AA:BB:CC:00:10:14', 'SN-ANT-1014', ['watch']),
];

describe('finding a device seen before', () => {
  it('by a MAC in any notation, exact first', () => {
    expect(matchSeenDevices('aa-bb-cc-00-10-07', devices).map((m) => [m.id, m.matchedOn, m.rank])).toEqual([['1007', 'mac', 0]]);
    expect(matchSeenDevices('aabb.cc00.1014', devices)[0]).toMatchObject({ id: '1014', matchedOn: 'mac', rank: 0 });
    expect(matchSeenDevices('cc:00:10', devices).map((m) => m.id)).toEqual(['1014', '1007', '1001']);
  });

  it('by serial or name without case, exact before starts-with before contains', () => {
    expect(matchSeenDevices('sn-grz-1001', devices)).toMatchObject([{ id: '1001', matchedOn: 'serial', rank: 0 }]);
    expect(matchSeenDevices('graz', devices).map((m) => m.id)).toEqual(['1007', '1001']);
    expect(matchSeenDevices('Agent Graz Roof', devices)[0]).toMatchObject({ id: '1001', rank: 0, matchedOn: 'name' });
    expect(matchSeenDevices('stair', devices).map((m) => m.id)).toEqual(['1014']);
    expect(matchSeenDevices('x', devices)).toEqual([]);
  });

  it('digits are a number to look up on the server; anything else is a search', () => {
    expect(lookupOrSearch(' 1001 ')).toBe('lookup');
    expect(lookupOrSearch('')).toBe('lookup');
    expect(lookupOrSearch('graz')).toBe('search');
    expect(lookupOrSearch('AA:BB:CC:00:10:01')).toBe('search');
  });

  it('merges one device seen in several places, keeping what each knew', () => {
    const merged = mergeSeen([{ id: '1', name: null, mac: null, serial: 'S', seenIn: ['recent'] }, { id: '1', name: 'N', mac: 'M', serial: null, seenIn: ['watch'] }]);
    expect(merged).toEqual([{ id: '1', name: 'N', mac: 'M', serial: 'S', seenIn: ['recent', 'watch'] }]);
  });
});

describe('the device search service', () => {
  it('searches the active server’s look-ups (with their saved copies) and watch lists only', async () => {
    const device = (id: string, name: string, mac: string, serial: string) => ({ id: Number(id), name, mac, serial_number: serial }) as unknown as CameraAgent;
    const row = (deviceId: string, name: string, mac: string, serial: string) => ({ deviceId, name, mac, serial }) as WatchRow;
    const loads: string[] = [];
    const search = createDeviceSearch({
      activeProfileId: async () => 'p1',
      shortcuts: { get: async () => ({ recent: [{ id: '1001', name: 'Agent Graz Roof', at: '' }], pinned: [{ id: '2002', name: null }] }) },
      cache: {
        load: async (profileId, id) => {
          loads.push(`${profileId}/${id}`);
          return id === '1001' ? { id, raw: '', fetchedAt: '', device: device(id, 'Agent Graz Roof', 'AA:BB:CC:00:10:01', 'SN-1') } : null;
        },
      },
      watch: {
        list: async () => [{ id: 'w1', profileId: 'p1' }, { id: 'w2', profileId: 'p2' }] as WatchView[],
        view: async (id) => ({ rows: id === 'w1' ? [row('3003', 'Agent Riga Gate', 'AA:BB:CC:00:30:03', 'SN-3')] : [row('4004', 'Agent Riga Other', 'AA', 'SN-4')] }) as WatchView,
      },
    });
    expect((await search.search('aa:bb:cc:00:10:01')).matches).toMatchObject([{ id: '1001', seenIn: ['recent', 'cache'] }]);
    const riga = await search.search('riga');
    expect(riga.matches.map((m) => m.id)).toEqual(['3003']);
    expect(riga.searched).toBe(3);
    expect(loads).toContain('p1/2002');
  });
});
