import { dirname } from 'node:path';
import { z } from 'zod';
import { contract, isChannelName, type ChannelName, type OutputOf, type ParsedInputOf } from '../../preload/contract';
import type { AppError, Result } from '../../preload/contract/app-error';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { fieldErrorsFromZod, fieldSaidFromZod } from '../shared/zod-errors';
import { log } from '../shared/log';
import { said } from '../shared/i18n';
import { scrubValue } from '../shared/secret-scrub';
import { storageFailure } from '../shared/storage-errors';

/** Who is calling, as told by the transport (Electron IPC or the web host). */
export type Sender =
  | { transport: 'electron'; frameUrl: string; isTopFrame: boolean }
  | { transport: 'web'; origin: string; authenticated: boolean }
  | { transport: 'test' };

export interface CallContext {
  sender: Sender;
  /**
   * Aborted when the caller cancels the call (or its transport goes away). Pass it to every platform call
   * (`client.<op>(..., { signal })`) and to anything else that waits; the caller has its Cancelled answer already.
   */
  signal: AbortSignal;
}

/** How a transport hands over one call: its id (for cancel by id) and/or a signal it aborts itself. */
export interface CallOptions {
  /** Unique among this transport's calls in flight; `cancel(callId)` aborts the call. */
  callId?: string;
  /** Aborted by the transport when the caller went away (e.g. the web client closed its request). */
  signal?: AbortSignal;
}

export type Handler<C extends ChannelName> = (
  input: ParsedInputOf<C>,
  context: CallContext,
) => Promise<OutputOf<C>> | OutputOf<C>;

export type Handlers = { [C in ChannelName]: Handler<C> };

export interface Registry {
  /**
   * Runs one call. Never throws: every failure comes back as `{ ok: false, error }`. A cancelled call answers
   * Cancelled at once; its handler sees `context.signal` aborted and its late result is dropped.
   */
  call(channel: string, input: unknown, sender: Sender, options?: CallOptions): Promise<Result<unknown>>;
  /** Cancels the call in flight with this id; false when there is none (it ended already). */
  cancel(callId: string): boolean;
  /** Calls in flight now (for tests and shutdown). */
  readonly inFlight: number;
}

export interface RegistryOptions {
  /** The transport's rule for who may call at all (the app's own top-level frame, an authenticated web client). */
  isTrustedSender: (sender: Sender) => boolean;
}

/**
 * Every failure leaves main through here, scrubbed of the API tokens and of any `?token=` value: a server that
 * echoes the caller's token into its error body reaches messages, field errors, details and RPC data alike.
 */
function failure(error: AppError): Result<never> {
  return { ok: false, error: scrubValue(error) };
}

/** Maps anything thrown by a service to an AppError a person can read; stacks never leave main. */
export function toAppError(error: unknown, channel: string): AppError {
  if (isAppFailure(error)) return error.appError;
  if (error instanceof z.ZodError) {
    return new AppFailure('Validation', said('errors.ipc.invalidValues'), {
      fieldErrors: fieldErrorsFromZod(error),
      fieldSaid: fieldSaidFromZod(error),
    }).appError;
  }
  // A file write that failed on a read-only or full disk: say which folder and why, not "something went wrong".
  const path = typeof error === 'object' && error !== null ? (error as { path?: unknown }).path : undefined;
  const storage = typeof path === 'string' ? storageFailure(error, dirname(path)) : null;
  if (storage) return storage.appError;
  const name = error instanceof Error ? error.name : typeof error;
  log.error('ipc', `unexpected failure in ${channel}: ${name}: ${error instanceof Error ? error.message : String(error)}`);
  return new AppFailure('Internal', said('errors.ipc.internal'), {
    details: `${channel}: ${name}`,
    retryable: false,
  }).appError;
}

/**
 * The handler registry: contract channel -> service call. It refuses unknown channels and untrusted senders,
 * parses the input with the contract's schema, and turns every failure into an AppError value.
 */
export function createRegistry(handlers: Handlers, options: RegistryOptions): Registry {
  const running = new Map<string, AbortController>();
  return {
    get inFlight() {
      return running.size;
    },

    cancel(callId) {
      const controller = running.get(callId);
      if (!controller) return false;
      controller.abort();
      return true;
    },

    async call(channel, input, sender, callOptions = {}) {
      if (!isChannelName(channel)) {
        return failure(new AppFailure('UnknownChannel', said('errors.ipc.unknownChannel'), { details: `channel "${channel}"` }).appError);
      }
      if (!options.isTrustedSender(sender)) {
        log.warn('ipc', `refused ${channel} from an untrusted sender (${sender.transport})`);
        return failure(new AppFailure('UntrustedSender', said('errors.ipc.untrustedSender')).appError);
      }
      const parsed = contract[channel].input.safeParse(input);
      if (!parsed.success) {
        return failure(toAppError(parsed.error, channel));
      }
      const { callId, signal: transportSignal } = callOptions;
      const controller = new AbortController();
      const cancelled = new Promise<Result<never>>((resolve) => {
        const answer = () => resolve(failure(new AppFailure('Cancelled', said('bridge.cancelled'), { details: `${channel} cancelled by the caller`, retryable: false }).appError));
        controller.signal.addEventListener('abort', answer, { once: true });
      });
      const forward = () => controller.abort();
      if (transportSignal?.aborted) controller.abort();
      else transportSignal?.addEventListener('abort', forward, { once: true });
      // A transport scopes ids to its caller; a repeated id (a misbehaving page) only makes that call not cancellable.
      const byId = callId !== undefined && !running.has(callId) ? callId : undefined;
      if (byId !== undefined) running.set(byId, controller);
      try {
        if (controller.signal.aborted) return await cancelled;
        const handler = handlers[channel] as (input: unknown, context: CallContext) => unknown;
        const work = (async (): Promise<Result<unknown>> => {
          try {
            const value = await handler(parsed.data, { sender, signal: controller.signal });
            // Values keep `?token=` (a playback URL carries its stream token by design) but never an API token.
            return { ok: true, value: scrubValue(value, { queryTokens: false }) };
          } catch (error) {
            // A handler failing because its call was cancelled is the cancel itself, answered already: not a fault.
            if (controller.signal.aborted) return cancelled;
            return failure(toAppError(error, channel));
          }
        })();
        return await Promise.race([work, cancelled]);
      } finally {
        if (byId !== undefined) running.delete(byId);
        transportSignal?.removeEventListener('abort', forward);
      }
    },
  };
}
