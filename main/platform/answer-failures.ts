import { AppFailure } from '../shared/app-failure';
import { said } from '../shared/i18n';
import type { Said } from '../../preload/contract/said';
import { limitInMb, MAX_JSON_DEPTH, type Operation } from './answer-limits';
import type { CallContext } from './errors';

/**
 * The sentences of answers the console refused to keep (too large, nested too deep, sent elsewhere) and of timeouts
 * that were retried: each says what the server did and that nothing of it was kept.
 */

function detail(ctx: CallContext, text: string): string {
  return `${ctx.method} ${ctx.path} on ${ctx.host}: ${text}`;
}

/** What the call was for, kept as how to say it (a part of the sentence, said in the same language as the rest). */
function operationName(operation: Operation): Said {
  return said(`errors.platform.operations.${operation}`);
}

/** The server sent more than the operation's limit; the connection was closed and what had come in was dropped. */
export function answerTooLarge(ctx: CallContext, operation: Operation, maxBytes: number): AppFailure {
  return new AppFailure('BadResponse', said('errors.platform.answerTooLarge', { mb: limitInMb(operation), operation: operationName(operation) }), {
    details: detail(ctx, `answer passed the limit of ${maxBytes} bytes; connection closed, nothing kept`),
    retryable: false,
  });
}

/** The answer is nested deeper than any real one; it was refused before anything walked it. */
export function answerTooDeep(ctx: CallContext, operation: Operation): AppFailure {
  return new AppFailure('BadResponse', said('errors.platform.answerTooDeep', { depth: MAX_JSON_DEPTH, operation: operationName(operation) }), {
    details: detail(ctx, `JSON nested deeper than ${MAX_JSON_DEPTH} levels; nothing kept`),
    retryable: false,
  });
}

/** A 3xx: the token is sent only to the profile's own address, so redirects are not followed. */
export function redirected(ctx: CallContext, status: number, location: string | undefined): AppFailure {
  // Only where it points, not its query (which could carry anything, a token included).
  const target = location ? location.split(/[?#]/)[0]! : undefined;
  return new AppFailure('BadResponse', said('errors.platform.redirected', { location: target ?? said('errors.platform.redirectNowhere') }), {
    details: detail(ctx, `HTTP ${status} to ${target ?? 'no Location'}; redirects are not followed`),
    retryable: false,
  });
}

/** A timeout of a call that was tried more than once: the sentence says how many tries and how long in all. */
export function timedOutAfterTries(failure: AppFailure, tries: number, waitedMs: number, eachMs: number): AppFailure {
  if (failure.appError.kind !== 'Timeout') return failure;
  const seconds = Math.max(1, Math.round(waitedMs / 1000));
  const each = Math.max(1, Math.round(eachMs / 1000));
  const details = `${failure.appError.details ?? ''} (${tries} tries, ${Math.round(waitedMs)} ms in total)`.trim();
  return new AppFailure('Timeout', said('errors.platform.timeoutAfterTries', { tries, seconds, each }), {
    details,
    data: { phase: failure.appError.data?.phase ?? 'headers', tries, waitedMs: Math.round(waitedMs) },
  });
}
