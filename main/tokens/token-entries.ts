import { randomUUID } from 'node:crypto';
import type { Profile } from '../../preload/contract/wire/profile';
import type { Grant, HistoryEntry } from '../../preload/contract/tokens';
import { expiryOf, issuedAtIso } from './batch-times';

/** The params of operation 1: the window is sent only when one side is bounded (0 = unbounded, per the spec). */
export function wireParams(stream: string, grant: Grant) {
  const { live, dvr, copy, ttl, from, to } = grant;
  return { stream, ttl, live, dvr, copy, ...(from !== 0 || to !== 0 ? { from, to } : {}) };
}

/**
 * The history entry of one stream token, from the single form or a batch row alike (a batch's row brings its
 * `expiresAt`, already computed for the screen). Written field by field: a batch builds thousands of these.
 */
export function streamTokenEntry(
  issued: { stream: string; token: string; issuedAt: Date; expiresAt?: string | null },
  grant: Grant,
  note: string,
  batchId: string | null,
  profile: Profile,
): HistoryEntry {
  const { stream, token, issuedAt } = issued;
  return {
    id: randomUUID(),
    kind: 'stream',
    stream,
    user: null,
    live: grant.live,
    dvr: grant.dvr,
    copy: grant.copy,
    ttl: grant.ttl,
    from: grant.from,
    to: grant.to,
    token,
    issuedAt: issuedAtIso(issuedAt),
    expiresAt: issued.expiresAt !== undefined ? issued.expiresAt : expiryOf(issuedAt, grant.ttl),
    profileId: profile.id,
    profileName: profile.name,
    note,
    batchId,
  };
}

/** The history entry of a token bound to a stream and a user (operation 3); its duration is kept as `ttl`. */
export function userBoundEntry(
  issued: { uid: string; user: string; duration: number; token: string | null; issuedAt: Date },
  note: string,
  profile: Profile,
): HistoryEntry {
  return {
    id: randomUUID(),
    kind: 'user',
    stream: issued.uid,
    user: issued.user,
    live: false,
    dvr: false,
    copy: false,
    ttl: issued.duration,
    from: 0,
    to: 0,
    token: issued.token,
    issuedAt: issued.issuedAt.toISOString(),
    expiresAt: expiryOf(issued.issuedAt, issued.duration),
    profileId: profile.id,
    profileName: profile.name,
    note,
    batchId: null,
  };
}
