import { describe, expect, it } from 'vitest';
import { parseDeviceIds } from '../../../preload/contract/agents-ids';

describe('device ids from typed or pasted text', () => {
  it('reads numbers separated by spaces, commas, semicolons and lines, skipping comments', () => {
    expect(parseDeviceIds('1001, 1002;1003\n1004 1005 # the lobby\n').ids).toEqual(['1001', '1002', '1003', '1004', '1005']);
  });

  it('keeps each device once and counts the repeats', () => {
    const list = parseDeviceIds('1001\n1001\n01001\n1002');
    expect(list.ids).toEqual(['1001', '1002']);
    expect(list.duplicates).toBe(2);
  });

  it('reports entries that are not device numbers', () => {
    const list = parseDeviceIds('1001 abc 12.5 1002');
    expect(list.ids).toEqual(['1001', '1002']);
    expect(list.invalid).toEqual(['abc', '12.5']);
    expect(list.invalidCount).toBe(2);
  });

  it('reads the id column of a CSV export', () => {
    const list = parseDeviceIds('name,device_id,site\nLobby,1001,Riga\nGate,1003,Riga\n');
    expect(list.ids).toEqual(['1001', '1003']);
    expect(list.column).toBe('device_id');
  });
});
