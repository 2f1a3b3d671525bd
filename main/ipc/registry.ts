import { z } from 'zod';
import { contract, isChannelName, type ChannelName, type OutputOf, type ParsedInputOf } from '../../preload/contract';
import type { AppError, Result } from '../../preload/contract/app-error';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { fieldErrorsFromZod } from '../shared/zod-errors';
import { log } from '../shared/log';
import { scrubValue } from '../shared/secret-scrub';

/** Who is calling, as told by the transport (Electron IPC or the web host). */
export type Sender =
  | { transport: 'electron'; frameUrl: string; isTopFrame: boolean }
  | { transport: 'web'; origin: string; authenticated: boolean }
  | { transport: 'test' };

export interface CallContext {
  sender: Sender;
}

export type Handler<C extends ChannelName> = (
  input: ParsedInputOf<C>,
  context: CallContext,
) => Promise<OutputOf<C>> | OutputOf<C>;

export type Handlers = { [C in ChannelName]: Handler<C> };

export interface Registry {
  /** Runs one call. Never throws: every failure comes back as `{ ok: false, error }`. */
  call(channel: string, input: unknown, sender: Sender): Promise<Result<unknown>>;
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
    return new AppFailure('Validation', 'Some values are not valid. Check the highlighted fields.', {
      fieldErrors: fieldErrorsFromZod(error),
    }).appError;
  }
  const name = error instanceof Error ? error.name : typeof error;
  log.error('ipc', `unexpected failure in ${channel}: ${name}: ${error instanceof Error ? error.message : String(error)}`);
  return new AppFailure('Internal', 'Something went wrong inside Watchdesk. Try again; if it keeps happening, send the details to support.', {
    details: `${channel}: ${name}`,
    retryable: false,
  }).appError;
}

/**
 * The handler registry: contract channel -> service call. It refuses unknown channels and untrusted senders,
 * parses the input with the contract's schema, and turns every failure into an AppError value.
 */
export function createRegistry(handlers: Handlers, options: RegistryOptions): Registry {
  return {
    async call(channel, input, sender) {
      if (!isChannelName(channel)) {
        return failure(new AppFailure('UnknownChannel', 'This action is not part of Watchdesk.', { details: `channel "${channel}"` }).appError);
      }
      if (!options.isTrustedSender(sender)) {
        log.warn('ipc', `refused ${channel} from an untrusted sender (${sender.transport})`);
        return failure(new AppFailure('UntrustedSender', 'This call did not come from the Watchdesk window and was refused.').appError);
      }
      const parsed = contract[channel].input.safeParse(input);
      if (!parsed.success) {
        return failure(toAppError(parsed.error, channel));
      }
      try {
        const handler = handlers[channel] as (input: unknown, context: CallContext) => unknown;
        const value = await handler(parsed.data, { sender });
        // Values keep `?token=` (a playback URL carries its stream token by design) but never an API token.
        return { ok: true, value: scrubValue(value, { queryTokens: false }) };
      } catch (error) {
        return failure(toAppError(error, channel));
      }
    },
  };
}
