import { describe, expect, it } from 'vitest';
import { streamTokenEntry, userBoundEntry, wireParams } from '../../../main/tokens/token-entries';
import type { Profile } from '../../../preload/contract/wire/profile';

const profile = { id: 'p1', name: 'North site' } as Profile;
const grant = { live: true, dvr: true, copy: false, ttl: 3600, from: 0, to: 0 };

describe('token entries', () => {
  it('sends the DVR window only when one side of it is bounded', () => {
    expect(wireParams('cam-1', grant)).toEqual({ stream: 'cam-1', ttl: 3600, live: true, dvr: true, copy: false });
    expect(wireParams('cam-1', { ...grant, from: 100 })).toMatchObject({ from: 100, to: 0 });
  });

  it('remembers a stream token with its grant, profile and expiry (none for an unlimited one)', () => {
    const issuedAt = new Date('2026-01-01T00:00:00Z');
    const entry = streamTokenEntry({ stream: 'cam-1', token: 't', issuedAt }, grant, 'n', 'b1', profile);
    expect(entry).toMatchObject({ kind: 'stream', user: null, live: true, dvr: true, ttl: 3600, profileId: 'p1', profileName: 'North site', note: 'n', batchId: 'b1' });
    expect(entry.expiresAt).toBe('2026-01-01T01:00:00.000Z');
    expect(streamTokenEntry({ stream: 'cam-1', token: 't', issuedAt }, { ...grant, ttl: 0 }, '', null, profile).expiresAt).toBeNull();
    // A batch row brings its own expiry, computed once for the screen.
    expect(streamTokenEntry({ stream: 'cam-1', token: 't', issuedAt, expiresAt: null }, grant, '', null, profile).expiresAt).toBeNull();
  });

  it('remembers a user-bound token with its duration as the lifetime and no permissions', () => {
    const entry = userBoundEntry({ uid: 'cam-2', user: 'u7', duration: 60, token: null, issuedAt: new Date('2026-01-01T00:00:00Z') }, '', profile);
    expect(entry).toMatchObject({ kind: 'user', stream: 'cam-2', user: 'u7', ttl: 60, live: false, dvr: false, copy: false, token: null, batchId: null });
    expect(entry.expiresAt).toBe('2026-01-01T00:01:00.000Z');
  });
});
