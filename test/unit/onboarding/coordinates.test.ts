import { describe, expect, it } from 'vitest';
import { toRequest, emptyDraft } from '../../../preload/contract/camera/camera-draft';
import { checkLatitude, checkLongitude, readCoordinateText, splitLatLng } from '../../../preload/contract/camera/coordinates';

describe('coordinates', () => {
  it('splits "lat, lng" pasted from a map', () => {
    expect(splitLatLng('56.9496, 24.1052')).toEqual({ latitude: '56.9496', longitude: '24.1052' });
    expect(splitLatLng('-33.8688;151.2093')).toEqual({ latitude: '-33.8688', longitude: '151.2093' });
    expect(splitLatLng('56,9496 24,1052')).toEqual({ latitude: '56,9496', longitude: '24,1052' });
    expect(splitLatLng('56,9496; 24,1052')).toEqual({ latitude: '56,9496', longitude: '24,1052' });
    expect(splitLatLng('56,9496, 24,1052')).toEqual({ latitude: '56,9496', longitude: '24,1052' });
    expect(splitLatLng('56.9496,24.1052')).toEqual({ latitude: '56.9496', longitude: '24.1052' });
    expect(splitLatLng('56.9496° 24.1052°')).toEqual({ latitude: '56.9496', longitude: '24.1052' });
  });

  it('reads the coordinates of map links', () => {
    expect(splitLatLng('https://www.google.com/maps/@56.9496,24.1052,15z')).toEqual({ latitude: '56.9496', longitude: '24.1052' });
    expect(splitLatLng('https://maps.google.com/?q=56.9496,24.1052')).toEqual({ latitude: '56.9496', longitude: '24.1052' });
    expect(splitLatLng('https://www.openstreetmap.org/#map=15/56.9496/24.1052')).toEqual({ latitude: '56.9496', longitude: '24.1052' });
    expect(splitLatLng('https://yandex.ru/maps/?ll=24.1052%2C56.9496&z=15')).toEqual({ latitude: '56.9496', longitude: '24.1052' });
    expect(splitLatLng('geo:56.9496,24.1052')).toEqual({ latitude: '56.9496', longitude: '24.1052' });
  });

  it('reads one number with a decimal comma as that number, never as a pair', () => {
    expect(splitLatLng('56,9496')).toBeNull();
    expect(readCoordinateText('56,9496')).toEqual({ kind: 'number', value: 56.9496 });
    expect(checkLatitude('56,9496')).toEqual({ ok: true, value: 56.9496 });
    expect(checkLongitude('24,1052')).toEqual({ ok: true, value: 24.1052 });
    expect(checkLongitude('-0,5°')).toEqual({ ok: true, value: -0.5 });
  });

  it('asks when numbers and commas have two readings', () => {
    expect(readCoordinateText('56,9496,24,1052')).toEqual({ kind: 'ambiguous' });
    expect(splitLatLng('56,9496,24,1052')).toBeNull();
    expect(checkLatitude('56,9496,24,1052')).toEqual({ ok: false, reason: 'ambiguous' });
    expect(checkLatitude('56.9496, 24.1052')).toEqual({ ok: false, reason: 'ambiguous' });
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

  it('sends the decimal-comma coordinates the installer typed, and nothing from an ambiguous field', () => {
    const draft = emptyDraft('x');
    draft.latitude = '56,9496';
    draft.longitude = '24,1052';
    expect(toRequest(draft).request).toMatchObject({ latitude: 56.9496, longitude: 24.1052 });
    draft.latitude = '56,9496,24,1052';
    const { request, problems } = toRequest(draft);
    expect(request.latitude).toBeUndefined();
    expect(request.longitude).toBeUndefined();
    expect(problems.latitude).toEqual([{ key: 'onboarding.rules.coordinateAmbiguous' }]);
  });
});
