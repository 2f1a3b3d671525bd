import { addAbortListener } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';

/** An answer read in full as text: what every call but a dashboard read as bytes needs. */
export interface TextAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * Sends one request and reads its answer as UTF-8 text (a byte order mark skipped), through undici's dispatch handler
 * API instead of `request()` and its body stream: a watch list reads thousands of small answers per cycle, and the
 * stream (its buffering, events and tear-down) cost more than the answer's parse. The interceptors under it (retries,
 * the size and time bounds) work as with `request()`: they wrap this handler. Rejects with undici's error, or with
 * the signal's reason once it aborts (before or while the answer arrives).
 */
export function requestText(dispatcher: Dispatcher, options: Dispatcher.DispatchOptions, signal: AbortSignal | null): Promise<TextAnswer> {
  return new Promise((resolve, reject) => {
    const handler = new TextHandler(resolve, reject, signal);
    try {
      dispatcher.dispatch(options, handler);
    } catch (error) {
      handler.fail(error as Error);
    }
  });
}

/**
 * The requests in flight per signal, and one listener per signal that stops them all: a watch cycle's thousands of
 * requests share its one signal, and a listener added to it and removed again per request cost more than the
 * request's own handling.
 */
const waiting = new WeakMap<AbortSignal, Set<TextHandler>>();

function waitingOn(signal: AbortSignal): Set<TextHandler> {
  let handlers = waiting.get(signal);
  if (!handlers) {
    const set = (handlers = new Set());
    waiting.set(signal, set);
    addAbortListener(signal, () => {
      const reason = abortReason(signal);
      for (const handler of set) handler.abort(reason);
      set.clear();
    });
  }
  return handlers;
}

class TextHandler implements Dispatcher.DispatchHandler {
  private statusCode = 0;
  private headers: IncomingHttpHeaders = {};
  private chunks: Buffer[] = [];
  private length = 0;
  private controller: Dispatcher.DispatchController | null = null;
  /** Why the caller stopped waiting (its signal's reason); null while it waits. */
  private reason: Error | null = null;
  private settled = false;
  private readonly signal: AbortSignal | null = null;

  constructor(
    private readonly resolve: (answer: TextAnswer) => void,
    private readonly reject: (error: Error) => void,
    signal: AbortSignal | null,
  ) {
    if (!signal) return;
    if (signal.aborted) {
      this.reason = abortReason(signal);
      return;
    }
    this.signal = signal;
    waitingOn(signal).add(this);
  }

  /** The caller's signal aborted: the request stops (or, not started yet, is stopped as it starts). */
  abort(reason: Error): void {
    this.reason = reason;
    this.controller?.abort(reason);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    if (this.reason) return controller.abort(this.reason);
    this.controller = controller;
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    // An informational answer (1xx) comes before the real one.
    if (statusCode < 200) return;
    this.statusCode = statusCode;
    this.headers = headers;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  onResponseEnd(): void {
    if (this.settled) return;
    this.settled = true;
    if (this.signal) waiting.get(this.signal)?.delete(this);
    const text = decode(this.chunks, this.length);
    this.chunks = [];
    this.resolve({ statusCode: this.statusCode, headers: this.headers, text });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.fail(error);
  }

  fail(error: Error): void {
    if (this.settled) return;
    this.settled = true;
    if (this.signal) waiting.get(this.signal)?.delete(this);
    this.chunks = [];
    this.reject(error);
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('the request was cancelled');
}

/** The chunks as UTF-8 text, without a leading byte order mark (as undici's `body.text()` reads them). */
function decode(chunks: Buffer[], length: number): string {
  if (length === 0) return '';
  const buffer = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
  const start = buffer.length > 2 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
  return buffer.toString('utf8', start);
}
