import { EventEmitter } from 'node:events';
import { Agent } from 'undici';
import type { z } from 'zod';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { log } from '../shared/log';
import { t } from '../shared/i18n';
import {
  badShape,
  cancelled,
  errorCode,
  failureFromStatus,
  failureFromTransportError,
  headerValue,
  htmlResponse,
  looksLikeHtml,
  messages,
  notJson,
  untrustedCertificate,
  type CallContext,
} from './errors';
import type { TlsTrust, TokenStyle } from '../../preload/contract/wire/platform';
import type { AppErrorKind } from '../../preload/contract/app-error';
import { createConnector, inspectCertificate, isUntrustedCertificateCode } from './tls-trust';

/**
 * The HTTP layer under every platform call: one keep-alive undici Agent per client, the two JSON headers on every
 * request, the token in the profile's form, timeouts, cancellation, and retries for reads only.
 */

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
  /**
   * Told after each call whether the server could be reached with the token (null) or not (the failure: no
   * connection, a timeout, an untrusted certificate, a refused or missing token). Other answers (a 422, a 500)
   * count as reached. Not told for the connection test's own requests, whose report says it all.
   */
  onReachability?: (failure: AppFailure | null) => void;
}

/** Kinds that say the server cannot be used from here at all, as opposed to refusing one request. */
const unreachableKinds = new Set<AppErrorKind>(['Offline', 'Timeout', 'TlsUntrusted', 'TlsPinMismatch', 'Unauthorized']);

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

/** One answer, read in full. */
export class RawResponse {
  /** The token sent with the request: kept only to mask it if the server echoes it into an error body. */
  readonly #token: string | null;

  constructor(
    readonly status: number,
    readonly contentType: string | undefined,
    readonly headers: Record<string, string | string[] | undefined>,
    readonly text: string,
    readonly ctx: CallContext,
    token: string | null,
  ) {
    this.#token = token;
  }

  /** Whether the request carried an API token ('if-stored' calls send none when none is stored). */
  get sentToken(): boolean {
    return this.#token !== null;
  }

  /** Masks the token in a failure built from this answer. */
  redact(failure: AppFailure): AppFailure {
    return scrubFailure(failure, this.#token);
  }
}

const defaultTimeoutMs = 15_000;

/** Failures of reading the token, marked as they are thrown: nothing was sent for them. */
const tokenReadFailures = new WeakSet<AppFailure>();

/** True when a call failed because the API token could not be read (e.g. a locked keychain), before anything was sent. */
export function isTokenReadFailure(failure: AppFailure): boolean {
  return tokenReadFailures.has(failure);
}

export class Transport {
  readonly origin: string;
  readonly timeoutMs: number;
  private readonly basePath: string;
  private readonly agent: Agent;
  private readonly maxRetries: number;
  private readonly baseDelayMs: number;
  private readonly hostLabel: string;
  /**
   * Bodies being read, with the time their attempt must end by. A server dripping a body byte by byte never
   * trips undici's body timeout (it measures gaps), so one shared sweeper per client cuts such answers off.
   * Shared rather than a timer per call: the token desk issues thousands of calls, and this stays cheap.
   */
  private readonly deadlines = new DeadlineSweeper();
  private readonly aborts = new SharedAbortListeners();
  private headerCache: { token: string | null; headers: Readonly<Record<string, string>> } | undefined;
  /** The API token last registered with the log's redaction list. */
  private redactedToken: string | null = null;

  constructor(private readonly options: TransportOptions) {
    const url = new URL(options.baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new AppFailure('Validation', t('errors.platform.badScheme'), {
        fieldErrors: { baseUrl: [t('errors.client.schemeField')] },
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
      // Keep-alive on undici's defaults (4 s idle, or the server's Keep-Alive hint): a socket kept longer than the
      // server keeps it can be closed under a POST, which must then fail rather than be replayed.
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
  send(spec: RequestSpec): Promise<RawResponse> {
    const tell = spec.auth === 'if-stored' ? undefined : this.options.onReachability;
    // Plain promises rather than async wrappers on the way down: a batch sends thousands of calls, and each async
    // layer that only passes a promise on costs a promise and a few microtask turns per call.
    const attempts = spec.method !== 'GET' || this.maxRetries === 0 ? this.sendOnce(spec) : this.sendWithRetries(spec);
    if (!tell) return attempts;
    return attempts.then(
      (response) => {
        tell(response.status === 401 ? response.redact(failureFromStatus(response.ctx, 401, response.contentType, response.text, response.headers)) : null);
        return response;
      },
      (error: unknown) => {
        if (isAppFailure(error) && unreachableKinds.has(error.kind) && !isTokenReadFailure(error)) tell(error);
        throw error;
      },
    );
  }

  /** A GET with its retries. */
  private async sendWithRetries(spec: RequestSpec): Promise<RawResponse> {
    for (let attempt = 0; ; attempt++) {
      const canRetry = attempt < this.maxRetries;
      let reason: string;
      try {
        const response = await this.sendOnce(spec);
        if (!canRetry || !retryableStatuses.has(response.status)) return response;
        reason = `HTTP ${response.status}`;
      } catch (error) {
        const failure = isAppFailure(error) ? error : new AppFailure('Internal', t('errors.platform.talkFailed'));
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
    this.deadlines.stop();
    await this.agent.close();
  }

  context(spec: Pick<RequestSpec, 'method' | 'path' | 'notFound' | 'forbidden' | 'rpcMethod'>): CallContext {
    const ctx: CallContext = { method: spec.method, path: this.basePath + spec.path, host: this.hostLabel };
    if (spec.notFound) ctx.notFound = spec.notFound;
    if (spec.forbidden) ctx.forbidden = spec.forbidden;
    if (spec.rpcMethod) ctx.rpcMethod = spec.rpcMethod;
    return ctx;
  }

  /** A failure of reading the token, marked so that it is not taken for the server's answer. */
  private tokenReadFailure(error: unknown): AppFailure {
    // The vault reports its own failures (e.g. KeychainUnavailable) as AppFailures: pass those on as they are.
    const failure = isAppFailure(error)
      ? error
      : new AppFailure('Internal', t('errors.platform.tokenUnreadable'), {
          details: error instanceof Error ? error.message : String(error),
        });
    tokenReadFailures.add(failure);
    return failure;
  }

  private checkToken(token: string | null, auth: AuthMode): string | null {
    if (token) {
      // Registered once per token, not once per call (the log's list is a set; the check is the cheap part).
      if (token !== this.redactedToken) {
        log.redact(token);
        this.redactedToken = token;
      }
      return token;
    }
    if (auth === 'if-stored') return null;
    throw new AppFailure('Unauthorized', messages.noToken, {
      details: 'no API token is stored for this profile',
      data: { reason: 'no-token' },
      action: 'open-connect',
    });
  }

  /** The two JSON headers and the token's header, built once per token (a batch sends thousands with the same). */
  private headersFor(token: string | null): Readonly<Record<string, string>> {
    if (this.headerCache?.token !== token) {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (token && this.options.tokenStyle === 'bearer') headers.authorization = `Bearer ${token}`;
      else if (token && this.options.tokenStyle === 'bare') headers.authorization = token;
      this.headerCache = { token, headers: Object.freeze(headers) };
    }
    return this.headerCache.headers;
  }

  private async sendOnce(spec: RequestSpec): Promise<RawResponse> {
    const ctx = this.context(spec);
    if (spec.signal?.aborted) throw cancelled(ctx);

    let token: string | null = null;
    if (spec.auth !== 'none') {
      let stored: string | null;
      try {
        stored = await this.options.getToken();
      } catch (error) {
        throw this.tokenReadFailure(error);
      }
      token = this.checkToken(stored, spec.auth);
    }
    const style: TokenStyle = spec.auth === 'query' ? 'query' : this.options.tokenStyle;
    let fullPath = this.basePath + spec.path;
    const headers = this.headersFor(style === 'query' ? null : token);
    if (spec.query || (token && style === 'query')) {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(spec.query ?? {})) if (value !== undefined) query.set(key, value);
      if (token && style === 'query') query.set('token', token);
      const extra = query.toString();
      if (extra) fullPath += (spec.path.includes('?') ? '&' : '?') + extra;
    }
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);

    const started = performance.now();
    const watch: Watched = { deadline: started + this.deadlineMs, body: undefined, expired: false };

    // Aborted while the token was read: nothing is sent.
    if (spec.signal?.aborted) throw cancelled(ctx);
    let response;
    try {
      // Connect and headers are bounded by undici's own timeouts; the caller's signal cancels.
      const signal = spec.signal ? this.aborts.forRequest(spec.signal) : undefined;
      response = await this.agent.request({ origin: this.origin, path: fullPath, method: spec.method, headers, body, signal });
    } catch (error) {
      throw await this.attemptFailure(ctx, spec, watch, token, error, 'request');
    }
    let text: string;
    watch.body = response.body;
    this.deadlines.add(watch);
    try {
      text = await response.body.text();
    } catch (error) {
      throw await this.attemptFailure(ctx, spec, watch, token, error, 'body');
    } finally {
      this.deadlines.delete(watch);
    }
    return new RawResponse(response.statusCode, headerValue(response.headers['content-type']), response.headers, text, ctx, token);
  }

  private async attemptFailure(
    ctx: CallContext,
    spec: RequestSpec,
    watch: Watched,
    token: string | null,
    error: unknown,
    phase: 'request' | 'body',
  ): Promise<AppFailure> {
    if (spec.signal?.aborted) return cancelled(ctx);
    if (watch.expired) {
      return new AppFailure('Timeout', t('errors.platform.deadline', { seconds: Math.round(this.deadlineMs / 1000) }), {
        details: `${ctx.method} ${ctx.path} on ${ctx.host}: attempt deadline reached`,
        data: { phase: 'deadline' },
      });
    }
    const code = errorCode(error);
    if (isUntrustedCertificateCode(code)) return this.untrusted(ctx, code!);
    return scrubFailure(failureFromTransportError(ctx, error, phase, this.timeoutMs), token);
  }

  /** A TlsUntrusted failure with the certificate attached, so the Connect screen can offer to pin it. */
  private async untrusted(ctx: CallContext, code: string): Promise<AppFailure> {
    const certificate = await inspectCertificate(this.origin, { timeoutMs: this.timeoutMs }).catch(() => undefined);
    return untrustedCertificate(ctx, code, certificate);
  }
}

interface Watched {
  deadline: number;
  body: { destroy(error?: Error): unknown } | undefined;
  expired: boolean;
}

class DeadlineSweeper {
  private readonly watched = new Set<Watched>();
  private timer: NodeJS.Timeout | undefined;

  add(entry: Watched): void {
    this.watched.add(entry);
    if (!this.timer) {
      this.timer = setInterval(() => this.sweep(), 250);
      this.timer.unref();
    }
  }

  delete(entry: Watched): void {
    this.watched.delete(entry);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private sweep(): void {
    // An idle client keeps no timer running.
    if (this.watched.size === 0) return this.stop();
    const now = performance.now();
    for (const entry of this.watched) {
      if (now < entry.deadline) continue;
      entry.expired = true;
      this.watched.delete(entry);
      entry.body?.destroy(new Error('attempt deadline reached'));
    }
  }
}

type AbortListener = (...args: unknown[]) => void;

/**
 * One 'abort' listener per caller signal, shared by every request sent with it. A batch sends thousands of requests
 * with its one signal; adding and removing an AbortSignal listener for each costs more than the rest of the call's
 * bookkeeping. Each request gets a small emitter (undici takes an EventEmitter as `signal`) that the shared listener
 * fires when the caller aborts.
 */
class SharedAbortListeners {
  private readonly bySignal = new WeakMap<AbortSignal, Set<RequestAbort>>();

  /** The caller's signal must not be aborted yet (its 'abort' event would never come again). */
  forRequest(signal: AbortSignal): RequestAbort {
    let pending = this.bySignal.get(signal);
    if (!pending) {
      const requests = new Set<RequestAbort>();
      signal.addEventListener(
        'abort',
        () => {
          for (const request of [...requests]) request.fire();
          requests.clear();
        },
        { once: true },
      );
      this.bySignal.set(signal, requests);
      pending = requests;
    }
    return new RequestAbort(signal, pending);
  }
}

/**
 * What undici sees as one request's signal: it adds its abort listener with once('abort') and removes it when the
 * answer has been read. Only that one listener is kept (no emitter bookkeeping per request).
 */
class RequestAbort extends EventEmitter {
  private listener: AbortListener | null = null;

  constructor(
    private readonly source: AbortSignal,
    private readonly pending: Set<RequestAbort>,
  ) {
    super();
  }

  /** Undici reads the reason when it aborts the request. */
  get reason(): unknown {
    return this.source.reason;
  }

  override on(_event: string | symbol, listener: AbortListener): this {
    this.listener = listener;
    this.pending.add(this);
    return this;
  }

  override once(event: string | symbol, listener: AbortListener): this {
    return this.on(event, listener);
  }

  override removeListener(_event: string | symbol, listener: AbortListener): this {
    if (this.listener === listener) {
      this.listener = null;
      this.pending.delete(this);
    }
    return this;
  }

  fire(): void {
    const listener = this.listener;
    this.listener = null;
    listener?.();
  }
}

const retryableStatuses = new Set([502, 503, 504]);

function isRetryable(failure: AppFailure): boolean {
  const error = failure.appError;
  if (error.kind === 'Offline') return error.data?.reason !== 'tls-handshake';
  return error.kind === 'Timeout' || error.kind === 'Unavailable';
}

/** Belt and braces: a token must never end up in a message or detail, whatever a library put in its error text. */
function scrubFailure(failure: AppFailure, token: string | null): AppFailure {
  if (!token) return failure;
  const { message, details } = failure.appError;
  if (!message.includes(token) && !details?.includes(token)) return failure;
  const clean = (text: string): string => text.split(token).join('[redacted]');
  return new AppFailure(failure.appError, { message: clean(message), ...(details !== undefined ? { details: clean(details) } : {}) });
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
