import { describe, expect, it } from 'vitest';
import { buildStreamRequest, buildUserBoundRequest, type StreamFormValues } from '../../../renderer/features/tokens/token-form';
import { streamTokenRequestSchema } from '../../../preload/contract/tokens';

const values: StreamFormValues = {
  stream: ' cam-0001-hd ',
  live: true,
  dvr: false,
  copy: false,
  ttl: { mode: 'preset', seconds: 3600 },
  window: { fromUnbounded: true, toUnbounded: true, from: '', to: '', timeZone: 'Europe/Berlin' },
  note: '',
};

describe('stream token form', () => {
  it('builds the request with the uid trimmed and no window when DVR and download are off', () => {
    expect(buildStreamRequest(values)).toEqual({
      ok: true,
      request: { stream: 'cam-0001-hd', live: true, dvr: false, copy: false, ttl: 3600, from: 0, to: 0, note: '' },
      noPermissions: false,
      notes: {},
    });
  });

  it('flags a request with no permission at all, so the screen can ask first', () => {
    const result = buildStreamRequest({ ...values, live: false });
    expect(result.ok && result.noPermissions).toBe(true);
  });

  it('asks for the stream uid under the stream field', () => {
    expect(buildStreamRequest({ ...values, stream: '  ' })).toEqual({ ok: false, errors: { stream: 'Enter the stream uid.' } });
  });

  it('refuses a uid with a space', () => {
    expect(buildStreamRequest({ ...values, stream: 'cam 1' })).toEqual({ ok: false, errors: { stream: 'A stream uid has no spaces or line breaks.' } });
  });

  it('collects errors of several fields at once', () => {
    const result = buildStreamRequest({
      ...values,
      stream: '',
      dvr: true,
      ttl: { mode: 'custom', amount: '', unit: 'hours' },
      window: { ...values.window, fromUnbounded: false, from: '2026-03-29T02:30' },
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors).sort()).toEqual(['from', 'stream', 'ttl']);
  });

  it('sends the window when DVR is on', () => {
    const result = buildStreamRequest({ ...values, dvr: true, window: { ...values.window, fromUnbounded: false, from: '2026-01-15T10:00' } });
    expect(result.ok && result.request).toMatchObject({ from: Date.parse('2026-01-15T09:00:00Z') / 1000, to: 0 });
  });
});

describe('user-bound token form', () => {
  it('builds the request', () => {
    expect(buildUserBoundRequest({ uid: 'cam-0001-hd', user: ' alice ', duration: { mode: 'preset', seconds: 900 }, note: '' })).toEqual({
      ok: true,
      request: { uid: 'cam-0001-hd', user: 'alice', duration: 900, note: '' },
    });
  });

  it('asks for the user and the stream under their fields', () => {
    expect(buildUserBoundRequest({ uid: '', user: '', duration: { mode: 'unlimited' }, note: '' })).toEqual({
      ok: false,
      errors: { uid: 'Enter the stream uid.', user: 'Enter the user identifier.' },
    });
  });
});

describe('stream token contract schema (checked again in main)', () => {
  it('refuses a window when neither DVR nor download is allowed', () => {
    const result = streamTokenRequestSchema.safeParse({ stream: 'a', live: true, ttl: 60, from: 10, to: 20 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['from']);
  });

  it('refuses to < from, and accepts to = 0 (unbounded) after any from', () => {
    expect(streamTokenRequestSchema.safeParse({ stream: 'a', dvr: true, ttl: 60, from: 20, to: 10 }).error?.issues[0]?.path).toEqual(['to']);
    expect(streamTokenRequestSchema.safeParse({ stream: 'a', dvr: true, ttl: 60, from: 20, to: 0 }).success).toBe(true);
  });

  it('refuses a TTL beyond the unsigned 32-bit range', () => {
    expect(streamTokenRequestSchema.safeParse({ stream: 'a', ttl: 4_294_967_296 }).success).toBe(false);
  });
});
