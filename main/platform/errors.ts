import type { z } from 'zod';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { said } from '../shared/i18n';
import type { Said } from '../../preload/contract/said';
import { scrubText } from '../shared/secret-scrub';
import { issueMessage } from '../shared/zod-errors';
import { jsonRpcErrorBodySchema, validationErrorBodySchema, type CertificateInfo } from '../../preload/contract/wire/platform';
import { isUntrustedCertificateCode, PinMismatchError } from './tls-trust';

/**
 * Turns what the platform (or the network) did into an AppFailure a person can read. The message says what
 * happened and what to do; the technical detail (status, method, path, codes) goes to `details`.
 */

/** What the failing call was, for messages and details. Never carries a token. */
export interface CallContext {
  method: string;
  /** Path and query as sent, minus any token. */
  path: string;
  /** `host:port` of the server. */
  host: string;
  /** Overrides the generic 404 sentence, e.g. "No analytics task with this identifier exists." */
  notFound?: Said;
  /** Overrides the generic 403 sentence. */
  forbidden?: Said;
  /** The JSON-RPC method, for RpcError messages. */
  rpcMethod?: string;
}

/** The platform client's fixed sentences, kept as how to say them (said in the reader's language). */
export const messages = {
  unauthorized: said('errors.platform.unauthorized'),
  noToken: said('errors.platform.noToken'),
  forbidden: said('errors.platform.forbidden'),
  dashboardForbidden: said('errors.platform.dashboardForbidden'),
  notFound: said('errors.platform.notFound'),
  conflict: said('errors.platform.conflict'),
  validation: said('errors.platform.validation'),
  badRequest: said('errors.platform.badRequest'),
  rateLimited: said('errors.platform.rateLimited'),
  unavailable: said('errors.platform.unavailable'),
  badGateway: said('errors.platform.badGateway'),
  gatewayTimeout: said('errors.platform.gatewayTimeout'),
  serverError: said('errors.platform.serverError'),
  html: said('errors.platform.html'),
  cancelled: said('errors.platform.cancelled'),
  pinMismatch: said('errors.platform.pinMismatch'),
} satisfies Record<string, Said>;

function detail(ctx: CallContext, text: string): string {
  return `${ctx.method} ${ctx.path} on ${ctx.host}: ${text}`;
}

function hostName(ctx: CallContext): string {
  const match = /^(.*):\d+$/.exec(ctx.host);
  return match?.[1] ?? ctx.host;
}

/** True when the text looks like an HTML page rather than JSON. */
export function looksLikeHtml(contentType: string | undefined, text: string): boolean {
  if (contentType && /text\/html|application\/xhtml/i.test(contentType)) return true;
  // A body that starts as JSON does (a string, an object, an array) is no page: the common answer is decided without
  // copying it.
  const first = text.charCodeAt(0);
  if (first === 0x22 || first === 0x7b || first === 0x5b) return false;
  const start = text.trimStart().slice(0, 15).toLowerCase();
  return start.startsWith('<!doctype') || start.startsWith('<html') || start.startsWith('<head') || start.startsWith('<body');
}

export function htmlResponse(ctx: CallContext, status: number): AppFailure {
  return new AppFailure('HtmlResponse', messages.html, { details: detail(ctx, `HTTP ${status} with an HTML body`) });
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Server text cut to `max` characters. Secrets are masked before the cut: a token the server echoed across the cut
 * would otherwise leave its start, which the door (masking whole tokens only) no longer recognises.
 */
function shorten(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const clean = scrubText(flat);
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** A JSON-RPC error object in a body, whatever the HTTP status. */
export function rpcFailure(ctx: CallContext, status: number, body: unknown): AppFailure | undefined {
  const parsed = jsonRpcErrorBodySchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { code, message } = parsed.data.error;
  const method = ctx.rpcMethod ?? said('errors.platform.rpcTheMethod');
  const quoted = shorten(message, 160);
  const text =
    code === -32601
      ? said('errors.platform.rpcUnknownMethod', { method })
      : code === -32602
        ? said('errors.platform.rpcBadParams', { method, message: quoted })
        : said('errors.platform.rpcRefused', { message: quoted });
  return new AppFailure('RpcError', text, {
    details: detail(ctx, `HTTP ${status}, JSON-RPC error ${code}: ${shorten(message)}`),
    data: { rpcCode: code, rpcMessage: message },
  });
}

/** The JSON-RPC code of a failure, when it is an RpcError. */
export function rpcCodeOf(error: unknown): number | undefined {
  return isAppFailure(error) && error.appError.kind === 'RpcError' ? error.appError.data.rpcCode : undefined;
}

/** Maps a response whose status is not a success of the call. */
export function failureFromStatus(
  ctx: CallContext,
  status: number,
  contentType: string | undefined,
  text: string,
  headers: Record<string, string | string[] | undefined> = {},
): AppFailure {
  const html = looksLikeHtml(contentType, text);
  const body = html ? undefined : tryJson(text);
  const bodyNote = text ? `: ${shorten(text, 200)}` : '';

  // These statuses mean the same whether the body is JSON or a proxy's HTML page.
  switch (status) {
    case 401:
      return new AppFailure('Unauthorized', messages.unauthorized, { details: detail(ctx, 'HTTP 401'), data: { reason: 'refused' }, action: 'open-connect' });
    case 403:
      return new AppFailure('Forbidden', ctx.forbidden ?? messages.forbidden, { details: detail(ctx, 'HTTP 403') });
    case 429: {
      const retryAfter = headerValue(headers['retry-after']);
      return new AppFailure('RateLimited', messages.rateLimited, {
        details: detail(ctx, `HTTP 429${retryAfter ? `, Retry-After ${retryAfter}` : ''}`),
        ...(retryAfter ? { data: { retryAfter } } : {}),
      });
    }
    case 502:
    case 503:
    case 504: {
      // Each says who failed: a proxy that got nothing usable (502), the server itself (503), a proxy that gave up (504).
      const sentence = status === 502 ? messages.badGateway : status === 504 ? messages.gatewayTimeout : messages.unavailable;
      return new AppFailure('Unavailable', sentence, { details: detail(ctx, `HTTP ${status}${html ? ' (HTML page)' : bodyNote}`) });
    }
  }

  // The platform sends HTML error pages only when a request lacked Content-Type: ours never does, so an HTML
  // page here comes from something else at that address (a website, a proxy login) or a proxy that mangles
  // headers. Saying so helps more than the status code would.
  if (html) return htmlResponse(ctx, status);
  const rpc = rpcFailure(ctx, status, body);
  if (rpc) return rpc;
  if (status >= 500) return new AppFailure('ServerError', messages.serverError, { details: detail(ctx, `HTTP ${status}${bodyNote}`) });

  switch (status) {
    case 404:
      return new AppFailure('NotFound', ctx.notFound ?? messages.notFound, { details: detail(ctx, `HTTP 404${bodyNote}`) });
    case 409:
      return new AppFailure('Conflict', messages.conflict, { details: detail(ctx, `HTTP 409${bodyNote}`) });
    case 400:
    case 422: {
      const parsed = validationErrorBodySchema.safeParse(body);
      const fieldErrors = parsed.success ? (parsed.data.errors ?? {}) : {};
      const serverMessage = parsed.success ? parsed.data.message : undefined;
      const hasFields = Object.keys(fieldErrors).length > 0;
      return new AppFailure('Validation', hasFields ? messages.validation : messages.badRequest, {
        fieldErrors,
        details: detail(ctx, `HTTP ${status}${serverMessage ? `: ${shorten(serverMessage)}` : bodyNote}`),
      });
    }
  }
  return new AppFailure('BadResponse', said('errors.platform.unexpectedStatus', { status }), {
    details: detail(ctx, `HTTP ${status}${bodyNote}`),
  });
}

/** The first value of a response header that may repeat. */
export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A success status whose body is not JSON. */
export function notJson(ctx: CallContext, status: number, text: string): AppFailure {
  if (text.trim() === '') {
    return new AppFailure('BadResponse', said('errors.platform.emptyAnswer'), {
      details: detail(ctx, `HTTP ${status} with an empty body`),
    });
  }
  const opensLikeJson = /^\s*[[{"]/.test(text);
  const message = opensLikeJson ? said('errors.platform.cutOff') : said('errors.platform.notData');
  return new AppFailure('BadResponse', message, {
    details: detail(ctx, `HTTP ${status}, body is not valid JSON: ${shorten(text, 120)}`),
  });
}

/** Zod's `Invalid input: expected number, received string` -> `expected number, received string`. */
function issueText(issue: z.core.$ZodIssue): string {
  const path = issue.path.length ? issue.path.map(String).join('.') : '(whole answer)';
  return `${path}: ${issueMessage(issue).replace(/^Invalid input:\s*/i, '')}`;
}

/** A JSON body that does not have the documented shape: names the first failing path. */
export function badShape(ctx: CallContext, status: number, error: z.ZodError): AppFailure {
  const issues = error.issues.map(issueText);
  const first = issues[0] ?? 'unknown problem';
  const problem = issues.length > 1 ? said('errors.platform.badShapeMore', { first, count: issues.length - 1 }) : first;
  return new AppFailure('BadResponse', said('errors.platform.badShape', { problem }), {
    details: detail(ctx, `HTTP ${status}, shape check failed: ${issues.slice(0, 10).map((issue) => shorten(issue)).join('; ')}`),
    data: { paths: error.issues.slice(0, 20).map((i) => i.path.map(String).join('.')) },
  });
}

export function cancelled(ctx: CallContext): AppFailure {
  return new AppFailure('Cancelled', messages.cancelled, { details: detail(ctx, 'aborted by the caller') });
}

export function untrustedCertificate(ctx: CallContext, code: string, certificate: CertificateInfo | undefined): AppFailure {
  const reason =
    code === 'ERR_TLS_CERT_ALTNAME_INVALID'
      ? said('errors.platform.tlsAltName', { host: hostName(ctx) })
      : code === 'CERT_HAS_EXPIRED'
        ? said('errors.platform.tlsExpired')
        : code === 'CERT_NOT_YET_VALID'
          ? said('errors.platform.tlsNotYetValid')
          : certificate?.selfSigned
            ? said('errors.platform.tlsSelfSigned')
            : said('errors.platform.tlsUnknownAuthority');
  return new AppFailure(
    'TlsUntrusted',
    said('errors.platform.tlsReview', { reason }),
    { details: detail(ctx, `TLS verification failed: ${code}`), data: certificate ? { certificate } : {} },
  );
}

export function pinMismatch(ctx: CallContext, error: PinMismatchError): AppFailure {
  return new AppFailure('TlsPinMismatch', messages.pinMismatch, {
    details: detail(ctx, `certificate SHA-256 ${error.certificate.sha256}, pinned ${error.expected}`),
    data: { certificate: error.certificate, expected: error.expected },
  });
}

interface ErrorLike {
  code?: string;
  message?: string;
  cause?: unknown;
  errors?: unknown[];
}

/** The most telling error code in an error, its cause chain, or an AggregateError's members. */
export function errorCode(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as ErrorLike;
    if (typeof e.code === 'string' && e.code !== 'UND_ERR' && e.code !== 'ERR_AGGREGATE') return e.code;
    if (Array.isArray(e.errors) && e.errors.length > 0) {
      const inner = errorCode(e.errors[0]);
      if (inner) return inner;
    }
    current = e.cause;
  }
  return undefined;
}

function technical(error: unknown): string {
  const e = error as ErrorLike;
  const code = errorCode(error);
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return code ? `${code}: ${message}` : message;
}

export type Phase = 'request' | 'body';

/**
 * Maps a failure of the network or of undici. `phase` says whether the response head had already arrived
 * (`body`), which separates "the server is not there" from "its answer was cut off".
 */
export function failureFromTransportError(ctx: CallContext, error: unknown, phase: Phase, timeoutMs: number): AppFailure {
  if (error instanceof AppFailure) return error;
  if (error instanceof PinMismatchError) return pinMismatch(ctx, error);
  const code = errorCode(error);
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  const details = detail(ctx, technical(error));

  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
    case 'EAI_NODATA':
      return new AppFailure('Offline', said('errors.platform.nameNotFound', { host: hostName(ctx) }), { details, data: { reason: 'name-not-found' } });
    case 'ECONNREFUSED':
      return new AppFailure('Offline', said('errors.platform.refused', { host: ctx.host }), { details, data: { reason: 'refused' } });
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ENETDOWN':
    case 'EHOSTDOWN':
      return new AppFailure('Offline', said('errors.platform.unreachable', { host: hostName(ctx) }), { details, data: { reason: 'unreachable' } });
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return new AppFailure('Timeout', said('errors.platform.connectTimeout', { host: ctx.host, seconds }), { details, data: { phase: 'connect' } });
    case 'UND_ERR_HEADERS_TIMEOUT':
      return new AppFailure('Timeout', said('errors.platform.headersTimeout', { seconds }), { details, data: { phase: 'headers' } });
    case 'UND_ERR_BODY_TIMEOUT':
      return new AppFailure('Timeout', said('errors.platform.bodyTimeout', { seconds }), { details, data: { phase: 'body' } });
    case 'UND_ERR_HEADERS_OVERFLOW':
    case 'UND_ERR_RES_EXCEEDED_MAX_SIZE':
      return new AppFailure('BadResponse', said('errors.platform.tooLarge'), { details });
  }
  if (code && code.startsWith('HPE_')) {
    return new AppFailure('BadResponse', said('errors.platform.notHttp'), { details });
  }
  if (isUntrustedCertificateCode(code)) return untrustedCertificate(ctx, code!, undefined);
  if (code === 'EPROTO' || code?.startsWith('ERR_SSL') || code?.startsWith('ERR_TLS')) {
    return new AppFailure('Offline', said('errors.platform.tlsHandshake', { host: ctx.host }), { details, data: { reason: 'tls-handshake' } });
  }
  if (phase === 'body') {
    return new AppFailure('BadResponse', said('errors.platform.cutOff'), { details });
  }
  // ECONNRESET, EPIPE, UND_ERR_SOCKET ("other side closed") and anything else before a response arrived.
  return new AppFailure('Offline', said('errors.platform.dropped', { host: ctx.host }), { details, data: { reason: 'dropped' } });
}
