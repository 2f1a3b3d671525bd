import { describe, expect, it } from 'vitest';
import {
  analyticsTaskBodySchema,
  cameraAgentSchema,
  cameraCreateRequestSchema,
  cameraCreateResponseSchema,
  connectionReportSchema,
  dashboardQuerySchema,
  dashboardSchema,
  obtainApiTokenResponseSchema,
  streamTokenParamsSchema,
  streamTokenResponseSchema,
  tlsTrustSchema,
  userBoundTokenRequestSchema,
} from '../../../preload/contract/wire/platform';
import { fieldErrorsFromZod } from '../../../main/shared/zod-errors';
import * as samples from './samples';

function fieldErrors(result: { success: boolean; error?: unknown }): Record<string, string[]> {
  expect(result.success).toBe(false);
  return fieldErrorsFromZod(result.error as never);
}

describe('stream token params', () => {
  it('fills the documented defaults: ttl 3600, no permissions', () => {
    expect(streamTokenParamsSchema.parse({ stream: 'cam-1' })).toEqual({ stream: 'cam-1', ttl: 3600, live: false, dvr: false, copy: false });
  });

  it('requires a stream', () => {
    expect(Object.keys(fieldErrors(streamTokenParamsSchema.safeParse({ stream: '' })))).toEqual(['stream']);
    expect(streamTokenParamsSchema.safeParse({}).success).toBe(false);
  });

  it('accepts ttl 0 (unlimited) and refuses negative or fractional ttl', () => {
    expect(streamTokenParamsSchema.parse({ stream: 's', ttl: 0 }).ttl).toBe(0);
    expect(streamTokenParamsSchema.safeParse({ stream: 's', ttl: -1 }).success).toBe(false);
    expect(streamTokenParamsSchema.safeParse({ stream: 's', ttl: 1.5 }).success).toBe(false);
  });

  it('refuses a DVR window whose end is before its start, on the field "to"', () => {
    expect(Object.keys(fieldErrors(streamTokenParamsSchema.safeParse({ stream: 's', dvr: true, from: 200, to: 100 })))).toEqual(['to']);
    expect(streamTokenParamsSchema.safeParse({ stream: 's', dvr: true, from: 100, to: 100 }).success).toBe(true);
  });

  it('treats to = 0 as an unbounded end, not as before the start', () => {
    expect(streamTokenParamsSchema.safeParse({ stream: 's', dvr: true, from: 100, to: 0 }).success).toBe(true);
  });
});

describe('stream token response', () => {
  it('accepts a bare JSON string and a JSON-RPC envelope with result', () => {
    expect(streamTokenResponseSchema.parse('abc')).toBe('abc');
    expect(streamTokenResponseSchema.parse({ jsonrpc: '2.0', id: 1, result: 'abc' })).toMatchObject({ result: 'abc' });
  });
});

describe('camera create request', () => {
  const valid = {
    name: 'Gate 3',
    mac: '00:1A:2B:3C:4D:5E',
    group_type: 'private',
    group_external_id: 'site-7',
    folder_key: 12,
    onvif_credentials: { login: 'admin', password: 'secret', port: 80 },
    log_extra: 'from CRM',
    streams: [
      {
        type: 'high',
        is_archive_enabled: true,
        archive_storage_days: 30,
        archive_recording_type: 'timetable',
        archive_recording_timetable: { days: [{ type: 'same_every_day', from: '08:00:00+03:00', to: '20:00:00+03:00', breaks: [] }] },
      },
      { type: 'low', archive_storage_days: 1, archive_recording_type: 'fulltime' },
    ],
  };

  it('accepts every documented field', () => {
    expect(cameraCreateRequestSchema.parse(valid)).toEqual(valid);
  });

  it('allows no required field, since the spec names none', () => {
    expect(cameraCreateRequestSchema.parse({})).toEqual({});
  });

  it('keeps archive days within 1 to 90, reported on the stream item path', () => {
    const errors = fieldErrors(cameraCreateRequestSchema.safeParse({ streams: [{ type: 'high', archive_storage_days: 91 }] }));
    expect(errors['streams.0.archive_storage_days']).toEqual(['The archive can be kept for at most 90 days.']);
    expect(cameraCreateRequestSchema.safeParse({ streams: [{ type: 'high', archive_storage_days: 0 }] }).success).toBe(false);
  });

  it('accepts only the stream types high and low', () => {
    expect(cameraCreateRequestSchema.safeParse({ streams: [{ type: 'medium' }] }).success).toBe(false);
  });

  it('checks timetable times have the HH:MM:SS+HH:MM shape', () => {
    const day = (from: string) => ({ streams: [{ type: 'high', archive_recording_timetable: { days: [{ type: 'same_every_day', from, to: '20:00:00+03:00' }] } }] });
    expect(cameraCreateRequestSchema.safeParse(day('08:00:00-05:30')).success).toBe(true);
    const errors = fieldErrors(cameraCreateRequestSchema.safeParse(day('8:00')));
    expect(Object.keys(errors)).toEqual(['streams.0.archive_recording_timetable.days.0.from']);
    expect(cameraCreateRequestSchema.safeParse(day('25:00:00+03:00')).success).toBe(false);
  });

  it('defaults missing timetable breaks to an empty list', () => {
    const parsed = cameraCreateRequestSchema.parse({ streams: [{ type: 'high', archive_recording_timetable: { days: [{ type: 'same_every_day', from: '08:00:00+00:00', to: '09:00:00+00:00' }] } }] });
    expect(parsed.streams?.[0]?.archive_recording_timetable?.days[0]?.breaks).toEqual([]);
  });
});

describe('camera create response', () => {
  it('parses the documented answer', () => {
    expect(cameraCreateResponseSchema.parse(samples.cameraCreateResponse)).toEqual(samples.cameraCreateResponse);
  });

  it('keeps fields the spec does not list', () => {
    expect(cameraCreateResponseSchema.parse({ ...samples.cameraCreateResponse, uuid: 'x-1' })).toMatchObject({ uuid: 'x-1' });
  });
});

describe('camera-agent device', () => {
  it('parses the documented device with nulls where the spec allows them', () => {
    expect(cameraAgentSchema.parse(samples.cameraAgent)).toEqual(samples.cameraAgent);
  });

  it('names the failing path of a wrong type', () => {
    const bad = { ...samples.cameraAgent, storages: [{ ...samples.cameraAgent.storages[0], capacity: 'big' }] };
    const result = cameraAgentSchema.safeParse(bad);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['storages', 0, 'capacity']);
  });

  it('keeps unknown nested fields', () => {
    const extra = { ...samples.cameraAgent, camera: { ...samples.cameraAgent.camera, firmware: '1.2' } };
    expect(cameraAgentSchema.parse(extra).camera).toMatchObject({ firmware: '1.2' });
  });
});

describe('dashboard', () => {
  it('parses the documented statistics, negative trends included', () => {
    const parsed = dashboardSchema.parse(samples.dashboard);
    expect(parsed.cameras.count_for_range).toEqual({ number: -3, percent: -12.5 });
    expect(parsed.mediaservers.top_by_bitrate[0]?.extra.server.hostname).toBe('ms1');
  });

  it('accepts items of undocumented shape in the top lists', () => {
    const withItems = { ...samples.dashboard, issues: { ...samples.dashboard.issues, top_by_issues: [{ anything: 1 }, 'x'] } };
    expect(dashboardSchema.safeParse(withItems).success).toBe(true);
  });
});

describe('dashboard query', () => {
  it('accepts Region/City names including nested and Etc zones', () => {
    for (const timezone of ['Europe/Berlin', 'America/Argentina/Buenos_Aires', 'Etc/GMT+3']) {
      expect(dashboardQuerySchema.safeParse({ timezone, date: 'today' }).success).toBe(true);
    }
  });

  it('refuses a bare zone abbreviation', () => {
    expect(dashboardQuerySchema.safeParse({ timezone: 'CET' }).success).toBe(false);
  });

  it('requires a time zone when filtering by date', () => {
    expect(Object.keys(fieldErrors(dashboardQuerySchema.safeParse({ from: '2024-01-01', to: '2024-01-31' })))).toEqual(['timezone']);
    expect(dashboardQuerySchema.safeParse({}).success).toBe(true);
  });
});

describe('analytics task body', () => {
  it('accepts the nested Source and Pipeline objects', () => {
    const body = {
      Collections: ['c1'],
      CaseType: 'face-recognition',
      CameraGroupUid: 'g1',
      Source: { Uid: 's1', Url: 'rtsp://x' },
      Pipeline: { Detector: { ScoreThreshold: 0.7 }, Fences: [[0, 0, 1, 1]], Areas: [] },
    };
    expect(analyticsTaskBodySchema.parse(body)).toEqual(body);
  });

  it('requires CaseType, CameraGroupUid and Source.Uid/Url', () => {
    const errors = fieldErrors(analyticsTaskBodySchema.safeParse({ Source: { Uid: '' } }));
    expect(Object.keys(errors).sort()).toEqual(['CameraGroupUid', 'CaseType', 'Source.Uid', 'Source.Url']);
  });
});

describe('token endpoints', () => {
  it('reads an API token from a bare string or the usual member names', () => {
    for (const raw of ['t1', { token: 't1' }, { access_token: 't1' }, { api_token: 't1', expires: 0 }]) {
      expect(obtainApiTokenResponseSchema.safeParse(raw).success).toBe(true);
    }
    expect(obtainApiTokenResponseSchema.safeParse({ other: 1 }).success).toBe(false);
  });

  it('requires uid, user and a non-negative duration for a user-bound token', () => {
    expect(userBoundTokenRequestSchema.safeParse({ uid: 's', user: 'u', duration: 0 }).success).toBe(true);
    expect(Object.keys(fieldErrors(userBoundTokenRequestSchema.safeParse({ uid: '', user: 'u', duration: -1 }))).sort()).toEqual(['duration', 'uid']);
  });
});

describe('connect screen shapes', () => {
  it('stores a pasted pin in canonical upper-case colon hex', () => {
    const pin = Array.from({ length: 32 }, () => 'AB').join(':');
    expect(tlsTrustSchema.parse({ mode: 'pin', sha256: pin.toLowerCase().replace(/:/g, '') })).toEqual({ mode: 'pin', sha256: pin });
  });

  it('refuses a pin that is not a SHA-256 fingerprint', () => {
    expect(tlsTrustSchema.safeParse({ mode: 'pin', sha256: 'AB:CD' }).success).toBe(false);
  });

  it('describes a connection report with skipped steps', () => {
    const report = { ok: true, outcome: 'incomplete', steps: [{ name: 'DNS', ok: true, message: 'ok' }, { name: 'Token', ok: null, message: 'none stored' }] };
    expect(connectionReportSchema.parse(report)).toEqual(report);
  });
});
