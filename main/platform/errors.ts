import type { z } from 'zod';
import { AppFailure, isAppFailure } from '../shared/app-failure';
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
  notFound?: string;
  /** Overrides the generic 403 sentence. */
  forbidden?: string;
  /** The JSON-RPC method, for RpcError messages. */
  rpcMethod?: string;
}

export const messages = {
  unauthorized: 'The server refused the API token. Open Connect and replace it.',
  noToken: 'No API token is stored for this server. Open Connect and add one.',
  forbidden: 'The API token is valid but does not have permission for this. Ask your administrator to grant it.',
  dashboardForbidden: 'The API token is valid but lacks permission to read the dashboard. Ask your administrator to grant it.',
  notFound: 'The server has no such item. Check the identifier and try again.',
  conflict: 'The server refused the change because it conflicts with the current state. Reload and try again.',
  validation: 'The server rejected some of the values. Check the highlighted fields.',
  badRequest: 'The server rejected the request. Check the values and try again.',
  rateLimited: 'The server is receiving too many requests. Wait a moment and try again.',
  unavailable: 'The server is temporarily unavailable. Try again in a minute.',
  badGateway: 'A gateway or proxy in front of the server got no valid answer from it. Try again in a minute; if it keeps happening, tell your administrator.',
  gatewayTimeout: 'A gateway or proxy in front of the server waited too long for its answer. Try again in a minute.',
  serverError: 'The server failed while handling the request. Try again; if it keeps failing, tell your administrator.',
  html: 'The server answered with a web page instead of data. The address may point at a website or a proxy login, not the platform API.',
  cancelled: 'The request was cancelled.',
  pinMismatch:
    "The server's certificate changed since you trusted it. Someone may be intercepting the connection. Do not continue unless your administrator replaced it.",
} as const;

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

function shorten(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** A JSON-RPC error object in a body, whatever the HTTP status. */
export function rpcFailure(ctx: CallContext, status: number, body: unknown): AppFailure | undefined {
  const parsed = jsonRpcErrorBodySchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { code, message } = parsed.data.error;
  const method = ctx.rpcMethod ?? 'the requested method';
  const text =
    code === -32601
      ? `The server does not recognise the method ${method}. Its platform version may differ from the one Watchdesk expects; tell your administrator.`
      : code === -32602
        ? `The server rejected the parameters of ${method}: ${shorten(message, 160)}. Check the values and try again.`
        : `The server refused the request (${shorten(message, 160)}). Check the values and try again.`;
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
  return new AppFailure('BadResponse', `The server answered with an unexpected status (${status}). Tell your administrator if it persists.`, {
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
    return new AppFailure('BadResponse', 'The server sent an empty answer where data was expected. Tell your administrator if it persists.', {
      details: detail(ctx, `HTTP ${status} with an empty body`),
    });
  }
  const opensLikeJson = /^\s*[[{"]/.test(text);
  const message = opensLikeJson
    ? 'The server’s answer was cut off before it ended. Try again.'
    : 'The server’s answer could not be read as data. The platform version may differ; tell your administrator.';
  return new AppFailure('BadResponse', message, {
    details: detail(ctx, `HTTP ${status}, body is not valid JSON: ${shorten(text, 120)}`),
  });
}

/** Zod's `Invalid input: expected number, received string` -> `expected number, received string`. */
function issueText(issue: z.core.$ZodIssue): string {
  const path = issue.path.length ? issue.path.map(String).join('.') : '(whole answer)';
  return `${path}: ${issue.message.replace(/^Invalid input:\s*/i, '')}`;
}

/** A JSON body that does not have the documented shape: names the first failing path. */
export function badShape(ctx: CallContext, status: number, error: z.ZodError): AppFailure {
  const issues = error.issues.map(issueText);
  const first = issues[0] ?? 'unknown problem';
  const more = issues.length > 1 ? ` and ${issues.length - 1} more` : '';
  return new AppFailure('BadResponse', `The server’s answer is not in the expected form (${first}${more}). The platform version may differ; tell your administrator.`, {
    details: detail(ctx, `HTTP ${status}, shape check failed: ${issues.slice(0, 10).join('; ')}`),
    data: { paths: error.issues.slice(0, 20).map((i) => i.path.map(String).join('.')) },
  });
}

export function cancelled(ctx: CallContext): AppFailure {
  return new AppFailure('Cancelled', messages.cancelled, { details: detail(ctx, 'aborted by the caller') });
}

export function untrustedCertificate(ctx: CallContext, code: string, certificate: CertificateInfo | undefined): AppFailure {
  const reason =
    code === 'ERR_TLS_CERT_ALTNAME_INVALID'
      ? `The server's certificate is not valid for the name ${hostName(ctx)}.`
      : code === 'CERT_HAS_EXPIRED'
        ? "The server's certificate has expired."
        : code === 'CERT_NOT_YET_VALID'
          ? "The server's certificate is not valid yet (check this computer's clock)."
          : certificate?.selfSigned
            ? "The server's certificate is self-signed, so this computer cannot verify it."
            : "The server's certificate is not signed by an authority this computer trusts.";
  return new AppFailure(
    'TlsUntrusted',
    `${reason} Review the certificate and trust it only if your administrator confirms its fingerprint.`,
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
      return new AppFailure('Offline', `The server name ${hostName(ctx)} could not be found. Check the address and your network connection.`, { details, data: { reason: 'name-not-found' } });
    case 'ECONNREFUSED':
      return new AppFailure('Offline', `${ctx.host} refused the connection. The platform may not be running there, or the port is wrong.`, { details, data: { reason: 'refused' } });
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ENETDOWN':
    case 'EHOSTDOWN':
      return new AppFailure('Offline', `${hostName(ctx)} cannot be reached from this computer. Check your network connection.`, { details, data: { reason: 'unreachable' } });
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return new AppFailure('Timeout', `${ctx.host} did not accept a connection within ${seconds} s. Check the address and your network connection.`, { details, data: { phase: 'connect' } });
    case 'UND_ERR_HEADERS_TIMEOUT':
      return new AppFailure('Timeout', `The server did not answer within ${seconds} s. Try again later.`, { details, data: { phase: 'headers' } });
    case 'UND_ERR_BODY_TIMEOUT':
      return new AppFailure('Timeout', `The server stopped sending its answer for ${seconds} s. Try again later.`, { details, data: { phase: 'body' } });
    case 'UND_ERR_HEADERS_OVERFLOW':
    case 'UND_ERR_RES_EXCEEDED_MAX_SIZE':
      return new AppFailure('BadResponse', 'The server’s answer was too large to read. Tell your administrator.', { details });
  }
  if (code && code.startsWith('HPE_')) {
    return new AppFailure('BadResponse', 'The server answered in a form that is not HTTP. Check that the address and port point at the platform API.', { details });
  }
  if (isUntrustedCertificateCode(code)) return untrustedCertificate(ctx, code!, undefined);
  if (code === 'EPROTO' || code?.startsWith('ERR_SSL') || code?.startsWith('ERR_TLS')) {
    return new AppFailure('Offline', `A secure connection to ${ctx.host} could not be set up. Check that the address uses the right scheme (https or http) and port.`, { details, data: { reason: 'tls-handshake' } });
  }
  if (phase === 'body') {
    return new AppFailure('BadResponse', 'The server’s answer was cut off before it ended. Try again.', { details });
  }
  // ECONNRESET, EPIPE, UND_ERR_SOCKET ("other side closed") and anything else before a response arrived.
  return new AppFailure('Offline', `The connection to ${ctx.host} was dropped before the server answered. Check your network and try again.`, { details, data: { reason: 'dropped' } });
}
