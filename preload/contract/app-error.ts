import { z } from 'zod';
import { certificateInfoSchema } from './wire/certificate';
import { saidSchema } from './said';

/**
 * Every failure a person can meet, as a serialisable value. Crosses the door (IPC or the web host) as data,
 * never as a thrown Error with a stack.
 *
 * The error is a union discriminated by `kind`: each kind says what `data` it carries, so a caller that checked
 * `error.kind === 'TlsPinMismatch'` reads `error.data.expected` without a cast.
 */

/**
 * Ways out that the renderer offers as a button next to the sentence. Main names the intent; the renderer maps it
 * to a route (renderer/lib/error-actions.ts), so main never knows the renderer's addresses.
 */
export const appErrorActions = ['open-connect'] as const;
export const appErrorActionSchema = z.enum(appErrorActions);
export type AppErrorAction = z.infer<typeof appErrorActionSchema>;

/** What every error carries, whatever its kind. */
const base = {
  /** One or two sentences for a person: what happened and what to do. */
  message: z.string(),
  /** How `message` was said, when main took it from the catalog: the page says it in the language it shows now. */
  said: saidSchema.optional(),
  /** Field path (dot-separated) -> reasons, shown next to the field. */
  fieldErrors: z.record(z.string(), z.array(z.string())),
  /** How main said a field's first reason, when it took it from the catalog: said again in the language shown now. */
  fieldSaid: z.record(z.string(), saidSchema).optional(),
  /** True when trying the same call again later may succeed. */
  retryable: z.boolean(),
  /** Technical detail for support (status code, JSON-RPC code, failing path). Never a secret, never a stack. */
  details: z.string().optional(),
  /** The way out the renderer offers as a button (e.g. open Connect to replace the token). */
  action: appErrorActionSchema.optional(),
};

/** How a connection failed before any answer came: the sentence differs, and a TLS handshake is not retried. */
export const offlineReasons = ['name-not-found', 'refused', 'unreachable', 'tls-handshake', 'dropped'] as const;
/** Which wait ran out: connecting, the answer's head, a pause in its body, or the whole call's deadline. */
export const timeoutPhases = ['connect', 'headers', 'body', 'deadline'] as const;
/** Why the server (or Watchdesk) has no valid token to send: none stored, or the server refused the one sent. */
export const unauthorizedReasons = ['no-token', 'refused'] as const;

/** Why the data folder cannot be written. */
export const storageReasons = ['read-only', 'full', 'denied', 'other'] as const;
export type StorageReason = (typeof storageReasons)[number];

/** Kinds with no data of their own. */
const plainKinds = [
  'Validation',
  'Forbidden',
  'NotFound',
  'Conflict',
  'Unavailable',
  'ServerError',
  'HtmlResponse',
  'Cancelled',
  'UnknownChannel',
  'UntrustedSender',
  'Internal',
] as const;

const plain = <K extends (typeof plainKinds)[number]>(kind: K) => z.object({ kind: z.literal(kind), ...base });

export const appErrorSchema = z.discriminatedUnion('kind', [
  plain('Validation'),
  plain('Forbidden'),
  plain('NotFound'),
  plain('Conflict'),
  plain('Unavailable'),
  plain('ServerError'),
  plain('HtmlResponse'),
  plain('Cancelled'),
  plain('UnknownChannel'),
  plain('UntrustedSender'),
  plain('Internal'),
  z.object({ kind: z.literal('Unauthorized'), ...base, data: z.object({ reason: z.enum(unauthorizedReasons) }).optional() }),
  /** A JSON-RPC refusal: the server's own code and message (the message may be quoted in sentences). */
  z.object({ kind: z.literal('RpcError'), ...base, data: z.object({ rpcCode: z.int(), rpcMessage: z.string() }) }),
  /** `retryAfter` as the server sent it (seconds or an HTTP date). */
  z.object({ kind: z.literal('RateLimited'), ...base, data: z.object({ retryAfter: z.string().optional() }).optional() }),
  z.object({ kind: z.literal('Offline'), ...base, data: z.object({ reason: z.enum(offlineReasons) }).optional() }),
  /** `tries` and `waitedMs` when the call was tried more than once (a read, retried). */
  z.object({
    kind: z.literal('Timeout'),
    ...base,
    data: z.object({ phase: z.enum(timeoutPhases), tries: z.int().optional(), waitedMs: z.number().optional() }).optional(),
  }),
  /** The certificate to review, when the handshake got far enough to see one. */
  z.object({ kind: z.literal('TlsUntrusted'), ...base, data: z.object({ certificate: certificateInfoSchema.optional() }).optional() }),
  /** The certificate presented and, when a pin was set, the fingerprint that was expected instead. */
  z.object({
    kind: z.literal('TlsPinMismatch'),
    ...base,
    data: z.object({ certificate: certificateInfoSchema, expected: z.string().optional() }),
  }),
  /** The answer's failing paths when it did not have the documented shape. */
  z.object({ kind: z.literal('BadResponse'), ...base, data: z.object({ paths: z.array(z.string()) }).optional() }),
  /** Whether the console can still work keeping secrets for this session only. */
  z.object({ kind: z.literal('KeychainUnavailable'), ...base, data: z.object({ sessionOnlyAvailable: z.boolean() }) }),
  /** The data folder cannot be written (read-only, full, no permission): the folder and why. */
  z.object({ kind: z.literal('StorageUnavailable'), ...base, data: z.object({ path: z.string(), reason: z.enum(storageReasons) }) }),
]);

export type AppError = z.infer<typeof appErrorSchema>;
export type AppErrorKind = AppError['kind'];
/** The error of one kind (or of each kind in a union of kinds). */
export type AppErrorOf<K extends AppErrorKind> = Extract<AppError, { kind: K }>;
/** The `data` a kind carries; `never` for kinds without data. */
export type AppErrorData<K extends AppErrorKind> = AppErrorOf<K> extends { data?: infer D } ? D : never;

/** Every kind, as a list (for pickers and tests); test/unit/ipc/app-error.test.ts checks it against the union. */
export const appErrorKinds = [
  ...plainKinds,
  'Unauthorized',
  'RpcError',
  'RateLimited',
  'Offline',
  'Timeout',
  'TlsUntrusted',
  'TlsPinMismatch',
  'BadResponse',
  'KeychainUnavailable',
  'StorageUnavailable',
] as const satisfies readonly AppErrorKind[];
export const appErrorKindSchema = z.enum(appErrorKinds);

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };
