import type { AppError, AppErrorAction, AppErrorData, AppErrorKind, AppErrorOf } from '../../preload/contract/app-error';
import type { Said } from '../../preload/contract/said';
import { say } from './i18n';

/** Kinds where trying again later can help; the UI offers "Retry" only for these. */
const retryableKinds = new Set<AppErrorKind>(['Offline', 'Timeout', 'Unavailable', 'RateLimited', 'ServerError']);

interface CommonOptions {
  fieldErrors?: Record<string, string[]>;
  /** How a field's first reason was said (see AppError.fieldSaid). */
  fieldSaid?: Record<string, Said>;
  retryable?: boolean;
  details?: string;
  action?: AppErrorAction;
}

/**
 * The options a kind takes: its own `data` type, required when the kind always carries data (RpcError,
 * TlsPinMismatch, KeychainUnavailable), optional when it may, absent when it has none.
 */
export type FailureOptions<K extends AppErrorKind> = K extends AppErrorKind
  ? CommonOptions &
      ('data' extends keyof AppErrorOf<K>
        ? object extends Pick<AppErrorOf<K>, 'data'>
          ? { data?: AppErrorData<K> }
          : { data: AppErrorData<K> }
        : { data?: never })
  : never;

/** The options argument may be left out only when nothing in it is required. */
type OptionsArgument<K extends AppErrorKind> = object extends FailureOptions<K> ? [options?: FailureOptions<K>] : [options: FailureOptions<K>];

/** A new sentence (and fields or way out) for an error whose kind and data stay as they were. */
export interface Rephrasing {
  message: string | Said;
  fieldErrors?: Record<string, string[]>;
  details?: string;
  action?: AppErrorAction;
}

/**
 * The one error class thrown inside main. It carries an AppError so that whatever reaches the registry can be
 * sent across the door as a value. Construct it through `AppFailure` below, whose signatures tie `data` to `kind`.
 */
class AppFailureClass extends Error {
  readonly appError: AppError;

  constructor(first: AppErrorKind | AppError, second: string | Said | Rephrasing, options: CommonOptions & { data?: unknown } = {}) {
    const told = typeof second === 'string' || 'key' in second ? second : second.message;
    const message = typeof told === 'string' ? told : say(told);
    super(message);
    // A sentence from the catalog is kept as how it was said too; a rephrasing in plain words keeps the old one only
    // while its words are the same (a changed sentence said again from the old key would undo the change).
    const saidNow = typeof told === 'string' ? (typeof first === 'object' && first.message === message ? first.said : undefined) : told;
    if (typeof first === 'object') {
      const changes = typeof second === 'string' || 'key' in second ? { message } : second;
      // Field reasons replaced by the rephrasing no longer match how the old ones were said.
      const { said: _old, fieldSaid: oldFieldSaid, ...kept } = first;
      this.appError = {
        ...kept,
        message,
        ...(saidNow ? { said: saidNow } : {}),
        fieldErrors: changes.fieldErrors ?? first.fieldErrors,
        ...(changes.fieldErrors === undefined && oldFieldSaid !== undefined ? { fieldSaid: oldFieldSaid } : {}),
        ...(changes.details !== undefined ? { details: changes.details } : {}),
        ...(changes.action !== undefined ? { action: changes.action } : {}),
      };
    } else {
      // The public signatures below tie `data` to `kind`; this object is built from exactly those arguments.
      this.appError = {
        kind: first,
        message,
        ...(saidNow ? { said: saidNow } : {}),
        fieldErrors: options.fieldErrors ?? {},
        ...(options.fieldSaid !== undefined ? { fieldSaid: options.fieldSaid } : {}),
        retryable: options.retryable ?? retryableKinds.has(first),
        ...(options.details !== undefined ? { details: options.details } : {}),
        ...(options.action !== undefined ? { action: options.action } : {}),
        ...(options.data !== undefined ? { data: options.data } : {}),
      } as AppError;
    }
    this.name = `AppFailure(${this.appError.kind})`;
  }

  get kind(): AppErrorKind {
    return this.appError.kind;
  }
}

export type AppFailure = AppFailureClass;

export const AppFailure: {
  /** A failure of `kind` with `data` typed for that kind. */
  new <K extends AppErrorKind>(kind: K, message: string | Said, ...options: OptionsArgument<K>): AppFailure;
  /** The same failure told differently: kind, data, details and retryability are kept. */
  new (error: AppError, rephrasing: Rephrasing): AppFailure;
  readonly prototype: AppFailure;
} = AppFailureClass;

export function isAppFailure(error: unknown): error is AppFailure {
  return error instanceof AppFailureClass;
}
