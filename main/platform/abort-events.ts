import { EventEmitter } from 'node:events';

/**
 * What undici's requests listen to for a caller's AbortSignal: one EventEmitter per signal, told once when the signal
 * aborts. undici adds (and later removes) its own listener on whatever signal a request carries; on an AbortSignal
 * that is Node's EventTarget, whose listener records, weak references and disposers cost more than the rest of a
 * watch cycle's request (a cycle shares one signal across thousands of requests). On an EventEmitter it is a plain
 * `once` and `removeListener`. The AbortSignal itself gets one listener, however many requests it covers.
 *
 * The emitter has no `aborted` field on purpose: undici treats anything with one as an AbortSignal. Callers check the
 * signal itself before sending (a signal aborted before its first request never reaches this bridge).
 */
const bridges = new WeakMap<AbortSignal, EventEmitter>();

export function abortEvents(signal: AbortSignal): EventEmitter {
  let bridge = bridges.get(signal);
  if (bridge === undefined) {
    const created = new EventEmitter();
    // A signal may cover any number of requests in flight (a watch list's concurrency, a batch): no leak warning.
    created.setMaxListeners(0);
    signal.addEventListener('abort', () => created.emit('abort'), { once: true });
    bridges.set(signal, (bridge = created));
  }
  return bridge;
}
