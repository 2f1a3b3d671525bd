import { z } from 'zod';

/**
 * Every failure a person can meet, as a serialisable value. Crosses the door (IPC or the web host) as data,
 * never as a thrown Error with a stack.
 */
export const appErrorKinds = [
  'Validation',
  'Unauthorized',
  'Forbidden',
  'NotFound',
  'Conflict',
  'RpcError',
  'RateLimited',
  'Unavailable',
  'ServerError',
  'HtmlResponse',
  'Offline',
  'Timeout',
  'TlsUntrusted',
  'TlsPinMismatch',
  'BadResponse',
  'Cancelled',
  'KeychainUnavailable',
  'UnknownChannel',
  'UntrustedSender',
  'Internal',
] as const;

export const appErrorKindSchema = z.enum(appErrorKinds);
export type AppErrorKind = z.infer<typeof appErrorKindSchema>;

export const appErrorSchema = z.object({
  kind: appErrorKindSchema,
  /** One or two sentences for a person: what happened and what to do. */
  message: z.string(),
  /** Field path (dot-separated) -> reasons, shown next to the field. */
  fieldErrors: z.record(z.string(), z.array(z.string())),
  /** True when trying the same call again later may succeed. */
  retryable: z.boolean(),
  /** Technical detail for support (status code, JSON-RPC code, failing path). Never a secret, never a stack. */
  details: z.string().optional(),
  /** Structured extras some errors carry (e.g. the certificate to review on TlsUntrusted). */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type AppError = z.infer<typeof appErrorSchema>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };
