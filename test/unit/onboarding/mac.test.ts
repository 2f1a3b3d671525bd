import { describe, expect, it } from 'vitest';
import { checkMac, normalizeMac } from '../../../preload/contract/camera/mac';

describe('MAC normalisation', () => {
  it.each([
    ['AA:BB:CC:DD:EE:FF', 'AA:BB:CC:DD:EE:FF'],
    ['aa-bb-cc-dd-ee-f0', 'AA:BB:CC:DD:EE:F0'],
    ['aabb.ccdd.eef0', 'AA:BB:CC:DD:EE:F0'],
    ['AABBCCDDEEF0', 'AA:BB:CC:DD:EE:F0'],
    ['  00 11 22 33 44 55 ', '00:11:22:33:44:55'],
    ['MAC: 00:11:22:33:44:55', '00:11:22:33:44:55'],
    ['0:1:2:3:4:5', '00:01:02:03:04:05'],
  ])('reads %j as %s', (input, expected) => {
    expect(normalizeMac(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['AA:BB:CC:DD:EE', 'length'],
    ['AA:BB:CC:DD:EE:FF:00', 'length'],
    ['AA:BB-CC:DD:EE:FF', 'length'],
    ['GG:BB:CC:DD:EE:FF', 'characters'],
    ['00:00:00:00:00:00', 'zero'],
    ['ff-ff-ff-ff-ff-ff', 'broadcast'],
    ['01:00:5E:00:00:01', 'multicast'],
  ])('refuses %j (%s)', (input, reason) => {
    expect(checkMac(input)).toEqual({ ok: false, reason });
  });
});
