import type { SimContext } from '../context';
import type { ApiTokenRecord } from '../records';
import { expiryMs } from '../time-format';
import { messageError, type Reply } from './reply';
import type { SimRequest } from './request';

export const UNAUTHENTICATED = 'Unauthenticated.';

/**
 * The API token from the request, in any of the three forms the spec shows: `Authorization: Bearer <t>`,
 * `Authorization: <t>` and `?token=<t>`. When the header is present it wins and the query is not consulted
 * (README: a wrong header is not rescued by a right query token).
 */
export function readApiToken(req: SimRequest): string | undefined {
  const header = req.headers.authorization;
  if (typeof header === 'string' && header.trim() !== '') {
    const value = header.trim();
    const bearer = /^Bearer\s+(.+)$/i.exec(value);
    return (bearer?.[1] ?? value).trim();
  }
  const query = req.query.get('token');
  return query === null || query === '' ? undefined : query;
}

export type AuthResult = { ok: true; token: ApiTokenRecord } | { ok: false; reply: Reply };

/** 401 `{message: 'Unauthenticated.'}` unless a known, unexpired API token came with the request. */
export function authenticate(req: SimRequest, ctx: SimContext): AuthResult {
  const value = readApiToken(req);
  const record = value === undefined ? undefined : ctx.state.apiTokens.get(value);
  if (record === undefined || (record.expiresAt !== null && ctx.clock.now() >= record.expiresAt)) {
    return { ok: false, reply: messageError(req, 401, UNAUTHENTICATED) };
  }
  return { ok: true, token: record };
}

/** Issues an API token and records it. Duration 0 means unlimited (spec). */
export function issueApiToken(ctx: SimContext, client: string, duration: number, permissions: string[]): ApiTokenRecord {
  const issuedAt = ctx.clock.now();
  const record: ApiTokenRecord = {
    id: ctx.state.nextApiTokenId++,
    client,
    token: ctx.tokens.next('api'),
    permissions,
    duration,
    issuedAt,
    expiresAt: expiryMs(issuedAt, duration),
  };
  ctx.state.apiTokens.set(record.token, record);
  return record;
}
