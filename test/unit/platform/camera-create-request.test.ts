import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldPathsOf, withValue } from './field-paths';
import { cameraCreateRequestCheck } from '../../../main/platform/camera-create-request';
import { checkedCameraRequest } from '../../../main/platform/client';
import { isAppFailure } from '../../../main/shared/app-failure';
import { cameraCreateRequestSchema } from '../../../preload/contract/wire/platform';
import { expectSameVerdict } from './same-verdict';

// The compiled check of a camera create request (run on every entry an import queues) must give the general parser's
// verdict: the same output (unknown fields dropped) or the same issues, so the wizard's fields get the same messages.

const request = {
  name: 'Gate 1',
  mac: '02:00:00:00:00:01',
  serial_number: 'SN-1',
  group_external_id: 'site-a',
  folder_key: 7,
  is_user_owner: false,
  latitude: 56.9,
  longitude: 24.1,
  external_id: 'x-1',
  onvif_credentials: { login: 'admin', password: 'secret', port: 80 },
  log_extra: { installer: 'A' },
  streams: [
    { type: 'high', is_archive_enabled: true, archive_storage_days: 30, archive_recording_type: 'fulltime' },
    { type: 'low', is_archive_enabled: false },
  ],
};

const paths = fieldPathsOf(request);

const sameVerdict = (input: unknown): void => expectSameVerdict(cameraCreateRequestSchema, cameraCreateRequestCheck(), input);

describe('the compiled camera create request check', () => {
  it('is compiled (not the general parser handed back)', () => {
    expect(cameraCreateRequestCheck()).not.toBe(cameraCreateRequestSchema);
  });

  it('accepts a full request and drops the fields the wire does not know', () => {
    sameVerdict(request);
    sameVerdict({ ...request, extra: 'dropped', onvif_credentials: { ...request.onvif_credentials, extra: 1 } });
    expect(checkedCameraRequest({ ...request, extra: 'dropped' })).toEqual(request);
  });

  it('refuses a changed field exactly as the general parser does', () => {
    const replacements = [undefined, null, '', 'text', 0, -3, 1.5, 91, 70_000, 2 ** 60, true, {}, [], [{ type: 'high' }], { id: 1 }];
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.constantFrom(...replacements), (path, replacement) => sameVerdict(withValue(request, path, replacement))),
      { numRuns: 300 },
    );
  });

  it('names the wrong fields in the Validation failure', () => {
    const failure = (() => {
      try {
        checkedCameraRequest({ ...request, latitude: 200, onvif_credentials: { port: 0 } });
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(isAppFailure(failure) && failure.kind).toBe('Validation');
    expect(isAppFailure(failure) && Object.keys(failure.appError.fieldErrors).sort()).toEqual(['latitude', 'onvif_credentials.port']);
  });

  it('refuses what is not a request at all', () => {
    for (const input of [null, 'camera', 17, [], [request]]) sameVerdict(input);
  });
});
