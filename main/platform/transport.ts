import type { IncomingHttpHeaders } from 'node:http';
import { Agent, type Dispatcher } from 'undici';
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
  /** The body already serialised as JSON (instead of `body`): a request sent again is not stringified again. */
  json?: string | undefined;
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

  /**
   * A GET with its retries. The first attempt is chained, not awaited in a loop: a watch list sends hundreds of GETs a
   * cycle, nearly all answered at once, and the retry machinery is entered only when one needs it.
   */
  private sendWithRetries(spec: RequestSpec, attempt = 0): Promise<RawResponse> {
    const canRetry = attempt < this.maxRetries;
    return this.sendOnce(spec).then(
      (response) => (canRetry && retryableStatuses.has(response.status) ? this.retryAfter(spec, attempt, `HTTP ${response.status}`) : response),
      (error: unknown) => {
        const failure = isAppFailure(error) ? error : new AppFailure('Internal', t('errors.platform.talkFailed'));
        if (!canRetry || !isRetryable(failure)) throw failure;
        return this.retryAfter(spec, attempt, failure.kind);
      },
    );
  }

  /** Waits the backoff after a failed attempt (full jitter, doubling), then sends the next one. */
  private async retryAfter(spec: RequestSpec, attempt: number, reason: string): Promise<RawResponse> {
    const delay = Math.random() * this.baseDelayMs * 2 ** attempt;
    log.debug('platform', `retrying ${spec.method} ${spec.path.split('?')[0]} after ${reason} in ${Math.round(delay)} ms`);
    await sleep(delay, spec.signal, () => cancelled(this.context(spec)));
    return this.sendWithRetries(spec, attempt + 1);
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
    const body = spec.json ?? (spec.body === undefined ? undefined : JSON.stringify(spec.body));

    // Aborted while the token was read: nothing is sent.
    if (spec.signal?.aborted) throw cancelled(ctx);
    const exchange = new Exchange(performance.now() + this.deadlineMs, this.deadlines);
    try {
      // Connect, headers and body are bounded by undici's own timeouts, a dripping body by the sweeper; the caller's
      // signal cancels.
      if (spec.signal) this.aborts.watch(spec.signal, exchange);
      this.agent.dispatch({ origin: this.origin, path: fullPath, method: spec.method, headers, body }, exchange);
      await exchange.answer;
    } catch (error) {
      throw await this.attemptFailure(ctx, spec, exchange, token, error, exchange.phase);
    }
    return new RawResponse(exchange.status, headerValue(exchange.headers['content-type']), exchange.headers, exchange.text, ctx, token);
  }

  private async attemptFailure(
    ctx: CallContext,
    spec: RequestSpec,
    exchange: Exchange,
    token: string | null,
    error: unknown,
    phase: 'request' | 'body',
  ): Promise<AppFailure> {
    if (spec.signal?.aborted) return cancelled(ctx);
    if (exchange.expired) {
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

/**
 * One request sent with undici's dispatch API, its answer read in full. Undici's `request` wraps every answer in a
 * stream and an async resource that `text()` then drains; the console always reads answers whole, so this handler
 * keeps the chunks and decodes them once, as `text()` does (UTF-8, a leading byte order mark skipped). A watch list
 * or an import sends hundreds of requests a minute, and the stream was a good part of each one's cost.
 */
class Exchange implements Dispatcher.DispatchHandler {
  /** Resolves when the whole answer is in; rejects with undici's error (or the reason it was aborted with). */
  readonly answer: Promise<void>;
  status = 0;
  headers: IncomingHttpHeaders = {};
  text = '';
  /** Where a failure happened: before the answer's headers came in, or while its body was read. */
  phase: 'request' | 'body' = 'request';
  /** Set by the sweeper when the attempt's deadline passed. */
  expired = false;
  /** The caller signal's set of requests in flight, which this one leaves once answered. */
  pending: Set<Exchange> | null = null;
  private chunks: Buffer[] = [];
  private length = 0;
  private controller: Dispatcher.DispatchController | null = null;
  /** An abort that came before undici started the request (it was still queued). */
  private reason: Error | null = null;
  private resolve!: () => void;
  private reject!: (error: unknown) => void;

  constructor(
    readonly deadline: number,
    private readonly deadlines: DeadlineSweeper,
  ) {
    this.answer = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    if (this.reason) controller.abort(this.reason);
    else this.controller = controller;
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    // An informational answer (100 Continue) is followed by the real one.
    if (statusCode < 200) return;
    this.status = statusCode;
    this.headers = headers;
    this.phase = 'body';
    // Undici's body timeout measures the gaps between chunks: the sweeper bounds the whole body.
    this.deadlines.add(this);
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  onResponseEnd(): void {
    this.done();
    this.text = decodeUtf8(this.chunks, this.length);
    this.chunks = [];
    this.resolve();
  }

  onResponseError(_controller: Dispatcher.DispatchController | null, error: Error): void {
    this.done();
    this.chunks = [];
    this.reject(error);
  }

  /** Cancels the request: at once when undici has started it, or as it starts when it is still queued. */
  abort(reason: Error): void {
    if (this.controller) this.controller.abort(reason);
    else this.reason ??= reason;
  }

  private done(): void {
    this.deadlines.delete(this);
    this.pending?.delete(this);
    this.pending = null;
  }
}

/** An answer's bytes as text, as undici's `body.text()` reads them. */
function decodeUtf8(chunks: Buffer[], length: number): string {
  if (chunks.length === 0 || length === 0) return '';
  const buffer = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
  const bom = buffer.length > 2 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf;
  return buffer.toString('utf8', bom ? 3 : 0);
}

class DeadlineSweeper {
  private readonly watched = new Set<Exchange>();
  private timer: NodeJS.Timeout | undefined;

  add(entry: Exchange): void {
    this.watched.add(entry);
    if (!this.timer) {
      this.timer = setInterval(() => this.sweep(), 250);
      this.timer.unref();
    }
  }

  delete(entry: Exchange): void {
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
      entry.abort(new Error('attempt deadline reached'));
    }
  }
}

/**
 * One 'abort' listener per caller signal, shared by every request sent with it. A batch sends thousands of requests
 * with its one signal; adding and removing an AbortSignal listener for each costs more than the rest of the call's
 * bookkeeping. The shared listener aborts the requests still in flight.
 */
class SharedAbortListeners {
  private readonly bySignal = new WeakMap<AbortSignal, Set<Exchange>>();

  /** The caller's signal must not be aborted yet (its 'abort' event would never come again). */
  watch(signal: AbortSignal, exchange: Exchange): void {
    let pending = this.bySignal.get(signal);
    if (!pending) {
      const requests = new Set<Exchange>();
      signal.addEventListener(
        'abort',
        () => {
          // The reason is not shown: a request whose caller's signal aborted fails as Cancelled.
          const reason = signal.reason instanceof Error ? signal.reason : new Error('request cancelled');
          for (const request of [...requests]) request.abort(reason);
          requests.clear();
        },
        { once: true },
      );
      this.bySignal.set(signal, requests);
      pending = requests;
    }
    pending.add(exchange);
    exchange.pending = pending;
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
