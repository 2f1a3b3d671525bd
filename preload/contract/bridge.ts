import type { AppError, Result } from './app-error';
import type { Bridge } from './index';

/**
 * The narrow door a transport offers the renderer: call a contract channel under a call id, cancel a call by that id,
 * and listen to a contract event. The Electron preload exposes one on `window.watchdesk` (each function refuses
 * names outside the contract); the browser transport builds one on fetch and the web host's event stream.
 */
export interface Door {
  invoke(channel: string, input: unknown, callId: string): Promise<Result<unknown>>;
  cancel(callId: string): void;
  subscribe(event: string, handler: (payload: unknown) => void): () => void;
}

export interface BridgeOptions {
  channels: readonly string[];
  /** The sentence of a call cancelled by its caller, in the renderer's language. */
  cancelledMessage: () => string;
}

/** The answer of a call cancelled by its caller (the renderer answers it at once, without waiting for main). */
export function cancelledResult(message: string): Result<never> {
  const error: AppError = {
    kind: 'Cancelled',
    message,
    fieldErrors: {},
    retryable: false,
  };
  return { ok: false, error };
}

let lastCallId = 0;
/** Call ids are unique per page load; the transport scopes them to the window or the event stream. */
function nextCallId(): string {
  lastCallId += 1;
  return `c${lastCallId}`;
}

/**
 * Builds the nested `api` object from the contract's channel names over a door: `api.<ns>.<method>(input, { signal })`
 * gives the call an id, and an abort of `signal` cancels it in main (the call then resolves Cancelled at once).
 * `api.on(name, handler)` returns the unsubscribe function.
 */
export function buildBridge(options: BridgeOptions, door: Door): Bridge {
  const bridge: Record<string, unknown> = {};
  for (const name of options.channels) {
    const [namespace, method] = name.split('.') as [string, string];
    const functions = (bridge[namespace] ??= {}) as Record<string, unknown>;
    functions[method] = (input?: unknown, callOptions?: { signal?: AbortSignal }) => call(door, name, input, callOptions?.signal, options.cancelledMessage);
  }
  bridge.on = (event: string, handler: (payload: unknown) => void) => door.subscribe(event, handler);
  return bridge as Bridge;
}

async function call(
  door: Door,
  channel: string,
  input: unknown,
  signal: AbortSignal | undefined,
  cancelledMessage: () => string,
): Promise<Result<unknown>> {
  if (signal?.aborted) return cancelledResult(cancelledMessage());
  const callId = nextCallId();
  const answer = door.invoke(channel, input, callId);
  if (!signal) return answer;
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<Result<unknown>>((resolve) => {
    onAbort = () => {
      door.cancel(callId);
      resolve(cancelledResult(cancelledMessage()));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([answer, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
