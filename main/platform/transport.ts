import { Agent } from 'undici';
import type { z } from 'zod';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { log } from '../shared/log';
import {
  badShape,
  cancelled,
  errorCode,
  failureFromStatus,
  failureFromTransportError,
  htmlResponse,
  looksLikeHtml,
  messages,
  notJson,
  untrustedCertificate,
  type CallContext,
} from './errors';
import type { TlsTrust } from './schemas';
import { createConnector, inspectCertificate, isUntrustedCertificateCode } from './tls-trust';

/**
 * The HTTP layer under every platform call: one keep-alive undici Agent per client, the two JSON headers on every
 * request, the token in the profile's form, timeouts, cancellation, and retries for reads only.
 */

export type TokenStyle = 'bearer' | 'bare' | 'query';
export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface RetryPolicy {
  /** Extra attempts after the first, for GET only. Default 2. */
  maxRetries?: number;
  /** First backoff step; doubles each retry, with full jitter. Default 250 ms. */
  baseDelayMs?: number;
}

export interface TransportOptions {
  baseUrl: string;
  tokenStyle: TokenStyle;
  getToken: () => Promise<string | null>;
  tls?: TlsTrust;
  /** Connect, headers and body timeouts (each). The whole attempt is cut at twice this plus a second. Default 15 s. */
  timeoutMs?: number;
  retry?: RetryPolicy;
}

/** How a call carries the API token. */
export type AuthMode =
  | 'header-or-query' // the profile's style; fails with Unauthorized when no token is stored
  | 'query' // always `?token=` (the user-bound token endpoint, as the spec shows it)
  | 'if-stored' // the profile's style when a token is stored, none otherwise (the connection test)
  | 'none';

export interface RequestSpec {
  method: HttpMethod;
  /** Path below the base URL, with any fixed query string, e.g. `/api/streams/x/?format=json&stream=x`. */
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  auth: AuthMode;
  signal?: AbortSignal | undefined;
  notFound?: string;
  forbidden?: string;
  rpcMethod?: string;
}

export interface RawResponse {
  status: number;
  contentType: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  ctx: CallContext;
  /** Masks the token sent with this request in a failure built from the answer (a server may echo it). */
  redact: (failure: AppFailure) => AppFailure;
}

const defaultTimeoutMs = 15_000;

export class Transport {
  readonly origin: string;
  readonly timeoutMs: number;
  private readonly basePath: string;
  private readonly agent: Agent;
  private readonly maxRetries: number;
  private readonly baseDelayMs: number;
  private readonly hostLabel: string;

  constructor(private readonly options: TransportOptions) {
    const url = new URL(options.baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new AppFailure('Validation', 'The server address must start with https:// or http://.', {
        fieldErrors: { baseUrl: ['Use an https:// or http:// address.'] },
      });
    }
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.hostLabel = url.host.includes(':') ? url.host : `${url.host}:${url.protocol === 'https:' ? 443 : 80}`;
    this.timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
    this.maxRetries = options.retry?.maxRetries ?? 2;
    this.baseDelayMs = options.retry?.baseDelayMs ?? 250;
    this.agent = new Agent({
      connect: createConnector({ trust: options.tls ?? { mode: 'system' }, timeoutMs: this.timeoutMs }),
      connectTimeout: this.timeoutMs,
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 60_000,
    });
  }

  /**
   * Bounds a whole attempt. Undici's own timers tick at about one second, so the deadline leaves them room to
   * fire first and say which phase stalled.
   */
  get deadlineMs(): number {
    return this.timeoutMs * 2 + 1_000;
  }

  get isHttps(): boolean {
    return this.origin.startsWith('https:');
  }

  /** Sends one call (and, for GET, up to `maxRetries` more on Offline, Timeout and 502/503/504). */
  async send(spec: RequestSpec): Promise<RawResponse> {
    for (let attempt = 0; ; attempt++) {
      const canRetry = spec.method === 'GET' && attempt < this.maxRetries;
      let reason: string;
      try {
        const response = await this.sendOnce(spec);
        if (!canRetry || !retryableStatuses.has(response.status)) return response;
        reason = `HTTP ${response.status}`;
      } catch (error) {
        const failure = isAppFailure(error) ? error : new AppFailure('Internal', 'Something went wrong while talking to the server.');
        if (!canRetry || !isRetryable(failure)) throw failure;
        reason = failure.kind;
      }
      const delay = Math.random() * this.baseDelayMs * 2 ** attempt;
      log.debug('platform', `retrying ${spec.method} ${spec.path.split('?')[0]} after ${reason} in ${Math.round(delay)} ms`);
      await sleep(delay, spec.signal, () => cancelled(this.context(spec)));
    }
  }

  /** Throws the mapped failure unless `status` is one of `ok`. */
  assertStatus(response: RawResponse, ok: readonly number[]): void {
    if (ok.includes(response.status)) return;
    throw response.redact(failureFromStatus(response.ctx, response.status, response.contentType, response.text, response.headers));
  }

  /**
   * Parses a success body as JSON and checks it against `schema`. An HTML page, a body that is not JSON and a
   * body of the wrong shape each become their own failure.
   */
  parse<S extends z.ZodType>(response: RawResponse, schema: S): z.output<S> {
    const json = this.json(response);
    const result = schema.safeParse(json);
    if (!result.success) throw response.redact(badShape(response.ctx, response.status, result.error));
    return result.data;
  }

  json(response: RawResponse): unknown {
    if (looksLikeHtml(response.contentType, response.text)) throw htmlResponse(response.ctx, response.status);
    try {
      return JSON.parse(response.text);
    } catch {
      throw response.redact(notJson(response.ctx, response.status, response.text));
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  context(spec: Pick<RequestSpec, 'method' | 'path' | 'notFound' | 'forbidden' | 'rpcMethod'>): CallContext {
    return {
      method: spec.method,
      path: this.basePath + spec.path,
      host: this.hostLabel,
      ...(spec.notFound ? { notFound: spec.notFound } : {}),
      ...(spec.forbidden ? { forbidden: spec.forbidden } : {}),
      ...(spec.rpcMethod ? { rpcMethod: spec.rpcMethod } : {}),
    };
  }

  private async token(auth: AuthMode): Promise<string | null> {
    if (auth === 'none') return null;
    const token = await this.options.getToken();
    if (token) {
      log.redact(token);
      return token;
    }
    if (auth === 'if-stored') return null;
    throw new AppFailure('Unauthorized', messages.noToken, { details: 'no API token is stored for this profile' });
  }

  private async sendOnce(spec: RequestSpec): Promise<RawResponse> {
    const ctx = this.context(spec);
    if (spec.signal?.aborted) throw cancelled(ctx);

    const token = await this.token(spec.auth);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(spec.query ?? {})) if (value !== undefined) query.set(key, value);
    if (token) {
      const style: TokenStyle = spec.auth === 'query' ? 'query' : this.options.tokenStyle;
      if (style === 'bearer') headers.authorization = `Bearer ${token}`;
      else if (style === 'bare') headers.authorization = token;
      else query.set('token', token);
    }
    const extra = query.toString();
    const fullPath = this.basePath + spec.path + (extra ? (spec.path.includes('?') ? '&' : '?') + extra : '');
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);

    // The caller's signal cancels; our own deadline bounds the whole attempt (a server dripping a body byte by
    // byte never trips the body timeout).
    const attempt = new AbortController();
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      attempt.abort();
    }, this.deadlineMs);
    const onAbort = (): void => attempt.abort();
    spec.signal?.addEventListener('abort', onAbort, { once: true });

    const fail = async (error: unknown, phase: 'request' | 'body'): Promise<never> => {
      if (spec.signal?.aborted) throw cancelled(ctx);
      if (timedOut) {
        throw new AppFailure('Timeout', `The server did not finish answering within ${Math.round(this.deadlineMs / 1000)} s. Try again later.`, {
          details: `${ctx.method} ${ctx.path} on ${ctx.host}: attempt deadline reached`,
          data: { phase: 'deadline' },
        });
      }
      const code = errorCode(error);
      if (isUntrustedCertificateCode(code)) throw await this.untrusted(ctx, code!);
      throw scrubFailure(failureFromTransportError(ctx, error, phase, this.timeoutMs), token);
    };

    try {
      let response;
      try {
        response = await this.agent.request({
          origin: this.origin,
          path: fullPath,
          method: spec.method,
          headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          ...(body !== undefined ? { body } : {}),
          signal: attempt.signal,
        });
      } catch (error) {
        return await fail(error, 'request');
      }
      let text: string;
      try {
        text = await response.body.text();
      } catch (error) {
        return await fail(error, 'body');
      }
      const contentType = headerValue(response.headers['content-type']);
      const redact = (failure: AppFailure): AppFailure => scrubFailure(failure, token);
      return { status: response.statusCode, contentType, headers: response.headers, text, ctx, redact };
    } finally {
      clearTimeout(deadline);
      spec.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** A TlsUntrusted failure with the certificate attached, so the Connect screen can offer to pin it. */
  private async untrusted(ctx: CallContext, code: string): Promise<AppFailure> {
    const certificate = await inspectCertificate(this.origin, { timeoutMs: this.timeoutMs }).catch(() => undefined);
    return untrustedCertificate(ctx, code, certificate);
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

const retryableStatuses = new Set([502, 503, 504]);

function isRetryable(failure: AppFailure): boolean {
  if (failure.kind === 'Offline' || failure.kind === 'Timeout') return failure.appError.data?.reason !== 'tls-handshake';
  return failure.kind === 'Unavailable';
}

/** Belt and braces: a token must never end up in a message or detail, whatever a library put in its error text. */
function scrubFailure(failure: AppFailure, token: string | null): AppFailure {
  if (!token) return failure;
  const { kind, message, details, fieldErrors, retryable, data } = failure.appError;
  if (!message.includes(token) && !details?.includes(token)) return failure;
  const clean = (text: string): string => text.split(token).join('[redacted]');
  return new AppFailure(kind, clean(message), {
    fieldErrors,
    retryable,
    ...(details !== undefined ? { details: clean(details) } : {}),
    ...(data !== undefined ? { data } : {}),
  });
}

function sleep(ms: number, signal: AbortSignal | undefined, onCancel: () => AppFailure): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(onCancel());
      return;
    }
    const done = (): void => {
      signal?.removeEventListener('abort', abort);
      resolve();
    };
    const abort = (): void => {
      clearTimeout(timer);
      reject(onCancel());
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });
}
