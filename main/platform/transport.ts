import { Pool } from 'undici';
import { z } from 'zod';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { log } from '../shared/log';
import { said, t } from '../shared/i18n';
import type { TokenStyle } from '../../preload/contract/wire/platform';
import type { AppErrorKind } from '../../preload/contract/app-error';
import { answerLimits, MAX_JSON_DEPTH } from './answer-limits';
import { answerTooDeep, answerTooLarge, redirected, timedOutAfterTries } from './answer-failures';
import { AnswerTooLarge, AttemptDeadline, type BoundedRequestOptions, type CallRecord } from './bounded-answer';
import { badShape, cancelled, errorCode, failureFromStatus, failureFromTransportError, headerValue, htmlResponse, looksLikeHtml, messages, notJson, untrustedCertificate, type CallContext } from './errors';
import { nestsDeeperThan } from './json-depth';
import { RawResponse, scrubFailure } from './raw-response';
import { bodyBytes, bodyHead, textHead } from './body-bytes';
import type { AnswerProblem, AuthMode, RequestSpec, TransportOptions } from './transport-spec';
import { Attempts } from './read-attempts';
import { createConnector, inspectCertificate, isUntrustedCertificateCode } from './tls-trust';

/**
 * The HTTP layer under every platform call, on undici's public API: one keep-alive `Pool` per profile, its attempts
 * sent as `Attempts` says (bounded, cancellable, a read retried by undici's retry interceptor once its first attempt
 * failed in a way worth another); `request()` for each attempt. It adds the two JSON headers, the token in the
 * profile's form, and maps whatever happened to a typed failure with the token masked.
 */

/** `send`'s reading of an answer: the answer itself. */
const asIs = (response: RawResponse): RawResponse => response;

/** Kinds that say the server cannot be used from here at all, as opposed to refusing one request. */
const unreachableKinds = new Set<AppErrorKind>(['Offline', 'Timeout', 'TlsUntrusted', 'TlsPinMismatch', 'Unauthorized']);

/** Failures of reading the token, marked as they are thrown: nothing was sent for them. */
const tokenReadFailures = new WeakSet<AppFailure>();

/** True when a call failed because the API token could not be read (e.g. a locked keychain), before anything was sent. */
export function isTokenReadFailure(failure: AppFailure): boolean {
  return tokenReadFailures.has(failure);
}

export class Transport {
  readonly origin: string;
  readonly timeoutMs: number;
  /** The keep-alive connections to the server, with nothing composed on them. */
  readonly pool: Pool;
  private readonly attempts: Attempts;
  private readonly basePath: string;
  private readonly hostLabel: string;
  private headerCache: { token: string | null; headers: Readonly<Record<string, string>> } | undefined;
  /** The API token last registered with the log's redaction list. */
  private redactedToken: string | null = null;

  constructor(private readonly options: TransportOptions) {
    const url = new URL(options.baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new AppFailure('Validation', said('errors.platform.badScheme'), { fieldErrors: { baseUrl: [t('errors.client.schemeField')] } });
    }
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.hostLabel = url.host.includes(':') ? url.host : `${url.host}:${url.protocol === 'https:' ? 443 : 80}`;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.pool = new Pool(this.origin, {
      connect: createConnector({ trust: options.tls ?? { mode: 'system' }, timeoutMs: this.timeoutMs }),
      connectTimeout: this.timeoutMs,
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
      // Keep-alive on undici's defaults (4 s idle, or the server's Keep-Alive hint): a socket kept longer than the
      // server keeps it can be closed under a POST, which must then fail rather than be replayed.
    });
    this.attempts = new Attempts(this.pool, { maxRetries: options.retry?.maxRetries ?? 2, baseDelayMs: options.retry?.baseDelayMs ?? 250, timeoutMs: this.timeoutMs });
  }

  /** Bounds a whole attempt. Undici's own timers tick at about one second, so this leaves them room to fire first. */
  get deadlineMs(): number {
    return this.timeoutMs * 2 + 1_000;
  }

  get isHttps(): boolean {
    return this.origin.startsWith('https:');
  }

  /** Sends one call (a GET up to `maxRetries` more times on Offline, Timeout and 502/503/504) and reads its answer. */
  send(spec: RequestSpec): Promise<RawResponse> {
    return this.exchange(spec, asIs);
  }

  /**
   * `send`, then `read` on the answer, in the same step: one promise and one turn of the microtask queue less per call
   * than `send(spec).then(read)` (a watch cycle reads thousands of devices). What `read` throws is the call's failure;
   * the reachability listener has been told about the answer before it runs, as with `send`.
   */
  sendAndRead<T>(spec: RequestSpec, read: (response: RawResponse) => T): Promise<T> {
    return this.exchange(spec, read);
  }

  private async exchange<T>(spec: RequestSpec, read: (response: RawResponse) => T): Promise<T> {
    // The reachability listener is told here, not in a `.then` around the exchange: no wrapping promise per call.
    const tell = spec.auth === 'if-stored' ? undefined : this.options.onReachability;
    const ctx = this.context(spec);
    let response: RawResponse;
    try {
      if (spec.signal?.aborted) throw cancelled(ctx);
      // Read here, not in an async helper: one suspended frame and one promise per call less on the batch path.
      let stored: string | null = null;
      if (spec.auth !== 'none') {
        try {
          stored = await this.options.getToken();
        } catch (error) {
          throw this.unreadable(error);
        }
      }
      const token = spec.auth === 'none' ? null : this.tokenFor(spec.auth, stored);
      // Aborted while the token was read: nothing is sent.
      if (spec.signal?.aborted) throw cancelled(ctx);

      const call: CallRecord = { maxBytes: answerLimits[spec.operation], deadlineMs: this.deadlineMs, headOnly: spec.headOnly, tries: 0, phase: 'request', signal: spec.signal };
      const style: TokenStyle = spec.auth === 'query' ? 'query' : this.options.tokenStyle;
      const request: BoundedRequestOptions = {
        // Given, though the pool knows it: a composed pool copies every request's options that lack it.
        origin: this.origin,
        method: spec.method,
        path: this.pathWithQuery(spec, token && style === 'query' ? token : null),
        headers: this.headersFor(style === 'query' ? null : token),
        body: spec.json ?? (spec.body === undefined ? null : JSON.stringify(spec.body)),
        // The signal goes in the call's record, not to undici: see cancel-on-abort.ts.
        call,
      };
      const started = performance.now();
      try {
        const answer = await this.attempts.request(request, spec.signal);
        const contentType = headerValue(answer.headers['content-type']);
        if (spec.headOnly && answer.statusCode >= 200 && answer.statusCode < 300) {
          response = new RawResponse(answer.statusCode, contentType, answer.headers, await bodyHead(answer.body), ctx, spec.operation, token);
        } else if (spec.asBytes && answer.statusCode >= 200 && answer.statusCode < 300) {
          const body = await bodyBytes(answer.body, Number(headerValue(answer.headers['content-length']) ?? Number.NaN));
          response = new RawResponse(answer.statusCode, contentType, answer.headers, textHead(body), ctx, spec.operation, token, body);
        } else {
          response = new RawResponse(answer.statusCode, contentType, answer.headers, await answer.body.text(), ctx, spec.operation, token);
        }
      } catch (error) {
        throw await this.failure(ctx, spec, call, token, error, performance.now() - started);
      }
    } catch (error) {
      if (tell && isAppFailure(error) && unreachableKinds.has(error.kind) && !isTokenReadFailure(error)) tell(error);
      throw error;
    }
    tell?.(response.status === 401 ? response.redact(failureFromStatus(response.ctx, 401, response.contentType, response.text, response.headers)) : null);
    return read(response);
  }

  /** Throws the mapped failure unless `status` is one of `ok`. */
  assertStatus(response: RawResponse, ok: readonly number[]): void {
    if (ok.includes(response.status)) return;
    if (response.status >= 300 && response.status < 400) {
      throw response.redact(redirected(response.ctx, response.status, headerValue(response.headers.location)));
    }
    throw response.redact(failureFromStatus(response.ctx, response.status, response.contentType, response.text, response.headers));
  }

  /** Parses a success body as JSON and checks it against `schema`; HTML, non-JSON and a wrong shape each say so. */
  parse<S extends z.ZodType>(response: RawResponse, schema: S): z.output<S> {
    const result = schema.safeParse(this.json(response));
    if (!result.success) throw response.redact(badShape(response.ctx, response.status, result.error));
    return result.data;
  }

  /**
   * The failure, in words, for an answer read as bytes (RequestSpec.asBytes) that the thread parsing it refused: the
   * same sentences `parse` gives, from what that thread found.
   */
  refused(response: RawResponse, problem: AnswerProblem): AppFailure {
    if (problem.kind === 'tooDeep') return answerTooDeep(response.ctx, response.operation);
    if (problem.kind === 'notJson') return response.redact(notJson(response.ctx, response.status, problem.head));
    return response.redact(badShape(response.ctx, response.status, new z.ZodError(problem.issues)));
  }

  /** The answer as a JSON value; one nested deeper than any real answer is refused before it is parsed. */
  json(response: RawResponse): unknown {
    if (looksLikeHtml(response.contentType, response.text)) throw htmlResponse(response.ctx, response.status);
    if (nestsDeeperThan(response.text, MAX_JSON_DEPTH)) throw answerTooDeep(response.ctx, response.operation);
    try {
      return JSON.parse(response.text);
    } catch {
      throw response.redact(notJson(response.ctx, response.status, response.text));
    }
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  context(spec: Pick<RequestSpec, 'method' | 'path' | 'notFound' | 'forbidden' | 'rpcMethod'>): CallContext {
    const ctx: CallContext = { method: spec.method, path: this.basePath + spec.path, host: this.hostLabel };
    if (spec.notFound) ctx.notFound = spec.notFound;
    if (spec.forbidden) ctx.forbidden = spec.forbidden;
    if (spec.rpcMethod) ctx.rpcMethod = spec.rpcMethod;
    return ctx;
  }

  /** The failure to read the stored token, marked: nothing was sent. */
  private unreadable(error: unknown): AppFailure {
    // The vault reports its own failures (e.g. KeychainUnavailable) as AppFailures: those pass on as they are.
    const failure = isAppFailure(error)
      ? error
      : new AppFailure('Internal', said('errors.platform.tokenUnreadable'), { details: error instanceof Error ? error.message : String(error) });
    tokenReadFailures.add(failure);
    return failure;
  }

  /** The token the call carries, from the stored one: null for 'if-stored' when none is stored. */
  private tokenFor(auth: Exclude<AuthMode, 'none'>, token: string | null): string | null {
    if (token) {
      // Registered once per token, not once per call (the log's list is a set; the check is the cheap part).
      if (token !== this.redactedToken) {
        log.redact(token);
        this.redactedToken = token;
      }
      return token;
    }
    if (auth === 'if-stored') return null;
    throw new AppFailure('Unauthorized', messages.noToken, { details: 'no API token is stored for this profile', data: { reason: 'no-token' }, action: 'open-connect' });
  }

  private pathWithQuery(spec: RequestSpec, queryToken: string | null): string {
    const path = this.basePath + spec.path;
    if (!spec.query && !queryToken) return path;
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(spec.query ?? {})) if (value !== undefined) query.set(key, value);
    if (queryToken) query.set('token', queryToken);
    const extra = query.toString();
    return extra ? path + (spec.path.includes('?') ? '&' : '?') + extra : path;
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

  private async failure(ctx: CallContext, spec: RequestSpec, call: CallRecord, token: string | null, error: unknown, waitedMs: number): Promise<AppFailure> {
    if (spec.signal?.aborted) return cancelled(ctx);
    if (error instanceof AnswerTooLarge) return answerTooLarge(ctx, spec.operation, error.maxBytes);
    let failure: AppFailure;
    if (error instanceof AttemptDeadline) {
      failure = new AppFailure('Timeout', said('errors.platform.deadline', { seconds: Math.round(this.deadlineMs / 1000) }), {
        details: `${ctx.method} ${ctx.path} on ${ctx.host}: attempt deadline reached`,
        data: { phase: 'deadline' },
      });
    } else {
      const code = errorCode(error);
      if (isUntrustedCertificateCode(code)) return this.untrusted(ctx, code!);
      failure = scrubFailure(failureFromTransportError(ctx, error, call.phase, this.timeoutMs), token);
    }
    return call.tries > 1 ? timedOutAfterTries(failure, call.tries, waitedMs, this.timeoutMs) : failure;
  }

  /** A TlsUntrusted failure with the certificate attached, so the Connect screen can offer to pin it. */
  private async untrusted(ctx: CallContext, code: string): Promise<AppFailure> {
    const certificate = await inspectCertificate(this.origin, { timeoutMs: this.timeoutMs }).catch(() => undefined);
    return untrustedCertificate(ctx, code, certificate);
  }
}
