import { describe, expect, it } from 'vitest';
import { byDraftField, emptyDraft, fromRequest, maskedRequest, stepOf, toRequest, type CameraDraft } from '../../../preload/contract/camera/camera-draft';

function draft(changes: Partial<CameraDraft> = {}): CameraDraft {
  return { ...emptyDraft('ext-1'), name: 'Gate', mac: 'aa-bb-cc-00-00-01', group: 'site-riga-depot', folder: 'fld-0503', ...changes };
}

describe('camera draft to request', () => {
  it('builds the spec request from a complete draft', () => {
    const { request, problems } = toRequest(draft({ latitude: '56.9', longitude: '24.1', onvif_login: 'admin', onvif_password: 'pw', onvif_port: '80' }));
    expect(problems).toEqual({});
    expect(request).toEqual({
      name: 'Gate',
      mac: 'AA:BB:CC:00:00:01',
      external_id: 'ext-1',
      group_external_id: 'site-riga-depot',
      folder_key: 'fld-0503',
      group_type: 'private',
      is_user_owner: false,
      latitude: 56.9,
      longitude: 24.1,
      onvif_credentials: { login: 'admin', password: 'pw', port: 80 },
      streams: [{ type: 'high', is_archive_enabled: true, archive_storage_days: 30, archive_recording_type: 'fulltime' }],
    });
  });

  it('reports every problem at once, keyed by the request path', () => {
    const d = draft({ name: ' ', mac: '00:00:00:00:00:00', group_by: 'id', group: 'abc', folder: '', latitude: '91', onvif_port: '70000' });
    d.streams.high.archive_storage_days = '91';
    const { problems } = toRequest(d);
    expect(Object.keys(problems).sort()).toEqual(['folder_key', 'group_id', 'latitude', 'longitude', 'mac', 'name', 'onvif_credentials.port', 'streams.0.archive_storage_days']);
    expect(problems['mac']).toEqual([{ key: 'onboarding.rules.mac.zero' }]);
    expect(problems['streams.0.archive_storage_days']).toEqual([{ key: 'onboarding.rules.daysRange', values: { min: 1, max: 90 } }]);
  });

  it('needs a timetable day when recording by timetable', () => {
    const d = draft();
    d.streams.high.archive_recording_type = 'timetable';
    expect(toRequest(d).problems['streams.0.archive_recording_timetable']).toEqual([{ key: 'onboarding.rules.timetableEmpty' }]);
  });

  it('passes an unknown recording type through as the spec only "sees" two', () => {
    const d = draft();
    d.streams.high.archive_recording_type = 'motion';
    expect(toRequest(d).request.streams?.[0]?.archive_recording_type).toBe('motion');
  });

  it('round-trips through fromRequest', () => {
    const d = draft({ group_by: 'id', group: '12', folder_by: 'id', folder: '501' });
    d.streams.low = { include: true, is_archive_enabled: false, archive_storage_days: '7', archive_recording_type: 'timetable', days: [{ type: 'same_every_day', from: '08:00', to: '20:00', offset: '+03:00', breaks: [], otherBreaks: [] }] };
    const { request } = toRequest(d);
    expect(toRequest(fromRequest(request)).request).toEqual(request);
  });

  it('maps server field keys onto draft fields and wizard steps', () => {
    const { request } = toRequest(draft({ streams: { high: { ...emptyDraft('x').streams.low, include: false }, low: { ...emptyDraft('x').streams.high, include: true } } }));
    const mapped = byDraftField({ group_external_id: ['no such group'], 'streams.0.archive_storage_days': ['bad'], 'onvif_credentials.port': ['bad'] }, request);
    expect(Object.keys(mapped).sort()).toEqual(['group', 'onvif_port', 'streams.low.archive_storage_days']);
    expect(['group', 'onvif_port', 'streams.low.archive_storage_days', 'mac', 'other'].map(stepOf)).toEqual(['placement', 'access', 'recording', 'identity', 'review']);
  });

  it('masks the ONVIF password for review', () => {
    expect(maskedRequest({ onvif_credentials: { login: 'a', password: 'secret' } }).onvif_credentials?.password).not.toContain('secret');
  });
});

describe('every field of the create request', () => {
  it('sends group_type as typed (private suggested), log_extra as text or a JSON object, and the archive-days flag when ticked', () => {
    expect(toRequest(draft()).request).toMatchObject({ group_type: 'private' });
    expect(toRequest(draft()).request).not.toHaveProperty('log_extra');
    expect(toRequest(draft()).request).not.toHaveProperty('is_can_manage_archive_storage_days');
    const text = toRequest(draft({ group_type: 'public', log_extra: 'crew 7', can_manage_storage_days: true }));
    expect(text.problems).toEqual({});
    expect(text.request).toMatchObject({ group_type: 'public', log_extra: 'crew 7', is_can_manage_archive_storage_days: true });
    const json = toRequest(draft({ log_extra: '{"work_order": "RIGA-1042", "crew": 7}', log_extra_as: 'json' }));
    expect(json.request.log_extra).toEqual({ work_order: 'RIGA-1042', crew: 7 });
    expect(toRequest(draft({ group_type: ' ' })).request).not.toHaveProperty('group_type');
  });

  it('refuses log_extra marked as JSON that is not a JSON object, on its field and on the Identity step', () => {
    expect(toRequest(draft({ log_extra: '{work_order: 1}', log_extra_as: 'json' })).problems).toEqual({ log_extra: [{ key: 'onboarding.rules.logExtraJson' }] });
    expect(toRequest(draft({ log_extra: '[1, 2]', log_extra_as: 'json' })).problems).toEqual({ log_extra: [{ key: 'onboarding.rules.logExtraObject' }] });
    expect(toRequest(draft({ log_extra: '{bad', log_extra_as: 'text' })).request.log_extra).toBe('{bad');
    expect(['log_extra', 'group_type', 'can_manage_storage_days'].map(stepOf)).toEqual(['identity', 'placement', 'recording']);
  });

  it('round-trips the new fields through fromRequest (a reopened outbox entry, a template)', () => {
    for (const extra of [{ log_extra: { a: 1 } }, { log_extra: 'text' }]) {
      const request = { ...toRequest(draft({ group_type: 'shared', can_manage_storage_days: true })).request, ...extra };
      expect(toRequest(fromRequest(request)).request).toEqual(request);
    }
  });
});
