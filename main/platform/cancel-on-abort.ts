import type { Dispatcher } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';
import type { Duplex } from 'node:stream';
import type { CallRecord } from './bounded-answer';

/**
 * An undici interceptor that ends a call when the caller's AbortSignal aborts: in flight, while its answer streams in,
 * or while the retry interceptor waits between attempts (it sits outside that one, on the controller undici's retry
 * handler gives each call). Each signal gets one listener, however many calls it covers, and each call is an entry in
 * that signal's set: undici's `request()` given the signal itself adds and removes a listener per request, on Node's
 * EventTarget, which measured as a good part of a watch cycle's client cost (a cycle shares one signal across
 * thousands of reads).
 */

/** Why undici ended a call: the transport sees its signal aborted and tells Cancelled. */
class CallCancelled extends Error {
  readonly code = 'WATCHDESK_CALL_CANCELLED';
  constructor() {
    super('the call was cancelled');
  }
}

/** The calls in flight under each signal, and the one listener that ends them. */
const inFlight = new WeakMap<AbortSignal, Set<CancellableCall>>();

function callsUnder(signal: AbortSignal): Set<CancellableCall> {
  let calls = inFlight.get(signal);
  if (calls === undefined) {
    const created = new Set<CancellableCall>();
    signal.addEventListener(
      'abort',
      () => {
        for (const call of created) call.cancel();
      },
      { once: true },
    );
    inFlight.set(signal, (calls = created));
  }
  return calls;
}

export function cancelOnAbort(): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    const signal = (opts as Dispatcher.DispatchOptions & { call?: CallRecord }).call?.signal;
    if (!signal) return dispatch(opts, handler);
    const call = new CancellableCall(callsUnder(signal), handler);
    // Dispatched after its signal aborted (a retry is sent after awaits of its own): the listener has fired already,
    // so the call ends here, as soon as it starts, and nothing is sent.
    if (signal.aborted) call.cancel();
    return dispatch(opts, call);
  };
}

/** One call under a signal: passes everything on, and ends the call on `cancel()`. */
class CancellableCall implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | null = null;
  private cancelled = false;

  constructor(
    private readonly calls: Set<CancellableCall>,
    private readonly next: Dispatcher.DispatchHandler,
  ) {
    calls.add(this);
  }

  /** Ends the call now, or as soon as it starts (a call waiting for a connection has no controller yet). */
  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.controller?.abort(new CallCancelled());
  }

  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.controller = controller;
    if (this.cancelled) return controller.abort(new CallCancelled());
    this.next.onRequestStart?.(controller, context);
  }

  onRequestUpgrade(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders, socket: Duplex): void {
    this.next.onRequestUpgrade?.(controller, statusCode, headers, socket);
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders, statusMessage?: string): void {
    this.next.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.next.onResponseData?.(controller, chunk);
  }

  onResponseEnd(controller: Dispatcher.DispatchController, trailers: IncomingHttpHeaders): void {
    this.calls.delete(this);
    this.next.onResponseEnd?.(controller, trailers);
  }

  onResponseError(controller: Dispatcher.DispatchController, error: Error): void {
    this.calls.delete(this);
    this.next.onResponseError?.(controller, error);
  }
}
