import type { z } from 'zod';
import type { AppFailure } from '../shared/app-failure';
import type { TlsTrust, TokenStyle } from '../../preload/contract/wire/platform';
import type { Operation } from './answer-limits';
import type { Said } from '../../preload/contract/said';

// What a caller of the transport (transport.ts) gives it: the profile's options, and one request's description.

export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface RetryPolicy {
  /** Extra attempts after the first, for GET only. Default 2. */
  maxRetries?: number;
  /** First backoff step; doubles each retry, with full jitter. Default 250 ms. */
  baseDelayMs?: number;
}

export interface TransportOptions {
  baseUrl: string;
  tokenStyle: TokenStyle;
  getToken: () => Promise<string | null>;
  tls?: TlsTrust;
  /** Connect, headers and body timeouts (each). A whole attempt is cut at twice this plus a second. Default 15 s. */
  timeoutMs?: number;
  retry?: RetryPolicy;
  /**
   * Told after each call whether the server could be reached with the token (null) or not (the failure: no
   * connection, a timeout, an untrusted certificate, a refused or missing token). Other answers (a 422, a 500)
   * count as reached. Not told for the connection test's own requests, whose report says it all.
   */
  onReachability?: (failure: AppFailure | null) => void;
}

/** How a call carries the API token. */
export type AuthMode =
  | 'header-or-query' // the profile's style; fails with Unauthorized when no token is stored
  | 'query' // always `?token=` (the user-bound token endpoint, as the spec shows it)
  | 'if-stored' // the profile's style when a token is stored, none otherwise (the connection test)
  | 'none';

export interface RequestSpec {
  method: HttpMethod;
  /** Which operation this is: its answer is read up to that operation's size limit (answer-limits.ts). */
  operation: Operation;
  /** Path below the base URL, with any fixed query string, e.g. `/api/streams/x/?format=json&stream=x`. */
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  /** The body already serialised as JSON (instead of `body`): a request sent again is not stringified again. */
  json?: string | undefined;
  auth: AuthMode;
  signal?: AbortSignal | undefined;
  /** The sentence for a 404 (or 403) of this request, instead of the generic one. */
  notFound?: Said;
  forbidden?: Said;
  rpcMethod?: string;
  /**
   * A success answer's body is kept as bytes (`RawResponse.body`), unread, for a worker thread to parse: decoding and
   * parsing 60 MB would hold main's event loop for a second. Other answers are read as text.
   */
  asBytes?: boolean;
  /**
   * Only the first kilobyte of a success answer is read, and the connection is closed on the rest (the connection
   * test looks at nothing more: a platform with 100,000 media servers answers its dashboard with 60 MB, which the test
   * held in memory only to let it go).
   */
  headOnly?: boolean;
}

/** Why a thread parsing an answer's bytes refused it (plain data: it crosses between threads). */
export type AnswerProblem =
  | { kind: 'tooDeep' }
  /** Not JSON; `head` is the body's start, for the sentence's details. */
  | { kind: 'notJson'; head: string }
  | { kind: 'shape'; issues: z.core.$ZodIssue[] };
