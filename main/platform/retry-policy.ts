import type { Dispatcher, RetryHandler } from 'undici';
import type { CallRecord } from './bounded-answer';

/**
 * When undici's retry interceptor may send a call again: only reads (GET), only for failures that say the server
 * could not be reached or did not answer in time (never a refusal, never a certificate problem) and for 502/503/504,
 * and never once an answer's body had started (a body cut off half way is not resumed). Backoff doubles from
 * `baseDelayMs` with full jitter, so the clients of a whole fleet that lost their server do not come back in step.
 *
 * A read's first attempt goes without this interceptor (see Transport): it takes over from the second attempt, so it
 * is given the retries that are left and told how many were made before it (`retriesBefore`) for its backoff.
 */

export interface RetrySettings {
  /** Extra attempts after the first, for GET only. */
  maxRetries: number;
  /** First backoff step in milliseconds. */
  baseDelayMs: number;
  /** Whether a failure of an attempt (not an answer's status) is worth another one. */
  isRetryableError: (error: Error, call: CallRecord) => boolean;
  /** Retries made before the call reached this interceptor (its first retry is the call's `retriesBefore + 1`-th). */
  retriesBefore?: number;
}

/** The answers whose status is worth another attempt of a read: the server or a proxy before it is briefly out. */
export const retryableStatuses: ReadonlySet<number> = new Set([502, 503, 504]);

/** The wait before a call's `retry`-th retry (1 for the first): doubling from `baseDelayMs`, with full jitter. */
export function backoffMs(baseDelayMs: number, retry: number): number {
  return Math.random() * baseDelayMs * 2 ** (retry - 1);
}

export function retryOptions({ maxRetries, baseDelayMs, isRetryableError, retriesBefore = 0 }: RetrySettings): RetryHandler.RetryOptions {
  return {
    // Answers whose status is not retried (or not any more) are passed on as answers, body and all, to be mapped to
    // the failure they mean; only failures without an answer reject.
    throwOnError: false,
    maxRetries,
    // undici's own defaults for these lists (only its default policy reads them: `retry` below decides here), given
    // once per client: left out, its retry handler builds the three arrays again for every request it wraps.
    methods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE', 'QUERY'],
    statusCodes: [500, 502, 503, 504, 429],
    errorCodes: ['ECONNRESET', 'ECONNREFUSED', 'ENOTFOUND', 'ENETDOWN', 'ENETUNREACH', 'EHOSTDOWN', 'EHOSTUNREACH', 'EPIPE', 'UND_ERR_SOCKET'],
    retry(error, { state, opts }, next) {
      const call = (opts as Dispatcher.DispatchOptions & { call?: CallRecord }).call;
      const status = (error as Error & { statusCode?: number }).statusCode;
      const worthIt =
        call !== undefined &&
        opts.method === 'GET' &&
        state.counter <= maxRetries &&
        (status !== undefined ? retryableStatuses.has(status) : isRetryableError(error, call));
      if (!worthIt) return next(error);
      const delay = backoffMs(baseDelayMs, retriesBefore + state.counter);
      // Returned so that the interceptor can cancel the wait when the caller aborts.
      return setTimeout(() => next(null), delay);
    },
  };
}
