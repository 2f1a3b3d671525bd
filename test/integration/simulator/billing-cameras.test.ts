import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../main/simulator/index';
import { call } from './http';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 42 });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

const path = '/api/v2/billing/cameras';

interface Invalid {
  message: string;
  errors: Record<string, string[]>;
}

/** A folder together with its tree element; `numericKeys` picks one whose keys look like integers. */
function placement(numericKeys = false) {
  const folder = sim.state.folders.find((f) => {
    const group = sim.state.treeById.get(f.group_id);
    return group !== undefined && /^\d+$/.test(group.key) === numericKeys && /^\d+$/.test(f.key) === numericKeys;
  });
  const group = folder && sim.state.treeById.get(folder.group_id);
  if (!folder || !group) throw new Error('seed has no such placement');
  return { folder, group };
}

function validBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { folder, group } = placement();
  return {
    name: 'Gate 4 PTZ',
    mac: 'BC:AD:28:12:34:56',
    serial_number: 'DS-2DE4425IW-20240101',
    group_type: 'private',
    group_id: group.id,
    folder_id: folder.id,
    is_user_owner: true,
    latitude: 59.437,
    longitude: 24.7536,
    service: 'standard',
    external_id: 'crm-000451',
    onvif_credentials: { login: 'admin', password: 's3cret', port: 80 },
    is_can_manage_archive_storage_days: false,
    log_extra: { ticket: 'INST-4411' },
    streams: [
      {
        type: 'high',
        is_archive_enabled: true,
        archive_storage_days: 30,
        archive_recording_type: 'timetable',
        archive_recording_timetable: { days: [{ type: 'same_every_day', from: '08:00:00+03:00', to: '20:00:00+03:00', breaks: [] }] },
      },
      { type: 'low', is_archive_enabled: false, archive_storage_days: 7, archive_recording_type: 'fulltime' },
    ],
    ...overrides,
  };
}

async function create(body: unknown) {
  return call(sim, 'POST', path, { token: sim.apiToken, body });
}

async function errorsOf(body: unknown): Promise<Record<string, string[]>> {
  const res = await create(body);
  expect(res.status).toBe(422);
  const json = res.json<Invalid>();
  expect(json.message).toBe('The given data was invalid.');
  return json.errors;
}

describe('POST /api/v2/billing/cameras — success', () => {
  it('answers 201 with every field of the create response', async () => {
    const body = validBody();
    const res = await create(body);
    expect(res.status).toBe(201);
    const folder = sim.state.foldersById.get(body['folder_id'] as number);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      status: '',
      name: 'Gate 4 PTZ',
      is_archive_recording: true,
      archive_storage_days: 30,
      group_type: 'private',
      is_user_owner: true,
      is_need_replace: false,
      latitude: 59.437,
      longitude: 24.7536,
      network_device: { mac: 'BC:AD:28:12:34:56', serial_number: 'DS-2DE4425IW-20240101' },
      folder: { id: folder?.id, key: folder?.key },
    });
  });

  it('records the camera and keeps its stream settings for later', async () => {
    await create(validBody());
    expect(sim.state.createdCameras).toHaveLength(1);
    expect(sim.state.createdCameras[0]?.streams).toHaveLength(2);
  });

  it('accepts the tree element and folder by their keys, as strings or integers', async () => {
    const { folder, group } = placement(true);
    const res = await create(validBody({ group_id: undefined, folder_id: undefined, group_external_id: Number(group.key), folder_key: folder.key }));
    expect(res.status).toBe(201);
  });

  it('accepts a lower-case dash-separated MAC and answers it normalised', async () => {
    const res = await create(validBody({ mac: 'bc-ad-28-12-34-56' }));
    expect(res.status).toBe(201);
    expect(res.json<{ network_device: { mac: string } }>().network_device.mac).toBe('BC:AD:28:12:34:56');
  });

  it('needs only name, mac, tree element and folder', async () => {
    const { folder, group } = placement();
    const res = await create({ name: 'Minimal', mac: 'AA:BB:CC:DD:EE:FF', group_id: group.id, folder_id: folder.id });
    expect(res.status).toBe(201);
    expect(res.json()).toMatchObject({ is_archive_recording: false, archive_storage_days: 0, group_type: 'private', latitude: 0, longitude: 0 });
  });
});

describe('POST /api/v2/billing/cameras — validation (422)', () => {
  it.each([
    ['name', { name: undefined }],
    ['name', { name: '   ' }],
    ['mac', { mac: undefined }],
    ['mac', { mac: 'BC:AD:28:12:34' }],
    ['mac', { mac: 'BC:AD-28:12:34:56' }],
    ['mac', { mac: 'GG:AD:28:12:34:56' }],
    ['latitude', { latitude: 91 }],
    ['latitude', { latitude: 'north' }],
    ['longitude', { longitude: -180.5 }],
    ['group_type', { group_type: 'public' }],
    ['is_user_owner', { is_user_owner: 'yes' }],
    ['group_id', { group_id: 'seven' }],
    ['onvif_credentials.port', { onvif_credentials: { login: 'a', password: 'b', port: 70000 } }],
    ['log_extra', { log_extra: 12 }],
    ['streams', { streams: 'high' }],
  ])('reports %s', async (field, overrides) => {
    const errors = await errorsOf(validBody(overrides));
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]?.[0]).toContain(field);
  });

  it.each([
    ['streams.0.type', { type: 'medium' }],
    ['streams.0.archive_storage_days', { archive_storage_days: 0 }],
    ['streams.0.archive_storage_days', { archive_storage_days: 91 }],
    ['streams.0.archive_storage_days', { archive_storage_days: 7.5 }],
    ['streams.0.archive_recording_type', { archive_recording_type: 'motion' }],
    ['streams.0.is_archive_enabled', { is_archive_enabled: 1 }],
  ])('reports %s', async (field, streamOverrides) => {
    const errors = await errorsOf(validBody({ streams: [{ type: 'high', ...streamOverrides }] }));
    expect(Object.keys(errors)).toEqual([field]);
  });

  it.each(['8:00:00+03:00', '08:00+03:00', '08:00:00', '24:00:00+00:00', '08:00:00+3:00', '08:00:00Z'])(
    'rejects the timetable time %s with a key naming the day and bound',
    async (time) => {
      const timetable = { days: [{ type: 'same_every_day', from: time, to: '20:00:00+03:00', breaks: [] }] };
      const errors = await errorsOf(validBody({ streams: [{ type: 'high', archive_recording_type: 'timetable', archive_recording_timetable: timetable }] }));
      expect(Object.keys(errors)).toEqual(['streams.0.archive_recording_timetable.days.0.from']);
    },
  );

  it('accepts a negative UTC offset in the timetable', async () => {
    const timetable = { days: [{ type: 'same_every_day', from: '00:00:00-05:00', to: '23:59:59-05:00', breaks: [] }] };
    const res = await create(validBody({ streams: [{ type: 'high', archive_recording_type: 'timetable', archive_recording_timetable: timetable }] }));
    expect(res.status).toBe(201);
  });

  it('rejects a day type other than same_every_day', async () => {
    const timetable = { days: [{ type: 'weekdays', from: '08:00:00+03:00', to: '20:00:00+03:00' }] };
    const errors = await errorsOf(validBody({ streams: [{ type: 'high', archive_recording_type: 'timetable', archive_recording_timetable: timetable }] }));
    expect(Object.keys(errors)).toEqual(['streams.0.archive_recording_timetable.days.0.type']);
  });

  it('requires a timetable when the recording type is timetable', async () => {
    const errors = await errorsOf(validBody({ streams: [{ type: 'high', archive_recording_type: 'timetable' }] }));
    expect(Object.keys(errors)).toEqual(['streams.0.archive_recording_timetable']);
  });

  it('rejects the same stream type twice', async () => {
    const errors = await errorsOf(validBody({ streams: [{ type: 'high' }, { type: 'high' }] }));
    expect(Object.keys(errors)).toEqual(['streams.1.type']);
  });

  it('requires a tree element (group_id or group_external_id)', async () => {
    const errors = await errorsOf(validBody({ group_id: undefined }));
    expect(Object.keys(errors)).toEqual(['group_id']);
  });

  it('rejects a group_id that names no tree element', async () => {
    const errors = await errorsOf(validBody({ group_id: 99_999 }));
    expect(errors['group_id']?.[0]).toMatch(/invalid/);
  });

  it('rejects a group_external_id that names no tree element', async () => {
    const errors = await errorsOf(validBody({ group_id: undefined, group_external_id: 'no-such-key' }));
    expect(Object.keys(errors)).toEqual(['group_external_id']);
  });

  it('requires a folder (folder_id or folder_key)', async () => {
    const errors = await errorsOf(validBody({ folder_id: undefined }));
    expect(Object.keys(errors)).toEqual(['folder_id']);
  });

  it('rejects a folder_key that names no folder', async () => {
    const errors = await errorsOf(validBody({ folder_id: undefined, folder_key: 'fld-nope' }));
    expect(Object.keys(errors)).toEqual(['folder_key']);
  });

  it('rejects a folder that lives in another tree element, given by id', async () => {
    const { folder } = placement();
    const other = sim.state.tree.find((el) => el.id !== folder.group_id);
    const errors = await errorsOf(validBody({ group_id: other?.id, folder_id: folder.id }));
    expect(errors['folder_id']?.[0]).toMatch(/not in the selected tree element/);
  });

  it('rejects a folder that lives in another tree element, given by key', async () => {
    const { folder } = placement();
    const other = sim.state.tree.find((el) => el.id !== folder.group_id);
    const errors = await errorsOf(validBody({ group_id: undefined, group_external_id: other?.key, folder_id: undefined, folder_key: folder.key }));
    expect(Object.keys(errors)).toEqual(['folder_key']);
  });

  it('rejects an external_id already in use by a seeded camera', async () => {
    const taken = sim.state.cameras.find((c) => c.external_id !== null)?.external_id;
    const errors = await errorsOf(validBody({ external_id: taken }));
    expect(errors['external_id']?.[0]).toMatch(/already been taken/);
  });

  it('rejects an external_id used by a camera created earlier', async () => {
    expect((await create(validBody({ external_id: 'crm-1' }))).status).toBe(201);
    const errors = await errorsOf(validBody({ external_id: 'crm-1', mac: 'AA:AA:AA:AA:AA:AA' }));
    expect(Object.keys(errors)).toEqual(['external_id']);
  });

  it('reports every broken rule at once', async () => {
    const errors = await errorsOf(
      validBody({
        name: '',
        mac: 'nope',
        latitude: -100,
        group_id: 424242,
        streams: [{ type: 'low', archive_storage_days: 120 }],
      }),
    );
    expect(Object.keys(errors).sort()).toEqual(['group_id', 'latitude', 'mac', 'name', 'streams.0.archive_storage_days']);
  });

  it('creates nothing when validation fails', async () => {
    await errorsOf(validBody({ name: '' }));
    expect(sim.state.createdCameras).toHaveLength(0);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await create('{"name":');
    expect(res.status).toBe(400);
  });
});
