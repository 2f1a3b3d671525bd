import type { Dispatcher } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * An undici interceptor that bounds each attempt of a call: how many bytes its answer may have, and how long the
 * attempt may take in all. Undici's own timers bound the connect, the wait for the head and each gap in the body;
 * a server dripping a byte at a time, or sending without end, passes all three, so this one cuts the attempt at a
 * deadline, and at the operation's size limit while the bytes stream in (before they pile up in memory).
 *
 * The deadline needs no timer of its own: a server that keeps dripping keeps delivering chunks, and each chunk is
 * checked against the clock; one that stops sending is cut by undici's body timeout. (A timer per call measured as a
 * good part of the client's own cost on the token desk's batches.)
 *
 * It sits inside undici's retry interceptor, so it sees every attempt; what it learns goes into the call's record,
 * which the retry policy and the transport read.
 */

/** One call as the interceptors below the transport see it, shared by all its attempts. */
export interface CallRecord {
  /** The answer may have at most this many bytes. */
  readonly maxBytes: number;
  /** An attempt is cut after this long. */
  readonly deadlineMs: number;
  /** Only the start of a success answer is read (then the connection is closed), so its declared length does not matter. */
  readonly headOnly?: boolean;
  /** Attempts made so far (the first one included). */
  tries: number;
  /** Whether the current attempt's answer head has arrived: a failure after it is a cut-off answer. */
  phase: 'request' | 'body';
  /** The caller's signal: aborting it ends the call (cancel-on-abort.ts). */
  readonly signal?: AbortSignal | undefined;
}

/** Request options that carry the call's record down to the interceptors. */
export interface BoundedRequestOptions extends Dispatcher.RequestOptions {
  call: CallRecord;
}

/** The answer passed the size limit; the connection was closed and nothing read was kept. */
export class AnswerTooLarge extends Error {
  readonly code = 'WATCHDESK_ANSWER_TOO_LARGE';
  constructor(readonly maxBytes: number) {
    super(`answer larger than ${maxBytes} bytes`);
  }
}

/** The attempt ran past its deadline (typically a body dripped slowly enough to dodge the body timeout). */
export class AttemptDeadline extends Error {
  readonly code = 'WATCHDESK_ATTEMPT_DEADLINE';
  constructor(readonly deadlineMs: number) {
    super(`attempt deadline of ${deadlineMs} ms reached`);
  }
}

export function boundedAnswers(): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    const call = (opts as Dispatcher.DispatchOptions & { call?: CallRecord }).call;
    if (!call) return dispatch(opts, handler);
    call.tries += 1;
    call.phase = 'request';
    return dispatch(opts, new BoundedAttempt(call, handler));
  };
}

/** One attempt: passes everything on to the handler above, until the limit or the deadline is passed. */
class BoundedAttempt implements Dispatcher.DispatchHandler {
  private received = 0;
  /** The attempt ended, or was stopped here: nothing more is passed on but its error. */
  private finished = false;
  /** When the attempt must be over (performance.now() clock). */
  private readonly deadline: number;

  constructor(
    private readonly call: CallRecord,
    private readonly next: Dispatcher.DispatchHandler,
  ) {
    this.deadline = performance.now() + call.deadlineMs;
  }

  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.next.onRequestStart?.(controller, context);
  }

  onRequestUpgrade(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders, socket: Duplex): void {
    this.next.onRequestUpgrade?.(controller, statusCode, headers, socket);
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders, statusMessage?: string): void {
    if (statusCode >= 200) {
      this.call.phase = 'body';
      // A declared length over the limit is refused before a byte of the body is read (unless only its head is).
      const headOnly = this.call.headOnly === true && statusCode < 300;
      if (!headOnly && Number(headers['content-length']) > this.call.maxBytes) return this.stop(controller, new AnswerTooLarge(this.call.maxBytes));
    }
    this.next.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.finished) return;
    this.received += chunk.length;
    if (this.received > this.call.maxBytes) return this.stop(controller, new AnswerTooLarge(this.call.maxBytes));
    if (performance.now() > this.deadline) return this.stop(controller, new AttemptDeadline(this.call.deadlineMs));
    this.next.onResponseData?.(controller, chunk);
  }

  onResponseEnd(controller: Dispatcher.DispatchController, trailers: IncomingHttpHeaders): void {
    if (this.finished) return;
    this.finished = true;
    this.next.onResponseEnd?.(controller, trailers);
  }

  onResponseError(controller: Dispatcher.DispatchController, error: Error): void {
    this.finished = true;
    this.next.onResponseError?.(controller, error);
  }

  onResponseStarted(): void {
    this.next.onResponseStarted?.();
  }

  onBodySent(chunk: Buffer): void {
    this.next.onBodySent?.(chunk);
  }

  onRequestSent(): void {
    this.next.onRequestSent?.();
  }

  /** Ends the attempt with `reason`: undici closes the connection and reports the reason as the attempt's error. */
  private stop(controller: Dispatcher.DispatchController, reason: Error): void {
    if (this.finished) return;
    this.finished = true;
    controller.abort(reason);
  }
}
