import { AppFailure } from '../shared/app-failure';
import type { Operation } from './answer-limits';
import type { CallContext } from './errors';

/**
 * A success answer's body as bytes, unread, for a worker thread to decode and parse (see RequestSpec.asBytes): the
 * buffer is handed over to that thread (transferred, not copied), so main keeps nothing of it.
 */
export interface BodyBytes {
  bytes: ArrayBuffer;
  length: number;
}

/** One answer, read in full (and within its operation's size limit). */
export class RawResponse {
  /** The token sent with the request: kept only to mask it if the server echoes it into an error body. */
  readonly #token: string | null;

  constructor(
    readonly status: number,
    readonly contentType: string | undefined,
    readonly headers: Record<string, string | string[] | undefined>,
    readonly text: string,
    readonly ctx: CallContext,
    readonly operation: Operation,
    token: string | null,
    /** The body, when it was kept as bytes: `text` is then only its first kilobyte. */
    readonly body?: BodyBytes,
  ) {
    this.#token = token;
  }

  /** Whether the request carried an API token ('if-stored' calls send none when none is stored). */
  get sentToken(): boolean {
    return this.#token !== null;
  }

  /** Masks the token in a failure built from this answer. */
  redact(failure: AppFailure): AppFailure {
    return scrubFailure(failure, this.#token);
  }
}

/** Belt and braces: a token must never end up in a message or detail, whatever a library put in its error text. */
export function scrubFailure(failure: AppFailure, token: string | null): AppFailure {
  if (!token) return failure;
  const { message, details } = failure.appError;
  if (!message.includes(token) && !details?.includes(token)) return failure;
  const clean = (text: string): string => text.split(token).join('[redacted]');
  return new AppFailure(failure.appError, { message: clean(message), ...(details !== undefined ? { details: clean(details) } : {}) });
}
