import { interceptors, type Dispatcher, type Pool } from 'undici';
import type { AppFailure } from '../shared/app-failure';
import { boundedAnswers, type BoundedRequestOptions, type CallRecord } from './bounded-answer';
import { cancelOnAbort } from './cancel-on-abort';
import { failureFromTransportError } from './errors';
import { backoffMs, retryableStatuses, retryOptions } from './retry-policy';

export interface AttemptSettings {
  /** Extra attempts of a read after its first (0: reads are sent once too). */
  maxRetries: number;
  /** First backoff step in milliseconds. */
  baseDelayMs: number;
  /** The connection and answer timeout, to judge whether a failed attempt was a timeout. */
  timeoutMs: number;
}

/**
 * How a call's attempts are sent over one profile's pool, on undici's public API: each attempt bounded (size limit,
 * deadline) and ended on the caller's AbortSignal; a write (never sent twice: it may have been carried out) and the
 * first attempt of every read go once; a read whose first attempt failed in a way worth another (the server could not
 * be reached or did not answer in time, or answered 502/503/504) goes on under undici's retry interceptor, for the
 * retries left. Most reads succeed at once, and the retry interceptor costs a handler per request wrapped around every
 * step of its answer (a watch cycle makes thousands), so a read is put under it only once it is needed.
 */
export class Attempts {
  /** The pool with bounded answers and cancel-on-abort, without retries. */
  private readonly once: Dispatcher;
  /** The pool with undici's retry interceptor too, for a read's second attempt and any after it (null: no retries). */
  private readonly retries: Dispatcher | null;

  constructor(
    pool: Pool,
    private readonly settings: AttemptSettings,
  ) {
    // Redirects are not followed (no redirect interceptor): the token goes to the profile's own origin only.
    this.once = pool.compose(boundedAnswers(), cancelOnAbort());
    const { maxRetries, baseDelayMs } = settings;
    // After the first attempt and the first wait (both in `request`), the second attempt and any after it.
    this.retries =
      maxRetries === 0
        ? null
        : maxRetries === 1
          ? this.once
          : pool.compose(
              boundedAnswers(),
              interceptors.retry(retryOptions({ maxRetries: maxRetries - 1, retriesBefore: 1, baseDelayMs, isRetryableError: (error, call) => this.worthRetrying(error, call) })),
              // Outside the retries, so that the caller's abort also ends the wait between attempts.
              cancelOnAbort(),
            );
  }

  /**
   * Sends `request` and answers the last attempt's answer. Only the first attempt's answer is judged here: what the
   * retries end with is final (a 503 from the last retry is passed on as an answer, not tried again, or a read would be
   * sent more than 1 + maxRetries times).
   */
  async request(request: BoundedRequestOptions, signal: AbortSignal | undefined): Promise<Dispatcher.ResponseData> {
    const retries = request.method === 'GET' ? this.retries : null;
    let first: Dispatcher.ResponseData | undefined;
    try {
      first = await this.once.request(request);
    } catch (error) {
      if (retries === null || !this.worthRetrying(error as Error, request.call)) throw error;
    }
    if (retries !== null && (first === undefined || retryableStatuses.has(first.statusCode))) return this.retryRead(retries, request, first, signal);
    return first!;
  }

  /** Whether a failed attempt of a read is worth another: no answer had started, and the server could not be reached or did not answer in time. */
  private worthRetrying(error: Error, call: CallRecord): boolean {
    return call.phase === 'request' && isRetryable(failureFromTransportError({ method: 'GET', path: '', host: '' }, error, 'request', this.settings.timeoutMs));
  }

  /**
   * A read's second attempt and those after it: the first attempt's answer (a 502/503/504 page) is dropped, the first
   * backoff is waited (ended at once by the caller's abort), then `retries` sends the call again. The dropped page is
   * drained while the backoff runs (a short one leaves its connection to be used again) and cut off when the wait ends:
   * waited for to its end, a page the server drips held the read until the attempt's deadline (31 s by default).
   */
  private async retryRead(retries: Dispatcher, request: BoundedRequestOptions, first: Dispatcher.ResponseData | undefined, signal: AbortSignal | undefined): Promise<Dispatcher.ResponseData> {
    const drained = first?.body.dump().catch(() => null);
    try {
      await waitUnlessAborted(backoffMs(this.settings.baseDelayMs, 1), signal);
    } finally {
      // Nothing when it was read to its end; otherwise its connection is closed.
      first?.body.destroy();
      await drained;
    }
    // Aborted while the dropped page closed: nothing is sent again (the transport then tells Cancelled).
    if (signal?.aborted) throw new Error('aborted');
    return retries.request(request);
  }
}

/** Waits `ms`, or rejects as soon as `signal` aborts (the transport then tells Cancelled). */
function waitUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(new Error('aborted'));
  return new Promise((resolve, reject) => {
    const done = (): void => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', done);
      resolve();
    }, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

function isRetryable(failure: AppFailure): boolean {
  const error = failure.appError;
  if (error.kind === 'Offline') return error.data?.reason !== 'tls-handshake';
  return error.kind === 'Timeout' || error.kind === 'Unavailable';
}
