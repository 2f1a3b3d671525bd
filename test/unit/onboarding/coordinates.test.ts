import { describe, expect, it } from 'vitest';
import { checkLatitude, checkLongitude, splitLatLng } from '../../../preload/contract/camera/coordinates';

describe('coordinates', () => {
  it('splits "lat, lng" pasted from a map', () => {
    expect(splitLatLng('56.9496, 24.1052')).toEqual({ latitude: '56.9496', longitude: '24.1052' });
    expect(splitLatLng('-33.8688;151.2093')).toEqual({ latitude: '-33.8688', longitude: '151.2093' });
    expect(splitLatLng('56,9496 24,1052')).toEqual({ latitude: '56,9496', longitude: '24,1052' });
    expect(splitLatLng('56.9496° 24.1052°')).toEqual({ latitude: '56.9496', longitude: '24.1052' });
  });

  it('does not split a single number or text', () => {
    expect(splitLatLng('56.9496')).toBeNull();
    expect(splitLatLng('Riga depot')).toBeNull();
  });

  it('accepts the edges of each range and refuses past them', () => {
    expect(checkLatitude('90')).toEqual({ ok: true, value: 90 });
    expect(checkLatitude('-90.0')).toEqual({ ok: true, value: -90 });
    expect(checkLatitude('90.0001')).toEqual({ ok: false, reason: 'range' });
    expect(checkLongitude('-180')).toEqual({ ok: true, value: -180 });
    expect(checkLongitude('180.5')).toEqual({ ok: false, reason: 'range' });
  });

  it('reads decimal commas and refuses what is not a number', () => {
    expect(checkLatitude('56,95')).toEqual({ ok: true, value: 56.95 });
    expect(checkLatitude('56.9.1')).toEqual({ ok: false, reason: 'number' });
    expect(checkLongitude('east')).toEqual({ ok: false, reason: 'number' });
  });
});
